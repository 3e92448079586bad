// Quick fixes: the mechanical fixes the lint rules attach to their findings (insert the omitted
// field, rename to the closest documented name, quote, unquote, prefix a data URL, ...), offered
// for the diagnostics in the requested range.

import type { CodeAction, Diagnostic, Range } from 'vscode-languageserver-types';
import { lintDocument, spanToRange } from './diagnostics';
import type { PayoutDocument } from './document';
import type { ServiceContext } from './service';
import { fixEdit } from './snippetEdit';

const before = (a: { line: number; character: number }, b: { line: number; character: number }) =>
  a.line < b.line || (a.line === b.line && a.character < b.character);
const overlaps = (a: Range, b: Range) => !before(a.end, b.start) && !before(b.end, a.start);

/** `snippets`: the client applies snippet edits (see snippetEdit.ts); an inserted value is then a placeholder. */
export function codeActions(ctx: ServiceContext, doc: PayoutDocument, range: Range, context: Diagnostic[], snippets = false): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of lintDocument(ctx, doc)) {
    if (!d.fixes?.length) continue;
    const dRange = spanToRange(doc, d.span);
    if (!overlaps(dRange, range)) continue;
    // Attach the client's own diagnostic object when it sent the same one (lets VS Code link them).
    const sent = context.find(
      (c) => c.code === d.code && c.range.start.line === dRange.start.line && c.range.start.character === dRange.start.character,
    );
    for (const fix of d.fixes) {
      out.push({
        title: fix.title,
        kind: 'quickfix',
        diagnostics: [sent ?? { range: dRange, message: d.message, code: d.code, source: 'payout-http' }],
        isPreferred: fix.preferred === true,
        edit: fixEdit(doc, fix.edits, snippets),
      });
    }
  }
  return out;
}
