// A body field the endpoint does not document: usually a typo of a real one, which then goes
// unsent (and, if it is signed, signed as `undefined`).

import type { BlockRule, RuleDiagnostic } from '../types';
import { closest, diag, walkFields } from '../util';

export const unknownField: BlockRule = {
  code: 'payout/unknown-field',
  description: 'A body field the endpoint does not document (with the closest documented name).',
  check({ endpoint, body }) {
    if (!endpoint?.body || !body.root || body.root.type !== 'object') return [];
    const out: RuleDiagnostic[] = [];
    for (const visit of walkFields(body.fields, endpoint.body)) {
      if (visit.spec) continue;
      const names = visit.siblings.map((s) => s.name);
      const suggestion = closest(visit.field.name, names);
      const where = visit.path.includes('.') ? `\`${visit.path.slice(0, visit.path.lastIndexOf('.'))}\`` : endpoint.path;
      const fix = suggestion ? `Did you mean "${suggestion}"? Rename it.` : `Remove it, or use one of: ${names.join(', ')}.`;
      out.push(
        diag(
          this.code,
          'warning',
          `Unknown field \`${visit.field.name}\` for ${where}: the service does not read it. ${fix}`,
          visit.field.keySpan,
          suggestion
            ? [
                {
                  title: `Rename to "${suggestion}"`,
                  edits: [{ span: visit.field.keySpan, newText: JSON.stringify(suggestion) }],
                  preferred: true,
                },
              ]
            : undefined,
        ),
      );
    }
    return out;
  },
};
