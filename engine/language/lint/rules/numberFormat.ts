// A signed number written so that it signs differently from how it reads: the service prints the
// parsed number (`${value}`), so `100000.00` is signed as `100000` and `1e3` as `1000`. The body
// is sent as written, so the request verifies, but the text in the file is not the signed text.
import { jsString } from '../../../signing/canonical';
import type { BlockRule, RuleDiagnostic } from '../types';
import { diag } from '../util';

export const numberFormat: BlockRule = {
  code: 'payout/number-signs-differently',
  description: 'A signed number written so that it is signed as other text (`100000.00` is signed as `100000`).',
  check({ endpoint, body }) {
    const template = endpoint?.signedString;
    if (!template) return [];
    const out: RuleDiagnostic[] = [];
    for (const seg of template.segments) {
      const field = body.byName.get(seg.field);
      if (field?.kind !== 'number' || field.rawText === undefined || !field.valueSpan) continue;
      const signed = jsString(field.value);
      if (signed === field.rawText) continue;
      if (typeof field.value === 'number' && !Number.isFinite(field.value)) {
        // `Infinity` is not JSON: the fix is a string or a number JSON can hold, not the printed value.
        out.push(
          diag(
            this.code,
            'warning',
            `\`${seg.field}\` is written ${field.rawText}, beyond what a number can hold: it is parsed as Infinity and signed as \`${signed}\`. Write a finite number (e.g. 1e308 at most), or a string ("${field.rawText}") if the value is meant as text.`,
            field.valueSpan,
          ),
        );
        continue;
      }
      out.push(
        diag(
          this.code,
          'warning',
          `\`${seg.field}\` is written ${field.rawText} but is signed as \`${signed}\` (the service prints the parsed number). Write ${signed} so the file reads as it is signed.`,
          field.valueSpan,
          [{ title: `Write ${signed}`, edits: [{ span: field.valueSpan, newText: signed }], preferred: true }],
        ),
      );
    }
    return out;
  },
};
