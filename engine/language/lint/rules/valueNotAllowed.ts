// A literal outside the values the document lists for the field (network, service, type, gender,
// outcome, bank-verify fiatCurrency, plant status, ...). The error the service answers comes from
// the field's own code in the catalogue (e.g. 53 for bank-verify fiatCurrency), else 5. Where the
// list or the answer is the project's assumption (the catalogue's `assumption`: recipientType's
// values, network's 6), a warning that says so: the document does not promise the rejection.

import type { Endpoint } from '../../../catalogue/types';
import type { BlockRule, RuleDiagnostic } from '../types';
import { closest, diag, errorName, walkFields } from '../util';

export function rejectionOf(endpoint: Endpoint, errorCode: number | undefined): string {
  if (endpoint.api === 'payout-v2' || endpoint.api === 'payout-v3') return `the service answers ${errorName(errorCode ?? 5)}`;
  return 'the API description does not allow it';
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
      const assumed = spec.assumption ? ` Assumption (not in the document): ${spec.assumption}` : '';
      out.push(
        diag(
          this.code,
          spec.assumption ? 'warning' : 'error',
          `\`${path}\` must be one of ${spec.enum.join(', ')}; "${value}" is not: ${rejectionOf(endpoint, spec.errorCode)}.${note}${assumed}${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
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
