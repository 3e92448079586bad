// First run: the state folder does not exist when the server starts; the local sandbox's first use
// writes the `local` environment there (outside any workspace). The server notices by itself, asks
// the editor to refresh its lenses, tells the client's views, and the lens then shows the real
// partner code instead of `{{partnerCode}}`.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodeLensRequest, CodeLensResolveRequest, type CodeLens } from 'vscode-languageserver-protocol/node';
import { EnvironmentChangedNotification } from '../../engine/protocol';
import { ensureLocalCredentials } from '../../engine/sandbox/home';
import { startServer, type ServerSession } from './harness';
import { removeFolder } from '../helpers/folders';

describe('language server: the local environment written on first use', function () {
  this.timeout(60000);
  let server: ServerSession;
  let tmp: string;
  const uri = 'file:///tmp/payout-first-run/verify.payout.http';
  const text =
    '### Verify\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{ "partnerCode": "{{partnerCode}}" }\n';

  before(() => {
    tmp = mkdtempSync(join(tmpdir(), 'payout-first-run-'));
  });
  after(async () => {
    await server?.close();
    removeFolder(tmp);
  });

  it('reloads the environment, refreshes the lenses and notifies the client', async () => {
    const home = join(tmp, 'state', 'payout-http'); // not there yet, nor its parent
    server = await startServer(undefined, { ...process.env, PAYOUT_HTTP_HOME: home });
    await server.open(uri, text);
    // Lenses are listed unresolved and resolved on request (server/src/server.ts), as VS Code does.
    const lensTitles = async () => {
      const listed = (await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) as CodeLens[];
      const resolved = await Promise.all(
        listed.map((l) => (l.command ? Promise.resolve(l) : server.connection.sendRequest<CodeLens>(CodeLensResolveRequest.method, l))),
      );
      return resolved.map((l) => l.command?.title ?? '');
    };
    assert.ok((await lensTitles()).includes('Signs: {{partnerCode}}|<secretKey>'), 'before the first use the partner code is unknown');

    const refreshed = new Promise<void>((resolve) => server.connection.onRequest('workspace/codeLens/refresh', () => (resolve(), null)));
    const notified = new Promise<void>((resolve) =>
      server.connection.onNotification(EnvironmentChangedNotification.method, () => resolve()),
    );
    const credentials = await ensureLocalCredentials(home); // what the first Send does
    await Promise.all([refreshed, notified]);

    assert.ok(
      (await lensTitles()).includes(`Signs: ${credentials.partnerCode}|<secretKey>`),
      'the lens shows the partner code just written',
    );
  });
});
