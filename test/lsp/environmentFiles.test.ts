// A malformed environment file breaks every request that reads it, so the language server shows its
// problems on that file (the Problems view), as `payout-http lint` reports them, and clears them
// once the file is fixed. In an untrusted workspace the private file is not read at all. Real
// server process (dist/server.js).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidChangeWatchedFilesNotification, DocumentSymbolRequest, FileChangeType } from 'vscode-languageserver-protocol/node';
import { startServer, type ServerSession } from './harness';
import { removeFolder } from '../helpers/folders';

const REQUEST = '### a\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{"partnerCode": "{{partnerCode}}"}\n';

describe('language server: the environment files’ problems on those files (dist/server.js)', function () {
  this.timeout(30_000);
  let dir: string;
  let server: ServerSession | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'payout-envfiles-'));
    writeFileSync(join(dir, 'a.payout.http'), REQUEST);
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    removeFolder(dir);
  });

  const start = (init: object) => startServer(init, { ...process.env, PAYOUT_HTTP_HOME: join(dir, 'home') });
  const uriOf = (name: string) => pathToFileURL(join(dir, name)).href;

  it('shows a malformed http-client.env.json where the mistake is, and clears it once the file is fixed', async () => {
    writeFileSync(join(dir, 'http-client.env.json'), '{ "dev": { "base_url": "http://x", }\n');
    server = await start({ environment: 'dev' });
    const shown = server.diagnostics(uriOf('http-client.env.json'));
    await server.open(uriOf('a.payout.http'), REQUEST);
    const [d, ...more] = (await shown).diagnostics;
    assert.deepEqual(more, []);
    assert.equal(d.code, 'payout/environment-file');
    assert.equal(d.severity, 1, 'an environment file that cannot be read is an error');
    assert.deepEqual(d.range.start, { line: 0, character: 35 }, 'at the trailing comma');
    assert.match(d.message as string, /trailing comma: remove the comma/);

    writeFileSync(join(dir, 'http-client.env.json'), '{ "dev": { "base_url": "http://x" } }\n');
    const cleared = server.diagnostics(uriOf('http-client.env.json'));
    await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uriOf('http-client.env.json'), type: FileChangeType.Changed }],
    });
    assert.deepEqual((await cleared).diagnostics, []);
  });

  it('reads no private environment file in an untrusted workspace, not even to report it', async () => {
    writeFileSync(join(dir, 'http-client.env.json'), '{ "dev": { "base_url": "http://x", }\n');
    writeFileSync(join(dir, 'http-client.private.env.json'), '{ "dev": { "secretKey": "s3cr3t", }\n');
    server = await start({ environment: 'dev', restricted: true });
    let privateShown = false;
    void server.diagnostics(uriOf('http-client.private.env.json')).then(() => (privateShown = true));
    const shown = server.diagnostics(uriOf('http-client.env.json'));
    await server.open(uriOf('a.payout.http'), REQUEST);
    assert.ok((await shown).diagnostics.length > 0, 'the public file’s problem is shown');
    // both files' problems go out in one pass, ahead of the answer to any later request
    await server.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: uriOf('a.payout.http') } });
    assert.equal(privateShown, false, 'the private file was read in Restricted Mode');
  });
});
