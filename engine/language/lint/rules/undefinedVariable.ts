// `{{name}}` that no file variable and no variable of the active environment defines, and
// `{{req.response...}}` naming no `# @name` request of the file. Both would be sent as typed.
import type { FileRule, RuleDiagnostic } from '../types';
import { closest, diag } from '../util';

export const undefinedVariable: FileRule = {
  code: 'payout/undefined-variable',
  description: 'A `{{variable}}` no file variable or active environment defines, or a reference to an unknown named request.',
  check({ parsed, variableNames, requestNames }) {
    const out: RuleDiagnostic[] = [];
    const names = [...variableNames];
    for (const block of parsed.blocks) {
      for (const ref of block.references) {
        const span = { start: block.start + ref.span.start, end: block.start + ref.span.end };
        if (ref.kind === 'variable' && ref.name && !variableNames.has(ref.name)) {
          const near = closest(ref.name, names);
          out.push(
            diag(
              this.code,
              'warning',
              `Variable \`${ref.name}\` is not defined in this file or the active environment: it would be sent as the text {{${ref.name}}}. ${near ? `Did you mean \`${near}\`? ` : ''}Define it with \`@${ref.name} = value\` or in http-client.env.json.`,
              span,
              near ? [{ title: `Change to {{${near}}}`, edits: [{ span, newText: `{{${near}}}` }], preferred: true }] : undefined,
            ),
          );
        } else if (ref.kind === 'request' && !requestNames.has(ref.name)) {
          const near = closest(ref.name, [...requestNames]);
          out.push(
            diag(
              this.code,
              'warning',
              `No request named \`${ref.name}\` in this file: name the request it refers to with \`# @name ${ref.name}\`${near ? `, or did you mean \`${near}\`?` : '.'}`,
              span,
            ),
          );
        }
      }
    }
    return out;
  },
};
