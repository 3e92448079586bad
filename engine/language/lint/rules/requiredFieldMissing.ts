// A required field that is absent. Signed fields are left to signed-field-omitted (their omission
// is not rejected as missing; it changes the signed string), and fields the catalogue marks
// `filledByClient` (`signature`, `clientAssertion`) are computed by the client at send time.
// Nested members (create-cashout `extendInfo`) are checked too.

import type { FieldSpec } from '../../../catalogue/types';
import type { BodyField } from '../../body';
import type { BlockRule, RuleDiagnostic } from '../types';
import { bodyAnchor, diag, errorName, insertFieldEdit, suggestedValue } from '../util';

/** What the service answers for a missing field: 5 on the signed API (doc 1 §4.3), the same by assumption on v3. */
function rejection(apiIsPayout: boolean, spec: FieldSpec): string {
  if (!apiIsPayout) return 'the request does not match the API description';
  // An object whose absence the document ties to a code (create-cashout extendInfo: 18).
  const code = spec.type === 'object' && spec.errorCode ? spec.errorCode : 5;
  return `the service answers ${errorName(code)}`;
}

export const requiredFieldMissing: BlockRule = {
  code: 'payout/required-field-missing',
  description: 'A required field is absent (the service answers 5 INVALID_REQUEST_DATA).',
  check({ block, endpoint, body }) {
    if (!endpoint?.body || !body.root || body.root.type !== 'object') return [];
    const signed = new Set(endpoint.signedString?.segments.map((s) => s.field) ?? []);
    const payout = endpoint.api === 'payout-v2' || endpoint.api === 'payout-v3';
    const out: RuleDiagnostic[] = [];
    for (const spec of endpoint.body) {
      if (spec.required !== true || spec.filledByClient || signed.has(spec.name)) continue;
      if (!body.byName.has(spec.name)) {
        const edit = insertFieldEdit(block, body, spec.name, suggestedValue(spec));
        out.push(
          diag(
            this.code,
            'error',
            `Required field \`${spec.name}\` is missing: ${rejection(payout, spec)}. Add "${spec.name}" to the body.`,
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
    return out;
  },
};

function missingMembers(code: string, spec: FieldSpec, field: BodyField, payout: boolean): RuleDiagnostic[] {
  const present = new Set(field.members?.map((m) => m.name));
  return (spec.members ?? [])
    .filter((m) => m.required === true && !present.has(m.name))
    .map((m) =>
      diag(
        code,
        'error',
        `\`${spec.name}\` is missing its required member \`${m.name}\`: ${payout ? `the service answers ${errorName(5)}` : 'the request does not match the API description'}. Add "${m.name}" inside \`${spec.name}\`.`,
        field.keySpan,
      ),
    );
}
