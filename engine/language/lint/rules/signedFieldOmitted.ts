// Doc 1 §4.0 rule 5 / §5.5: an omitted signed field still takes its place in the signed string, as
// the text `undefined` (or `0` where the endpoint says so). The document's consequence, when it
// gives one (create-cashout: the order fails with 46), comes from the catalogue's template.
// A signed field the service also requires is reported by required-field-missing instead (an
// error, with this consequence in the same message).

import { bodyFieldSpec } from '../../../catalogue';
import type { BlockRule, RuleDiagnostic } from '../types';
import { bodyAnchor, diag, insertFieldEdit, suggestedValue } from '../util';

export const signedFieldOmitted: BlockRule = {
  code: 'payout/signed-field-omitted',
  description: 'A field of the signed string is missing from the body, so it is signed as `undefined` (or `0`).',
  check({ block, endpoint, body }) {
    const template = endpoint?.signedString;
    if (!endpoint || !template || !body.root || body.root.type !== 'object') return [];
    const out: RuleDiagnostic[] = [];
    for (const seg of template.segments) {
      if (body.byName.has(seg.field)) continue;
      const spec = bodyFieldSpec(endpoint, seg.field);
      // A required field, or one whose omission the catalogue says fails (18, 46), is required-field-missing's.
      if (!((seg.notRejectedAsMissing && !spec?.refusals?.missing) || spec?.required !== true || spec.filledByClient)) continue;
      const consequence = seg.omissionNote ? ` ${seg.omissionNote}` : '';
      const edit = spec ? insertFieldEdit(block, body, seg.field, suggestedValue(spec)) : undefined;
      out.push(
        diag(
          this.code,
          'warning',
          `\`${seg.field}\` is signed but omitted: it will be signed as the text \`${seg.omittedAs}\`.${consequence} Add "${seg.field}" to the body.`,
          bodyAnchor(block, body),
          edit ? [{ title: `Add "${seg.field}"`, edits: [edit], preferred: true }] : undefined,
        ),
      );
    }
    return out;
  },
};
