// A required string sent as "" (one without a format or enum, which judge "" themselves): the
// catalogue's `empty` decision (engine/catalogue/decisions.ts), which the local sandbox applies
// too. The document does not address "", so the message says the answer is assumed. A skeleton or
// an Add fix leaves "" where a value goes: this is what then asks for it.
import type { BlockRule, RuleDiagnostic } from '../types';
import { diag, walkFields } from '../util';
import { rejection } from './requiredFieldMissing';

export const requiredFieldEmpty: BlockRule = {
  code: 'payout/required-field-empty',
  description: 'A required field sent as "" (the service answers 5, assumed).',
  check({ endpoint, body }) {
    if (!endpoint?.body) return [];
    const payout = endpoint.api === 'payout-v2' || endpoint.api === 'payout-v3';
    const out: RuleDiagnostic[] = [];
    for (const { field, spec, path } of walkFields(body.fields, endpoint.body)) {
      if (spec?.required !== true || spec.type !== 'string' || spec.format || spec.enum || spec.filledByClient) continue;
      if (field.kind !== 'string' || field.value !== '' || !field.valueSpan) continue;
      out.push(
        diag(
          this.code,
          'error',
          `Required field \`${path}\` is empty: ${rejection(payout, spec, 'empty')}. Give it its value.`,
          field.valueSpan,
        ),
      );
    }
    return out;
  },
};
