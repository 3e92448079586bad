// `{{name}}` that no file variable and no variable of the active environment defines, and
// `{{req.response...}}` naming no `# @name` request of the file. Both would be sent as typed.
import type { ParsedFile, RequestBlock, TemplateRef } from '../../../syntax/types';
import type { FileRule, QuickFix, RuleDiagnostic } from '../types';
import { closest, diag } from '../util';

// Big files repeat the same few names ({{base_url}}, {{partnerCode}}) in every request: with the
// name lists interned, a keystroke checks each distinct list once instead of every reference.
const interned = new Map<string, readonly string[]>();
function intern(names: string[]): readonly string[] {
  const key = names.join('\u0000');
  let list = interned.get(key);
  if (!list) {
    list = Object.freeze(names);
    if (interned.size < 10000) interned.set(key, list);
  }
  return list;
}

/**
 * Defines the variable for the whole file: `@name = ` above the first request (file variables are
 * read wherever they are), the value left for the user to type.
 */
function defineInFile(parsed: ParsedFile, name: string): QuickFix {
  const first = parsed.requests[0];
  const at = first ? first.start : 0;
  return { title: `Define ${name} in this file (@${name} = …)`, edits: [{ span: { start: at, end: at }, newText: `@${name} = \n\n` }] };
}

const nameOf = (r: TemplateRef) => (r.kind === 'request' ? `${r.name}.response` : r.name);

/** The references this rule checks: variables and request references. */
const refsOf = (block: RequestBlock) => block.references.filter((r) => (r.kind === 'variable' && r.name) || r.kind === 'request');

/**
 * A block's contribution is the distinct names it uses, interned: blocks using the same names share
 * one array, and nothing is kept per block but that shared list (its references are read again
 * from the block for the rare block whose names are not all defined; keeping them was an object
 * and an array per block, issue 28).
 */
export const undefinedVariable: FileRule<readonly string[]> = {
  code: 'payout/undefined-variable',
  description: 'A `{{variable}}` no file variable or active environment defines, or a reference to an unknown named request.',
  collect({ block }) {
    const refs = refsOf(block);
    return refs.length ? intern([...new Set(refs.map(nameOf))].sort()) : undefined;
  },
  emptyWhileItemsEqual: true,
  check({ parsed, variableNames, requestNames }, items) {
    const out: RuleDiagnostic[] = [];
    const allDefined = new Map<readonly string[], boolean>();
    const defined = (name: string) =>
      name.endsWith('.response') ? requestNames.has(name.slice(0, -'.response'.length)) : variableNames.has(name);
    for (const { block, data } of items) {
      let ok = allDefined.get(data);
      if (ok === undefined) allDefined.set(data, (ok = data.every(defined)));
      if (ok) continue;
      for (const ref of refsOf(block)) {
        if (ref.kind === 'variable' ? variableNames.has(ref.name) : requestNames.has(ref.name)) continue;
        const span = { start: block.start + ref.span.start, end: block.start + ref.span.end };
        if (ref.kind === 'variable') {
          const near = closest(ref.name, [...variableNames]);
          out.push(
            diag(
              this.code,
              'warning',
              `Variable \`${ref.name}\` is not defined in this file or the active environment: it would be sent as the text {{${ref.name}}}. ${near ? `Did you mean \`${near}\`? ` : ''}Define it with \`@${ref.name} = value\` or in http-client.env.json.`,
              span,
              [
                ...(near ? [{ title: `Change to {{${near}}}`, edits: [{ span, newText: `{{${near}}}` }], preferred: true }] : []),
                defineInFile(parsed, ref.name),
              ],
            ),
          );
        } else {
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
