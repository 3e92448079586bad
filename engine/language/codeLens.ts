// Above every request: "Send request" (the client's payoutHttp.sendRequest command, with the
// document URI and the 0-based line of the request line), and above a signed request its canonical
// string exactly as it will be signed. The preview lens has no command: it is there to be read.
//
// Lenses are listed cheaply and resolved lazily (codeLens/resolve): the list only places them (a
// line per request, and whether its endpoint is signed); the editor resolves the few on screen, so
// a 5,000-request file does not compute 5,000 canonical strings per keystroke.

import type { CodeLens } from 'vscode-languageserver-types';
import { CODE_LENS_PREVIEW, CODE_LENS_SEND, SEND_REQUEST_COMMAND, SEND_REQUEST_TITLE, type SendRequestArguments } from '../protocol';
import { lineInBlock, blockLineCount } from '../syntax/lineIndex';
import { blockAt } from '../syntax/parser';
import { blockContext } from './analysis';
import type { PayoutDocument } from './document';
import { previewOf } from './preview';
import type { ServiceContext } from './service';

/**
 * What an unresolved lens carries to its resolve: which lens (0 send, 1 preview); its line is its
 * range's. An array, not an object: 10,000 lenses go over the wire for a 5,000-request file. The
 * server may append to it (which document).
 */
export type CodeLensData = [kind: typeof SEND | typeof PREVIEW, ...rest: unknown[]];
const SEND = CODE_LENS_SEND;
const PREVIEW = CODE_LENS_PREVIEW;

/**
 * The lenses of the file, unresolved: ranges and data only (no preview is computed). One pass over
 * the blocks counting lines (each block's line count and its request line's place in it are cached
 * per block object, and unchanged blocks are the same objects in the next version), instead of a
 * search of the line index per request. `sendLensesOnClient`: one lens per request, the preview on
 * a signed one and the Send lens on the others (engine/protocol.ts SEND_LENSES_ON_CLIENT).
 */
export function codeLensPlaces(ctx: ServiceContext, doc: PayoutDocument, sendLensesOnClient = false): CodeLens[] {
  const extra = ctx.scope(doc).extra;
  const lenses: CodeLens[] = [];
  let first = 0; // the first line of the block
  for (const block of doc.parsed.blocks) {
    if (block.requestLine) {
      const line = first + lineInBlock(block, block.requestLine.span.start);
      const at = { line, character: 0 };
      const range = { start: at, end: at };
      const signed = blockContext(block, extra).endpoint?.signedString !== undefined;
      if (!signed || !sendLensesOnClient) lenses.push({ range, data: [SEND] satisfies CodeLensData });
      if (signed) lenses.push({ range, data: [PREVIEW] satisfies CodeLensData });
    }
    first += blockLineCount(block);
  }
  return lenses;
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
