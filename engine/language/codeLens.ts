// Above every request: "Send request" (the client's payoutHttp.sendRequest command, with the
// document URI and the 0-based line of the request line), and above a signed request its canonical
// string exactly as it will be signed. The preview lens has no command: it is there to be read.
//
// Lenses are listed cheaply and resolved lazily (codeLens/resolve): the list only places them (a
// line per request, and whether its endpoint is signed); the editor resolves the few on screen, so
// a 5,000-request file does not compute 5,000 canonical strings per keystroke.

import type { CodeLens } from 'vscode-languageserver-types';
import type { Endpoint } from '../catalogue/types';
import type { RequestBlock } from '../syntax/types';
import { CODE_LENS_PREVIEW, CODE_LENS_SEND, SEND_REQUEST_COMMAND, SEND_REQUEST_TITLE, type SendRequestArguments } from '../protocol';
import { lineInBlock, blockLineCount } from '../syntax/lineIndex';
import { blockAt } from '../syntax/parser';
import { blockEndpoint } from './analysis';
import type { PayoutDocument } from './document';
import { previewOf } from './preview';
import type { ServiceContext } from './service';

/**
 * What an unresolved lens carries to its resolve: which lens (0 send, 1 preview), then the caller's
 * tag (the server's number for the document); its line is its range's. An array, not an object:
 * thousands of lenses go over the wire for a large file. One array per list, shared by its lenses.
 */
export type CodeLensData = [kind: typeof SEND | typeof PREVIEW, ...rest: unknown[]];
const SEND = CODE_LENS_SEND;
const PREVIEW = CODE_LENS_PREVIEW;

export interface CodeLensPlacesOptions {
  /** One lens per request: the preview on a signed one, Send on the others (engine/protocol.ts SEND_LENSES_ON_CLIENT). */
  sendLensesOnClient?: boolean;
  /** Appended to every lens's data (the server's number for the document). */
  tag?: number;
}

/** A version's list, and for each block where its lenses start and its first line, for the next version to reuse. */
interface Placed {
  key: string;
  extra?: readonly Endpoint[];
  lenses: CodeLens[];
  /** Index in `lenses` of block k's first lens; one more entry: the list's length. */
  firstLens: number[];
  /** Block k's first line; one more entry: the line after the last block. */
  firstLine: number[];
}
const placedLists = new WeakMap<PayoutDocument, Placed>();

/**
 * The lenses of the file, unresolved: ranges and data only (no preview is computed). Kept per
 * version (the list is never changed afterwards), and the next version reuses the lens objects of
 * the blocks it did not replace when the edit left every line where it was (typing within a line):
 * only the edited request's lenses are made again. Otherwise one pass over the blocks, whose line
 * counts are cached per block object and whose endpoints are matchRequest's memo (per request line).
 */
export function codeLensPlaces(ctx: ServiceContext, doc: PayoutDocument, options: CodeLensPlacesOptions = {}): CodeLens[] {
  const extra = ctx.scope(doc).extra;
  const key = `${options.sendLensesOnClient === true}:${options.tag ?? ''}`;
  const hit = placedLists.get(doc);
  if (hit && hit.key === key && hit.extra === extra) return hit.lenses;
  const blocks = doc.parsed.blocks;
  const placed: Placed = {
    key,
    extra,
    lenses: [],
    firstLens: new Array<number>(blocks.length + 1),
    firstLine: new Array<number>(blocks.length + 1),
  };
  const send = (options.tag === undefined ? [SEND] : [SEND, options.tag]) satisfies CodeLensData;
  const preview = (options.tag === undefined ? [PREVIEW] : [PREVIEW, options.tag]) satisfies CodeLensData;
  /** Blocks [from, to) placed from `line` on; returns the line after them. */
  const place = (from: number, to: number, line: number): number => {
    for (let k = from; k < to; k++) {
      const block = blocks[k];
      placed.firstLens[k] = placed.lenses.length;
      placed.firstLine[k] = line;
      if (block.requestLine) {
        const at = { line: line + lineInBlock(block, block.requestLine.span.start), character: 0 };
        const range = { start: at, end: at };
        const signed = blockEndpoint(block, extra)?.signedString !== undefined;
        if (!signed || options.sendLensesOnClient !== true) placed.lenses.push({ range, data: send });
        if (signed) placed.lenses.push({ range, data: preview });
      }
      line += blockLineCount(block);
    }
    return line;
  };
  const change = doc.change;
  const before = change && placedLists.get(change.previous);
  const old = change?.previous.parsed.blocks;
  if (
    change &&
    old &&
    before &&
    before.key === key &&
    before.extra === extra &&
    sameLines(old, change.from, change.oldTo, blocks, change.newTo)
  ) {
    // the blocks before the edit: same lenses; the edited ones placed again; the rest: same lenses, same lines
    const { from, oldTo, newTo } = change;
    placed.lenses = before.lenses.slice(0, before.firstLens[from]);
    for (let k = 0; k < from; k++) {
      placed.firstLens[k] = before.firstLens[k];
      placed.firstLine[k] = before.firstLine[k];
    }
    place(from, newTo, before.firstLine[from]);
    const shift = placed.lenses.length - before.firstLens[oldTo];
    for (let k = oldTo; k <= old.length; k++) {
      placed.firstLens[k - oldTo + newTo] = before.firstLens[k] + shift;
      placed.firstLine[k - oldTo + newTo] = before.firstLine[k];
    }
    for (let i = before.firstLens[oldTo]; i < before.lenses.length; i++) placed.lenses.push(before.lenses[i]);
  } else {
    const end = place(0, blocks.length, 0);
    placed.firstLens[blocks.length] = placed.lenses.length;
    placed.firstLine[blocks.length] = end;
  }
  placedLists.set(doc, placed);
  return placed.lenses;
}

/** Whether old blocks [from, oldTo) span as many lines as new blocks [from, newTo): the lines after them did not move. */
function sameLines(old: readonly RequestBlock[], from: number, oldTo: number, blocks: readonly RequestBlock[], newTo: number): boolean {
  let lines = 0;
  for (let k = from; k < oldTo; k++) lines += blockLineCount(old[k]);
  for (let k = from; k < newTo; k++) lines -= blockLineCount(blocks[k]);
  return lines === 0;
}

/** A lens of codeLensPlaces with its command; the preview of the request now on that line. */
export function resolveCodeLens(ctx: ServiceContext, doc: PayoutDocument, lens: CodeLens): CodeLens {
  const data = Array.isArray(lens.data) ? (lens.data as CodeLensData) : undefined;
  const line = lens.range.start.line;
  if (data?.[0] === SEND) {
    const args: SendRequestArguments = [doc.uri, line];
    return { range: lens.range, command: { title: SEND_REQUEST_TITLE, command: SEND_REQUEST_COMMAND, arguments: args } };
  }
  const block = blockAt(doc.parsed, doc.lines.offsetAt({ line, character: 0 }));
  const preview = block.requestLine ? previewOf(block, ctx.scope(doc), ctx.scopeKey(doc)) : undefined;
  // The file changed under a lens the editor still shows: an empty title, until it asks again.
  return { range: lens.range, command: { title: preview ? `Signs: ${preview.display}` : '', command: '' } };
}

/** Every lens resolved (the CLI, tests). */
export function codeLenses(ctx: ServiceContext, doc: PayoutDocument): CodeLens[] {
  return codeLensPlaces(ctx, doc).map((lens) => resolveCodeLens(ctx, doc, lens));
}
