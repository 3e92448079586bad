// A literal outside the values the document lists for the field (network, service, type, gender,
// outcome, bank-verify fiatCurrency, plant status, ...). The error the service answers comes from
// the field's own code in the catalogue (e.g. 53 for bank-verify fiatCurrency), else 5. Where the
// list or the answer is the project's assumption (the catalogue's `assumption`: recipientType's
// values, network's 6), still an error, as the local sandbox refuses it, saying it is assumed (issue 24).

import { decisionFor, type Decision } from '../../../catalogue/decisions';
import type { Endpoint, FieldSpec } from '../../../catalogue/types';
import type { BodyModel } from '../../body';
import type { BlockRule, RuleDiagnostic } from '../types';
import { closest, diag, errorName, walkFields } from '../util';

/** What the service answers, from the catalogue's decision; "(assumed)" where the decision is the project's. */
export function rejectionOf(endpoint: Endpoint, decision: Decision | number | undefined): string {
  const d = typeof decision === 'object' ? decision : { code: decision ?? 5 };
  if (endpoint.api === 'payout-v2' || endpoint.api === 'payout-v3')
    return `the service answers ${errorName(d.code)}${'assumption' in d && d.assumption ? ' (assumed)' : ''}`;
  return 'the API description does not allow it';
}

/** The document says the field is ignored for this body (a passport's backIdImage): no check applies. */
export function ignoredByBody(spec: FieldSpec, body: BodyModel): boolean {
  const when = spec.ignoredWhen;
  if (!when) return false;
  const f = body.byName.get(when.field);
  return f?.kind === 'string' && !f.hasTemplates && f.value === when.equals;
}

export const valueNotAllowed: BlockRule = {
  code: 'payout/value-not-allowed',
  description: 'A value outside the allowed set the document lists for the field.',
  check({ endpoint, body }) {
    if (!endpoint?.body) return [];
    const out: RuleDiagnostic[] = [];
    for (const { field, spec, path } of walkFields(body.fields, endpoint.body)) {
      if (!spec?.enum || field.kind !== 'string' || field.hasTemplates || !field.valueSpan) continue;
      const value = String(field.value);
      if (spec.enum.includes(value)) continue;
      const exactCase = spec.enum.find((v) => v.toLowerCase() === value.toLowerCase());
      const suggestion = exactCase ?? closest(value, spec.enum);
      const note = spec.notes ? ` ${spec.notes}` : '';
      const decision = decisionFor(spec, 'enum');
      const assumed = decision.assumption ? ` Assumption (not in the document): ${decision.assumption}` : '';
      // The sandbox refuses it as the service is assumed to: an error either way (issue 24).
      out.push(
        diag(
          this.code,
          'error',
          `\`${path}\` must be one of ${spec.enum.join(', ')}; "${value}" is not: ${rejectionOf(endpoint, decision)}.${note}${assumed}${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
          field.valueSpan,
          spec.enum.map((v) => ({
            title: `Change to "${v}"`,
            edits: [{ span: field.valueSpan!, newText: JSON.stringify(v) }],
            preferred: v === suggestion,
          })),
        ),
      );
    }
    return out;
  },
};
