// One lens per request for the VS Code client (engine/protocol.ts SEND_LENSES_ON_CLIENT): the
// server with the option lists the preview of each signed request and a Send place on the others;
// with the client's own Send lenses added (client/src/sendLenses.ts) and the previews resolved, the
// editor shows exactly the lenses the server lists and resolves for a client without the option.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeLensRequest, CodeLensResolveRequest, type CodeLens } from 'vscode-languageserver-protocol/node';
import { withSendLenses } from '../../client/src/sendLenses';
import { SEND_LENSES_ON_CLIENT } from '../../engine/protocol';
import { FIXTURES } from '../language/fixture';
import { startServer, type ServerSession } from './harness';
import { removeFolder } from '../helpers/folders';

describe('language server: Send lenses made by the client', function () {
  this.timeout(60_000);
  const text = readFileSync(join(FIXTURES, 'features/orders.payout.http'), 'utf8');
  let home: string;
  let dir: string;
  let uri: string;
  const servers: ServerSession[] = [];

  before(async () => {
    home = mkdtempSync(join(tmpdir(), 'payout-home-'));
    dir = mkdtempSync(join(tmpdir(), 'payout-lenses-'));
    uri = pathToFileURL(join(dir, 'orders.payout.http')).href;
    for (const options of [{}, { [SEND_LENSES_ON_CLIENT]: true }]) {
      const server = await startServer(options, { ...process.env, PAYOUT_HTTP_HOME: home });
      servers.push(server);
      const linted = server.diagnostics(uri, 1);
      await server.open(uri, text, 1);
      await linted;
    }
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.close()));
    removeFolder(home);
    removeFolder(dir);
  });

  /** What the editor shows: [line, title, command, arguments] of each lens once resolved. */
  const shown = (lenses: CodeLens[]) => lenses.map((l) => [l.range.start.line, l.command?.title, l.command?.command, l.command?.arguments]);
  const resolve = (server: ServerSession, lenses: CodeLens[]) =>
    Promise.all(lenses.map((l) => (l.command ? Promise.resolve(l) : server.connection.sendRequest(CodeLensResolveRequest.type, l))));

  it('lists one lens per request, and the editor shows the same lenses as from a server listing both', async () => {
    const [both, one] = servers;
    const listedBoth = (await both.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? [];
    const listedOne = (await one.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? [];
    // the fixture: two signed requests and an unsigned one
    assert.equal(listedBoth.length, 5);
    assert.equal(listedOne.length, 3, 'one lens per request');
    const expected = shown(await resolve(both, listedBoth));
    const withSend = withSendLenses(uri, listedOne, (lens, command) => ({ range: lens.range, command }));
    assert.deepEqual(shown(await resolve(one, withSend)), expected);
    assert.match(String(expected[1][1]), /^Signs: /);
  });
});
