// A request being written by hand, over LSP with the real server process (dist/server.js), as the
// user trial of issue 27 typed it: a body opened with `{` and Enter and no `}` yet gets the
// endpoint's fields on Ctrl+Space; an indented `###` (an indented `}` above it) is named on its own
// line with a quick fix that outdents it.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeActionRequest, CompletionRequest, type CodeAction, type CompletionList } from 'vscode-languageserver-protocol/node';
import { removeFolder } from '../helpers/folders';
import { startServer, type ServerSession } from './harness';

const UNCLOSED = `### Quote a cashout
POST {{base_url}}/api/v2/orders/review-cashout
Content-Type: application/json

{
  "fiatCurrency": "VND",
  
`;

const INDENTED = `### Balance
POST {{base_url}}/api/v2/wallet/balance
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}",
  "currency": "USDT"
  }
  ### Verify
POST {{base_url}}/api/v2/account/verify
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}"
}
`;

describe('writing a body by hand over LSP (dist/server.js)', function () {
  let dir: string;
  let home: string;
  let server: ServerSession;
  const uriOf = (name: string) => pathToFileURL(join(dir, name)).href;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payout-writing-'));
    home = mkdtempSync(join(tmpdir(), 'payout-home-'));
    writeFileSync(
      join(dir, 'http-client.env.json'),
      JSON.stringify({ test: { base_url: 'http://127.0.0.1:9', partnerCode: 'PARTNER-A' } }),
    );
    server = await startServer({ environment: 'test' }, { ...process.env, PAYOUT_HTTP_HOME: home });
  });

  after(async () => {
    await server?.close();
    removeFolder(dir);
    removeFolder(home);
  });

  it('offers the endpoint fields in a body not closed yet (`{` and Enter, no `}`)', async () => {
    const uri = uriOf('unclosed.payout.http');
    const published = server.diagnostics(uri, 1);
    await server.open(uri, UNCLOSED, 1);
    await published;
    const list = (await server.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line: 6, character: 2 },
    })) as CompletionList;
    const labels = list.items.map((i) => i.label);
    assert.ok(labels.includes('fiatAmount') && labels.includes('partnerCode'), JSON.stringify(labels));
    assert.ok(!labels.includes('fiatCurrency'), 'a field already written is not offered again');
    const item = list.items.find((i) => i.label === 'fiatAmount')!;
    assert.ok(item.textEdit && 'range' in item.textEdit);
    assert.match(item.textEdit.newText, /^ {2}"fiatAmount": /);
  });

  it('names an indented ### on its own line, with a preferred fix that outdents it', async () => {
    const uri = uriOf('indented.payout.http');
    const published = server.diagnostics(uri, 1);
    await server.open(uri, INDENTED, 1);
    const { diagnostics } = await published;
    const d = diagnostics.find((x) => x.code === 'payout/indented-separator');
    assert.ok(d, JSON.stringify(diagnostics.map((x) => x.code)));
    assert.deepEqual(d.range, { start: { line: 8, character: 0 }, end: { line: 8, character: 12 } });
    const actions = (await server.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    })) as CodeAction[];
    const outdent = actions.find((a) => a.title === 'Outdent the ### line');
    assert.ok(outdent?.isPreferred, JSON.stringify(actions.map((a) => a.title)));
    assert.deepEqual(outdent.edit?.changes?.[uri], [
      { range: { start: { line: 8, character: 0 }, end: { line: 8, character: 2 } }, newText: '' },
    ]);
  });
});
