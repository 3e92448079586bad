// A required field that is absent: an error whether or not it is signed, because the service
// rejects the request (the sandbox answers 5 as the document says). For a signed field the
// diagnostic also says what its absence does to the signed string (signed as `undefined`), so
// signed-field-omitted leaves required fields to this rule: one diagnostic per missing field.
// Fields the catalogue marks `filledByClient` (`signature`, `clientAssertion`) are computed by the
// client at send time.
// Nested members (create-cashout `extendInfo`) are checked too.

import type { FieldSpec, SignedSegment } from '../../../catalogue/types';
import type { BodyField } from '../../body';
import type { BlockRule, RuleDiagnostic } from '../types';
import { signedSegmentOf } from '../../../catalogue';
import { decisionFor } from '../../../catalogue/decisions';
import { bodyAnchor, diag, errorName, insertFieldEdit, suggestedValue } from '../util';

/** What the service answers for a missing field: the catalogue's decision (5, or the field's own: 4, 18, 46). */
export function rejection(apiIsPayout: boolean, spec: FieldSpec, kind: 'missing' | 'empty' = 'missing'): string {
  if (!apiIsPayout) return 'the request does not match the API description';
  const d = decisionFor(spec, kind);
  return `the service answers ${errorName(d.code)}${d.assumption ? ` (assumed: ${d.assumption})` : ''}`;
}

export const requiredFieldMissing: BlockRule = {
  code: 'payout/required-field-missing',
  description: 'A required field is absent (the service answers 5 INVALID_REQUEST_DATA).',
  check({ block, endpoint, body }) {
    if (!endpoint?.body || !body.root || body.root.type !== 'object') return [];
    const payout = endpoint.api === 'payout-v2' || endpoint.api === 'payout-v3';
    const out: RuleDiagnostic[] = [];
    for (const spec of endpoint.body) {
      // A field "not rejected as missing" still fails later when the catalogue says how (18, 46).
      if (
        spec.required !== true ||
        spec.filledByClient ||
        (signedSegmentOf(endpoint, spec.name)?.notRejectedAsMissing && !spec.refusals?.missing)
      )
        continue;
      if (!body.byName.has(spec.name)) {
        const edit = insertFieldEdit(block, body, spec.name, suggestedValue(spec));
        out.push(
          diag(
            this.code,
            'error',
            `Required field \`${spec.name}\` is missing: ${rejection(payout, spec)}.${signedConsequence(signedSegmentOf(endpoint, spec.name))} Add "${spec.name}" to the body.`,
            bodyAnchor(block, body),
            edit ? [{ title: `Add "${spec.name}"`, edits: [edit], preferred: true }] : undefined,
          ),
        );
      }
    }
    // Required members of present objects (the cashout recipient).
    for (const spec of endpoint.body) {
      const field = body.byName.get(spec.name);
      if (!spec.members || field?.kind !== 'object') continue;
      out.push(...missingMembers(this.code, spec, field, payout));
    }
    // At least one of a set (the supplement's patchable fields), a null being no value.
    const oneOf = endpoint.requiresOneOf;
    if (oneOf && !oneOf.fields.some((n) => body.byName.has(n) && body.byName.get(n)!.kind !== 'null')) {
      out.push(
        diag(
          this.code,
          'error',
          `No field to patch: the service answers ${errorName(oneOf.code)}. Send at least one of ${oneOf.fields.join(', ')}.`,
          bodyAnchor(block, body),
        ),
      );
    }
    return out;
  },
};

/** For a signed field: what its absence does to the signed string (doc 1 §4.0 rule 5). */
export function signedConsequence(seg: SignedSegment | undefined): string {
  if (!seg) return '';
  return ` It is also signed: omitted, it is signed as the text \`${seg.omittedAs}\`.${seg.omissionNote ? ` ${seg.omissionNote}` : ''}`;
}

function missingMembers(code: string, spec: FieldSpec, field: BodyField, payout: boolean): RuleDiagnostic[] {
  const present = new Set(field.members?.map((m) => m.name));
  return (spec.members ?? [])
    .filter((m) => m.required === true && !present.has(m.name))
    .map((m) =>
      diag(
        code,
        'error',
        `\`${spec.name}\` is missing its required member \`${m.name}\`: ${rejection(payout, m)}. Add "${m.name}" inside \`${spec.name}\`.`,
        field.keySpan,
      ),
    );
}
