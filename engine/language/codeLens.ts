// Above every request: "Send request" (the client's payoutHttp.sendRequest command, with the
// document URI and the 0-based line of the request line), and above a signed request its canonical
// string exactly as it will be signed. The preview lens has no command: it is there to be read.

import type { CodeLens } from 'vscode-languageserver-types';
import { SEND_REQUEST_COMMAND, type SendRequestArguments } from '../protocol';
import type { PayoutDocument } from './document';
import { previewOf } from './preview';
import type { ServiceContext } from './service';

export function codeLenses(ctx: ServiceContext, doc: PayoutDocument): CodeLens[] {
  const scope = ctx.scope(doc);
  const key = ctx.scopeKey(doc);
  const lenses: CodeLens[] = [];
  for (const block of doc.parsed.requests) {
    const line = block.requestLine!;
    const pos = doc.lines.positionAt(block.start + line.span.start);
    const range = { start: { line: pos.line, character: 0 }, end: { line: pos.line, character: 0 } };
    const args: SendRequestArguments = [doc.uri, pos.line];
    lenses.push({ range, command: { title: '▶ Send request', command: SEND_REQUEST_COMMAND, arguments: args } });
    const preview = previewOf(block, scope, key);
    if (preview) lenses.push({ range, command: { title: `Signs: ${preview.display}`, command: '' } });
  }
  return lenses;
}
