// A number below the minimum the document gives (generate-philippines-qrcode amount ≥ 200).
import type { BlockRule, RuleDiagnostic } from '../types';
import { diag, walkFields } from '../util';
import { rejectionOf } from './valueNotAllowed';

export const belowMinimum: BlockRule = {
  code: 'payout/below-minimum',
  description: 'A number below the documented minimum.',
  check({ endpoint, body }) {
    if (!endpoint?.body) return [];
    const out: RuleDiagnostic[] = [];
    for (const { field, spec, path } of walkFields(body.fields, endpoint.body)) {
      if (spec?.minimum === undefined || field.kind !== 'number' || typeof field.value !== 'number' || !field.valueSpan) continue;
      if (field.value >= spec.minimum) continue;
      out.push(
        diag(
          this.code,
          'error',
          `\`${path}\` is ${field.rawText ?? field.value}, below the minimum of ${spec.minimum}: ${rejectionOf(endpoint, spec.errorCode)}. Use ${spec.minimum} or more.`,
          field.valueSpan,
          [{ title: `Change to ${spec.minimum}`, edits: [{ span: field.valueSpan, newText: String(spec.minimum) }], preferred: true }],
        ),
      );
    }
    return out;
  },
};
