// An explicit `null` in a signed field. It is not an omitted field: it is signed as the text `null`,
// not as `undefined`. How the service prints a null is not in the document; the catalogue's
// v2Conventions.explicitNull holds the project's assumption, which this warning states.
import { v2Conventions } from '../../../catalogue';
import type { BlockRule, RuleDiagnostic } from '../types';
import { diag } from '../util';

export const signedNull: BlockRule = {
  code: 'payout/signed-null',
  description: 'A signed field set to `null`: signed as the text `null` (an assumption), not as an omitted field is.',
  check({ endpoint, body }) {
    const template = endpoint?.signedString;
    if (!template) return [];
    const out: RuleDiagnostic[] = [];
    for (const seg of template.segments) {
      const field = body.byName.get(seg.field);
      if (field?.kind !== 'null' || !field.valueSpan) continue;
      const { signedAs, assumption } = v2Conventions.explicitNull;
      out.push(
        diag(
          this.code,
          'warning',
          `\`${seg.field}\` is null: it is signed as the text \`${signedAs}\`, not as \`${seg.omittedAs}\` like an omitted field. Assumption: ${assumption} Give it a value, or remove the field if you mean it omitted.`,
          field.valueSpan,
        ),
      );
    }
    return out;
  },
};
