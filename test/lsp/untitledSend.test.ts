// An untitled request buffer (any untitled `payout-http` document, and "Open as Request → New
// file" from the Traffic view) is sent with the environment of the editor's workspace folder, as
// REST Client does: it once answered "save the file first". Real server process (dist/server.js)
// and a real HTTP server that records what arrives.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SendRequest, type SendOutcome, type SendSettings } from '../../engine/protocol';
import { removeFolder } from '../helpers/folders';
import { SEND_SETTINGS, startServer, type ServerSession } from './harness';

// No sandbox to start: the request goes to a plain HTTP server the test runs.
const SETTINGS: SendSettings = { ...SEND_SETTINGS, timeoutMs: 10_000, sandboxAutoStart: false };

describe('an untitled buffer sent over LSP (dist/server.js)', function () {
  let dir: string;
  let home: string;
  let server: ServerSession;
  let http: Server;
  const seen: { url?: string; headers: IncomingHttpHeaders }[] = [];

  before(async () => {
    http = createServer((req, res) => {
      seen.push({ url: req.url, headers: req.headers });
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const port = (http.address() as AddressInfo).port;
    dir = mkdtempSync(join(tmpdir(), 'payout-untitled-'));
    home = mkdtempSync(join(tmpdir(), 'payout-home-'));
    writeFileSync(
      join(dir, 'http-client.env.json'),
      JSON.stringify({ staging: { base_url: `http://127.0.0.1:${port}`, partnerCode: 'PARTNER-FOLDER' } }),
    );
    server = await startServer(
      { environment: 'staging' },
      { ...process.env, PAYOUT_HTTP_HOME: home },
      {},
      {
        workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'workspace' }],
      },
    );
  });

  after(async () => {
    await server?.close();
    http?.close();
    removeFolder(dir);
    removeFolder(home);
  });

  it("sends with the workspace folder's environment", async () => {
    const uri = 'untitled:Untitled-1';
    await server.open(uri, '### From the Traffic view\nGET {{base_url}}/ping?from=untitled\nX-Partner: {{partnerCode}}\n');
    const outcome = await server.connection.sendRequest<SendOutcome>(SendRequest.method, { uri, line: 1, settings: SETTINGS });
    assert.deepEqual(
      outcome.results.map((r) => [r.error, r.status]),
      [[undefined, 200]],
    );
    assert.equal(outcome.environment, 'staging');
    assert.equal(seen.at(-1)?.url, '/ping?from=untitled');
    assert.equal(seen.at(-1)?.headers['x-partner'], 'PARTNER-FOLDER');
  });
});
