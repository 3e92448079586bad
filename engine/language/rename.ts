// F2 rename of a file variable (`@userEmail = …` and every `{{userEmail}}`) and of a named request
// (`# @name testUser`, or a one-word `###` title, and every `{{testUser.response…}}`), in the file:
// definitions, references in URLs, headers, bodies, assertions and variable values, and in
// directive values (`# @user {{userEmail}}`), which the parser does not list as references.
import type { Position, Range, WorkspaceEdit } from 'vscode-languageserver-types';
import { scanTemplates } from '../syntax/templates';
import type { RequestBlock, Span, TemplateRef } from '../syntax/types';
import { spanToRange } from './diagnostics';
import { sourceOf, type PayoutDocument } from './document';
import { targetAt } from './navigation';

type Target = NonNullable<ReturnType<typeof targetAt>>;

/** What a name may be renamed to (a request name is referenced as `{{name.response…}}`: no dots). */
const VALID: Record<Target['kind'], RegExp> = { variable: /^[A-Za-z_][\w.-]*$/, request: /^[A-Za-z_][\w-]*$/ };

/** A rename that cannot be done, with why and what to do instead. */
export class RenameError extends Error {}

/** The spans (absolute) of the name itself wherever `target` is defined or used in `doc`. */
function nameSpans(doc: PayoutDocument, target: Target): Span[] {
  const out: Span[] = [];
  const inRef = (block: RequestBlock, ref: TemplateRef) => {
    if (ref.kind !== target.kind || ref.name !== target.name) return;
    // `{{ name …}}`: the name starts after the braces and any blanks
    const text = sourceOf(doc).slice(block.start + ref.span.start, block.start + ref.span.end);
    const at = block.start + ref.span.start + /^\{\{\s*/.exec(text)![0].length;
    out.push({ start: at, end: at + target.name.length });
  };
  for (const block of doc.parsed.blocks) {
    const abs = (s: Span) => ({ start: block.start + s.start, end: block.start + s.end });
    if (target.kind === 'variable') for (const v of block.variables) if (v.name === target.name) out.push(abs(v.nameSpan));
    if (target.kind === 'request' && block.name === target.name) {
      const dir = block.directives.filter((d) => d.name === 'name').at(-1);
      const span = dir?.value === target.name ? dir.valueSpan : block.separator?.titleSpan;
      if (span) out.push(abs(span));
    }
    for (const ref of block.references) inRef(block, ref);
    for (const d of block.directives) {
      if (d.name === 'name' || !d.value.includes('{{')) continue;
      for (const ref of scanTemplates(block.text, d.valueSpan.start, d.valueSpan.end).refs) inRef(block, ref);
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The name under the cursor and its range, when it can be renamed in this file. */
export function prepareRename(doc: PayoutDocument, position: Position): { range: Range; placeholder: string } | undefined {
  const offset = doc.lines.offsetAt(position);
  const target = targetAt(doc, offset);
  if (!target) return undefined;
  const here = nameSpans(doc, target).find((s) => offset >= s.start && offset <= s.end);
  if (!here) return undefined;
  const defined = target.kind === 'variable' ? doc.parsed.variables.some((v) => v.name === target.name) : true;
  if (!defined) {
    throw new RenameError(
      `\`${target.name}\` is defined in the environment file, not in this file: rename it in http-client.env.json and here.`,
    );
  }
  return { range: spanToRange(doc, here), placeholder: target.name };
}

export function rename(doc: PayoutDocument, position: Position, newName: string): WorkspaceEdit | undefined {
  const prepared = prepareRename(doc, position);
  if (!prepared) return undefined;
  const target = targetAt(doc, doc.lines.offsetAt(position))!;
  if (!VALID[target.kind].test(newName)) {
    throw new RenameError(
      target.kind === 'request'
        ? `\`${newName}\` cannot be referenced as \`{{${newName}.response…}}\`: use one word of letters, digits, \`_\` or \`-\`.`
        : `\`${newName}\` is not a usable variable name: start with a letter or \`_\` and use letters, digits, \`_\`, \`-\` or \`.\`.`,
    );
  }
  const taken =
    target.kind === 'variable' ? doc.parsed.variables.some((v) => v.name === newName) : doc.parsed.requests.some((b) => b.name === newName);
  if (taken && newName !== target.name) {
    throw new RenameError(
      `This file already has a ${target.kind === 'variable' ? 'variable' : 'request'} named \`${newName}\`: pick another name.`,
    );
  }
  return { changes: { [doc.uri]: nameSpans(doc, target).map((s) => ({ range: spanToRange(doc, s), newText: newName })) } };
}
