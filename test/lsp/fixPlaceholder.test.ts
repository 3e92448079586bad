// A quick fix that adds a field leaves its value as a snippet placeholder (issue 27: "Add
// bankAccountNumber" inserted `""` and nothing asked for the number): to a client that takes snippet
// edits (LSP 3.18 `snippetEditSupport`, as vscode-languageclient 11 announces) the edit is a
// SnippetTextEdit with the value as tab stop 1; to one that does not, the plain edit as before.
// Real server process (dist/server.js).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeActionRequest, type CodeAction, type Diagnostic } from 'vscode-languageserver-protocol/node';
import { messageText } from '../helpers/messageText';
import { removeFolder } from '../helpers/folders';
import { startServer, type ServerSession } from './harness';

// create-sell-order without bankAccountNumber and fiatAmount (signed fields: payout/signed-field-omitted)
const FILE = `### Pay
POST {{base_url}}/api/v2/orders/create-sell-order
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}",
  "externalOrderId": "o-1",
  "currency": "USDT",
  "userEmail": "alice@example.com",
  "bankCode": "970436",
  "content": "Coffee",
  "extendInfo": null
}
`;

async function fixFor(server: ServerSession, uri: string, field: string): Promise<CodeAction> {
  const published = server.diagnostics(uri, 1);
  await server.open(uri, FILE, 1);
  const { diagnostics } = await published;
  const d = diagnostics.find((x: Diagnostic) => messageText(x.message).includes(`\`${field}\``));
  assert.ok(d, JSON.stringify(diagnostics.map((x) => x.message)));
  const actions = (await server.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: d.range,
    context: { diagnostics: [d] },
  })) as CodeAction[];
  const add = actions.find((a) => a.title === `Add "${field}"`);
  assert.ok(add, JSON.stringify(actions.map((a) => a.title)));
  return add;
}

describe('a quick fix value as a placeholder over LSP (dist/server.js)', function () {
  let dir: string;
  let home: string;
  const servers: ServerSession[] = [];
  const uriOf = (name: string) => pathToFileURL(join(dir, name)).href;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'payout-fix-'));
    home = mkdtempSync(join(tmpdir(), 'payout-home-'));
    writeFileSync(
      join(dir, 'http-client.env.json'),
      JSON.stringify({ test: { base_url: 'http://127.0.0.1:9', partnerCode: 'PARTNER-A' } }),
    );
  });

  after(async () => {
    for (const s of servers) await s.close();
    removeFolder(dir);
    removeFolder(home);
  });

  // (the line after the first without the insertion line's indentation: VS Code adds it to a snippet's lines)
  it('to a client taking snippet edits: the value is tab stop 1, inside the quotes of a string', async () => {
    const server = await startServer(
      { environment: 'test' },
      { ...process.env, PAYOUT_HTTP_HOME: home },
      {},
      { workspace: { workspaceEdit: { snippetEditSupport: true } } },
    );
    servers.push(server);
    const account = await fixFor(server, uriOf('snippets.payout.http'), 'bankAccountNumber');
    const change = account.edit?.documentChanges?.[0];
    assert.ok(change && 'edits' in change, JSON.stringify(account.edit));
    assert.deepEqual(change.textDocument, { uri: uriOf('snippets.payout.http'), version: 1 });
    assert.deepEqual(change.edits, [
      {
        range: { start: { line: 11, character: 20 }, end: { line: 11, character: 20 } },
        snippet: { kind: 'snippet', value: ',\n"bankAccountNumber": "$1"$0' },
      },
    ]);
    const amount = await fixFor(server, uriOf('snippets2.payout.http'), 'fiatAmount');
    const edits = (amount.edit?.documentChanges?.[0] as { edits: { snippet?: { value: string } }[] }).edits;
    assert.equal(edits[0].snippet?.value, ',\n"fiatAmount": ${1:0}$0');
  });

  it('to a client without snippet edits: the plain text edit', async () => {
    const server = await startServer({ environment: 'test' }, { ...process.env, PAYOUT_HTTP_HOME: home });
    servers.push(server);
    const uri = uriOf('plain.payout.http');
    const account = await fixFor(server, uri, 'bankAccountNumber');
    assert.deepEqual(account.edit?.changes?.[uri], [
      { range: { start: { line: 11, character: 20 }, end: { line: 11, character: 20 } }, newText: ',\n  "bankAccountNumber": ""' },
    ]);
  });
});
