// Document symbols (one per request, named by its `###` title or `# @name`) and folding (one range
// per request block).

import type { DocumentSymbol, FoldingRange } from 'vscode-languageserver-types';
import type { RequestBlock } from '../syntax/types';
import type { PayoutDocument } from './document';
import { spanToRange } from './diagnostics';

const SYMBOL_KIND_METHOD = 6;

/**
 * Where the block's last line holding text ends, relative to the block (blocks end with the blank
 * lines before the next `###`). Read in the file's text: a block makes its own text when asked
 * (engine/syntax/block.ts), and the outline asks this of every block of every version.
 */
function lastContentOffset(doc: PayoutDocument, block: RequestBlock): number {
  // The pieces of an open document when it has them: `text` would join them (20 MB per version).
  const text = doc.parsed.pieces ?? doc.parsed.text;
  let end = block.start + block.length;
  while (end > block.start && /\s/.test(text.slice(end - 1, end))) end--;
  return end - block.start;
}

export function documentSymbols(doc: PayoutDocument): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  // the blocks, not `requests`: that list is made when first read, and the outline is asked for on every edit
  for (const block of doc.parsed.blocks) {
    const line = block.requestLine;
    if (!line) continue;
    const title = block.separator?.title?.trim();
    const label = `${line.method} ${line.url}`;
    const name = title || block.name || label;
    const range = spanToRange(doc, { start: block.start, end: block.start + Math.max(lastContentOffset(doc, block), line.span.end) });
    const selectionRange = spanToRange(doc, { start: block.start + line.span.start, end: block.start + line.span.end });
    const symbol: DocumentSymbol = { name, kind: SYMBOL_KIND_METHOD, range, selectionRange };
    const detail = name === label ? block.name : label;
    if (detail) symbol.detail = detail;
    out.push(symbol);
  }
  return out;
}

export function foldingRanges(doc: PayoutDocument): FoldingRange[] {
  const out: FoldingRange[] = [];
  for (const block of doc.parsed.blocks) {
    const end = lastContentOffset(doc, block);
    if (end <= 0) continue;
    const startLine = doc.lines.positionAt(block.start).line;
    const endLine = doc.lines.positionAt(block.start + end).line;
    if (endLine > startLine) out.push({ startLine, endLine });
  }
  return out;
}
