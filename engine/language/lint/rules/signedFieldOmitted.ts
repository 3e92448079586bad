// Doc 1 §4.0 rule 5 / §5.5: an omitted signed field still takes its place in the signed string, as
// the text `undefined` (or `0` where the endpoint says so). The document's consequence, when it
// gives one (create-cashout: the order fails with 46), comes from the catalogue's template.
// A signed field the service also requires is reported by required-field-missing instead (an
// error, with this consequence in the same message).

import type { BlockRule } from '../types';
import { bodyAnchor, diag, insertFieldEdit, suggestedValue } from '../util';

export const signedFieldOmitted: BlockRule = {
  code: 'payout/signed-field-omitted',
  description: 'A field of the signed string is missing from the body, so it is signed as `undefined` (or `0`).',
  check({ block, endpoint, body }) {
    const template = endpoint?.signedString;
    if (!endpoint || !template || !body.root || body.root.type !== 'object') return [];
    return template.segments
      .map((seg) => ({ seg, spec: endpoint.body?.find((f) => f.name === seg.field) }))
      .filter(
        ({ seg, spec }) =>
          !body.byName.has(seg.field) &&
          // A required field, or one whose omission the catalogue says fails (18, 46), is required-field-missing's.
          ((seg.notRejectedAsMissing && !spec?.refusals?.missing) || spec?.required !== true || spec.filledByClient),
      )
      .map(({ seg, spec }) => {
        const consequence = seg.omissionNote ? ` ${seg.omissionNote}` : '';
        const edit = spec ? insertFieldEdit(block, body, seg.field, suggestedValue(spec)) : undefined;
        return diag(
          this.code,
          'warning',
          `\`${seg.field}\` is signed but omitted: it will be signed as the text \`${seg.omittedAs}\`.${consequence} Add "${seg.field}" to the body.`,
          bodyAnchor(block, body),
          edit ? [{ title: `Add "${seg.field}"`, edits: [edit], preferred: true }] : undefined,
        );
      });
  },
};
