// Document symbols (one per request, named by its `###` title or `# @name`) and folding (one range
// per request block).

import type { DocumentSymbol, FoldingRange } from 'vscode-languageserver-types';
import type { PayoutDocument } from './document';
import { spanToRange } from './diagnostics';

const SYMBOL_KIND_METHOD = 6;

/** The block's last line holding text (blocks end with the blank lines before the next `###`). */
function lastContentOffset(text: string): number {
  let end = text.length;
  while (end > 0 && /\s/.test(text[end - 1])) end--;
  return end;
}

export function documentSymbols(doc: PayoutDocument): DocumentSymbol[] {
  return doc.parsed.requests.map((block) => {
    const line = block.requestLine!;
    const title = block.separator?.title?.trim();
    const label = `${line.method} ${line.url}`;
    const name = title || block.name || label;
    const range = spanToRange(doc, { start: block.start, end: block.start + Math.max(lastContentOffset(block.text), line.span.end) });
    const selectionRange = spanToRange(doc, { start: block.start + line.span.start, end: block.start + line.span.end });
    const symbol: DocumentSymbol = { name, kind: SYMBOL_KIND_METHOD, range, selectionRange };
    const detail = name === label ? block.name : label;
    if (detail) symbol.detail = detail;
    return symbol;
  });
}

export function foldingRanges(doc: PayoutDocument): FoldingRange[] {
  const out: FoldingRange[] = [];
  for (const block of doc.parsed.blocks) {
    const end = lastContentOffset(block.text);
    if (end <= 0) continue;
    const startLine = doc.lines.positionAt(block.start).line;
    const endLine = doc.lines.positionAt(block.start + end).line;
    if (endLine > startLine) out.push({ startLine, endLine });
  }
  return out;
}
