// The language server answers its first diagnostics from dist/cli.js alone and loads the rest on
// first use (scripts/build.mjs: dist/lazy.js, dist/yaml.js). Run as a real process from a folder
// holding only cli.js and server.js: diagnostics and completion come back; the first request that
// needs the sandbox fails, naming the missing file and the fix, and the server keeps answering.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CompletionRequest, type CompletionList } from 'vscode-languageserver-protocol/node';
import { SandboxStatusRequest } from '../../engine/protocol';
import { removeFolder } from '../helpers/folders';
import { messageText } from '../helpers/messageText';
import { startServer, type ServerSession } from './harness';

const DIST = resolve(__dirname, '../../dist');
const FILE = [
  '### Pay the merchant',
  'POST {{base_url}}/api/v2/orders/create-sell-order',
  'Content-Type: application/json',
  '',
  '{',
  '  "partnerCode": "P",',
  '  "currencyy": "USDT"',
  '}',
  '',
].join('\n');

describe('language server bundle: what loads at start (dist/cli.js) and on first use (dist/lazy.js)', function () {
  let dir: string;
  let server: ServerSession;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payout-lazy-'));
    for (const f of ['cli.js', 'server.js']) copyFileSync(join(DIST, f), join(dir, f));
    server = await startServer({}, { ...process.env, PAYOUT_HTTP_HOME: dir }, {}, {}, join(dir, 'server.js'));
  });

  after(async () => {
    await server?.close();
    removeFolder(dir);
  });

  it('publishes the first diagnostics and completes without lazy.js or yaml.js', async () => {
    const uri = pathToFileURL(join(dir, 'pay.payout.http')).href;
    const published = server.diagnostics(uri, 1);
    await server.open(uri, FILE, 1);
    const { diagnostics } = await published;
    assert.ok(
      diagnostics.some((d) => /currencyy/.test(messageText(d.message))),
      `a finding on the misspelt field, got ${JSON.stringify(diagnostics.map((d) => messageText(d.message)))}`,
    );
    const list = (await server.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line: 6, character: 2 },
    })) as CompletionList;
    assert.ok(list.items.some((i) => i.label === 'fiatAmount'));
  });

  it('loads the sandbox on its first request: without lazy.js that request names the file and the fix', async () => {
    await assert.rejects(server.connection.sendRequest(SandboxStatusRequest.method, {}), (e: Error) => {
      assert.match(
        e.message,
        /cannot load .*lazy\.js, the part of the bundle loaded on first use: reinstall the extension or the CLI, or run npm run build/,
      );
      return true;
    });
    assert.equal(server.child.exitCode, null, 'the server is still running');
  });

  it('dist/cli.js holds none of the sandbox, code generators, proxy, send path, undici, jose or yaml (esbuild metafile)', () => {
    const meta = JSON.parse(readFileSync(join(DIST, 'cli.meta.json'), 'utf8')) as { inputs: Record<string, unknown> };
    const modules = Object.keys(meta.inputs);
    assert.ok(modules.includes('engine/syntax/parser.ts') && modules.includes('engine/catalogue/index.ts'));
    const deferred = modules.filter(
      (m) =>
        /^node_modules\/(undici|jose|yaml)\//.test(m) ||
        /^engine\/(codegen|proxy|history)\//.test(m) ||
        /^engine\/sandbox\/(?!home\.ts$|files\.ts$)/.test(m) ||
        /^engine\/http\/(session|transport|undiciRequest)\.ts$/.test(m) ||
        /^server\/src\/host\/(send|code|proxy|prepare)\.ts$/.test(m) ||
        /^cli\/commands\/(?!languageServer\.ts$)/.test(m),
    );
    assert.deepEqual(deferred, []);
  });
});
