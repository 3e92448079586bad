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
  const first = parsed.blocks.find((b) => b.requestLine !== undefined);
  const at = first ? first.start : 0;
  return { title: `Define ${name} in this file (@${name} = …)`, edits: [{ span: { start: at, end: at }, newText: `@${name} = \n\n` }] };
}

const nameOf = (r: TemplateRef) => (r.kind === 'request' ? `${r.name}.response` : r.name);

/** Whether the rule checks a reference: variables and request references. */
const checked = (r: TemplateRef) => (r.kind === 'variable' && !!r.name) || r.kind === 'request';

/** The references this rule checks. */
const refsOf = (block: RequestBlock) => block.references.filter(checked);

/**
 * The distinct names of the block's checked references, sorted, or undefined for none. Kept sorted
 * as it is made (an insertion into a list of a few names): this runs for every block of a file on
 * open, where a Set, its spread and Array.prototype.sort were 7 MB of the open's garbage.
 */
function namesOf(block: RequestBlock): string[] | undefined {
  let names: string[] | undefined;
  for (const r of block.references) {
    if (!checked(r)) continue;
    const name = nameOf(r);
    if (!names) names = [name];
    else if (!names.includes(name)) {
      let i = names.length;
      for (; i > 0 && names[i - 1] > name; i--) names[i] = names[i - 1];
      names[i] = name;
    }
  }
  return names;
}

/** Whether `name` of a block's list (a variable, or `req.response` for a request) is in scope. */
function defined(name: string, variableNames: ReadonlySet<string>, requestNames: ReadonlySet<string>): boolean {
  return name.endsWith('.response') ? requestNames.has(name.slice(0, -'.response'.length)) : variableNames.has(name);
}

/** A reference the names in scope do not define: what its finding says, its span relative to the block. */
interface Unresolved {
  kind: TemplateRef['kind'];
  name: string;
  start: number;
  end: number;
  /** The closest defined name, if any is close. */
  near?: string;
}

/**
 * The undefined references of blocks that have any, with the names in scope they were found with.
 * A block's references are its detail, parsed again from its text when read after eviction
 * (engine/syntax/block.ts): read once while the names stay the same, not on every keystroke (a
 * file using an undefined name in 3,000 requests parsed 3,000 blocks per keystroke).
 */
const unresolved = new WeakMap<
  RequestBlock,
  { variableNames: ReadonlySet<string>; requestNames: ReadonlySet<string>; refs: Unresolved[] }
>();

function unresolvedIn(block: RequestBlock, variableNames: ReadonlySet<string>, requestNames: ReadonlySet<string>): Unresolved[] {
  const hit = unresolved.get(block);
  if (hit && hit.variableNames === variableNames && hit.requestNames === requestNames) return hit.refs;
  const refs: Unresolved[] = [];
  for (const ref of refsOf(block)) {
    const names = ref.kind === 'variable' ? variableNames : requestNames;
    if (names.has(ref.name)) continue;
    const near = closest(ref.name, [...names]);
    refs.push({ kind: ref.kind, name: ref.name, start: ref.span.start, end: ref.span.end, ...(near ? { near } : {}) });
  }
  unresolved.set(block, { variableNames, requestNames, refs });
  return refs;
}

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
    const names = namesOf(block);
    return names && intern(names);
  },
  prepare({ block }, data, { variableNames, requestNames }) {
    if (!data.every((name) => defined(name, variableNames, requestNames))) unresolvedIn(block, variableNames, requestNames);
  },
  emptyWhileItemsEqual: true,
  check({ parsed, variableNames, requestNames }, items) {
    const out: RuleDiagnostic[] = [];
    const allDefined = new Map<readonly string[], boolean>();
    for (const { block, data } of items) {
      let ok = allDefined.get(data);
      if (ok === undefined) allDefined.set(data, (ok = data.every((name) => defined(name, variableNames, requestNames))));
      if (ok) continue;
      for (const ref of unresolvedIn(block, variableNames, requestNames)) {
        const span = { start: block.start + ref.start, end: block.start + ref.end };
        const near = ref.near;
        if (ref.kind === 'variable') {
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
