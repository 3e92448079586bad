// Above every request: "Send request" (the client's payoutHttp.sendRequest command, with the
// document URI and the 0-based line of the request line), and above a signed request its canonical
// string exactly as it will be signed. The preview lens has no command: it is there to be read.
//
// Lenses are listed cheaply and resolved lazily (codeLens/resolve): the list only places them (a
// line per request, and whether its endpoint is signed); the editor resolves the few on screen, so
// a 5,000-request file does not compute 5,000 canonical strings per keystroke.

import type { CodeLens } from 'vscode-languageserver-types';
import { SEND_REQUEST_COMMAND, type SendRequestArguments } from '../protocol';
import { blockAt } from '../syntax/parser';
import { blockContext } from './analysis';
import type { PayoutDocument } from './document';
import { previewOf } from './preview';
import type { ServiceContext } from './service';

/** What an unresolved lens carries to its resolve: the document, which lens, at which 0-based line. */
export interface CodeLensData {
  uri: string;
  kind: 'send' | 'preview';
  line: number;
}

/** The lenses of the file, unresolved: ranges and data only (no preview is computed). */
export function codeLensPlaces(ctx: ServiceContext, doc: PayoutDocument): CodeLens[] {
  const extra = ctx.scope(doc).extra;
  const lenses: CodeLens[] = [];
  for (const block of doc.parsed.requests) {
    const { line } = doc.lines.positionAt(block.start + block.requestLine!.span.start);
    const range = { start: { line, character: 0 }, end: { line, character: 0 } };
    lenses.push({ range, data: { uri: doc.uri, kind: 'send', line } satisfies CodeLensData });
    if (blockContext(block, extra).endpoint?.signedString) lenses.push({ range, data: { uri: doc.uri, kind: 'preview', line } satisfies CodeLensData });
  }
  return lenses;
}

/** A lens of codeLensPlaces with its command; the preview of the request now on that line. */
export function resolveCodeLens(ctx: ServiceContext, doc: PayoutDocument, lens: CodeLens): CodeLens {
  const data = lens.data as Partial<CodeLensData> | undefined;
  const line = typeof data?.line === 'number' ? data.line : lens.range.start.line;
  if (data?.kind === 'send') {
    const args: SendRequestArguments = [doc.uri, line];
    return { range: lens.range, command: { title: '▶ Send request', command: SEND_REQUEST_COMMAND, arguments: args } };
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
