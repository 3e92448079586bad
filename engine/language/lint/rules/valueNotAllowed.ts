// A literal outside the values the document lists for the field (network, service, type, gender,
// outcome, bank-verify fiatCurrency, plant status, ...). The error the service answers comes from
// the field's own code in the catalogue (e.g. 53 for bank-verify fiatCurrency), else 5.

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
      out.push(
        diag(
          this.code,
          'error',
          `\`${path}\` must be one of ${spec.enum.join(', ')}; "${value}" is not: ${rejectionOf(endpoint, spec.errorCode)}.${note}${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
          field.valueSpan,
          spec.enum.map((v) => ({ title: `Change to "${v}"`, edits: [{ span: field.valueSpan!, newText: JSON.stringify(v) }], preferred: v === suggestion })),
        ),
      );
    }
    return out;
  },
};
