// "Copy Request as Code…" goes through the language server: `payoutHttp/codeExport` on the real
// server process (dist/server.js) returns the program for the request at a line, secret-free, and
// the program, run as a process, signs, sends and verifies against the sandbox the server started.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeExportRequest } from '../../engine/protocol';
import { stopLocalSandbox } from '../../engine/sandbox/ensure';
import { ensureLocalCredentials } from '../../engine/sandbox/home';
import { run } from '../codegen/toolchains';
import { SEND_SETTINGS, startServer, type ServerSession } from './harness';
import { removeFolder } from '../helpers/folders';

describe('payoutHttp/codeExport over LSP (dist/server.js)', function () {
  this.timeout(60_000);
  let dir: string;
  let home: string;
  let server: ServerSession;
  let creds: Awaited<ReturnType<typeof ensureLocalCredentials>>;
  const uri = () => pathToFileURL(join(dir, 'quote.payout.http')).href;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payout-code-lsp-'));
    home = join(dir, 'home');
    creds = await ensureLocalCredentials(home);
    const text =
      '### Quote\n# @name quote\nPOST {{base_url}}/api/v2/orders/review-sell-order\nContent-Type: application/json\n\n' +
      '{\n  "partnerCode": "{{partnerCode}}",\n  "currency": "USDT",\n  "fiatAmount": 100000.00\n}\n\n' +
      '### Plants\nGET {{plant_base_url}}/plant/findByStatus?status=available\n';
    writeFileSync(join(dir, 'quote.payout.http'), text);
    server = await startServer({ environment: 'local' }, { ...process.env, PAYOUT_HTTP_HOME: home });
    await server.open(uri(), text);
  });

  after(async () => {
    await server?.close();
    await stopLocalSandbox({ home }).catch(() => false);
    removeFolder(dir);
  });

  it('returns the program for the request at the line; run, it exits 0 with the reply verified', async () => {
    const r = await server.connection.sendRequest<{ label: string; endpointId: string; fileName: string; program: string }>(
      CodeExportRequest.method,
      {
        uri: uri(),
        line: 3,
        settings: SEND_SETTINGS,
        language: 'node',
      },
    );
    assert.equal(r.endpointId, 'v2.orders.review-sell-order');
    assert.equal(r.fileName, 'orders-review-sell-order.mjs');
    assert.ok(!r.program.includes(creds.secretKey), 'no secret in the program');
    const file = join(dir, r.fileName);
    writeFileSync(file, r.program);
    const url = (JSON.parse(readFileSync(join(home, 'sandbox.json'), 'utf8')) as { url: string }).url;
    const p = await run(process.execPath, [file], {
      env: {
        PAYOUT_BASE_URL: url,
        PAYOUT_PARTNER_CODE: creds.partnerCode,
        PAYOUT_SECRET_KEY: creds.secretKey,
        PAYOUT_PRIVATE_KEY_FILE: creds.partnerPrivateKeyFile,
        PAYOUT_SERVICE_PUBLIC_KEY_FILE: creds.servicePublicKeyFile,
      },
    });
    assert.equal(p.code, 0, p.stderr);
    // 100000.00 in the file is signed as JavaScript writes it
    assert.equal(p.stderr.split('\n')[0], `${creds.partnerCode}|USDT|100000|<secretKey>`);
  });

  it('an unsigned request is refused with a message naming what is supported; the server stays up', async () => {
    await assert.rejects(
      server.connection.sendRequest(CodeExportRequest.method, { uri: uri(), line: 12, settings: SEND_SETTINGS, language: 'python' }),
      /code is generated for the signed \/api\/v2 endpoints and the bearer-token \/v3 endpoints/,
    );
    const again = await server.connection.sendRequest<{ program: string }>(CodeExportRequest.method, {
      uri: uri(),
      line: 3,
      settings: SEND_SETTINGS,
      language: 'go',
    });
    assert.match(again.program, /^\/\/ Quote/);
  });
});
