// `payout-http import` as a separate process: a request exported with `payout-http curl` (and the
// same request as a raw HTTP capture) imported back signs to the same canonical string and
// signature with `payout-http sign`. Plus the conversion's own rules on captured requests.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliPath } from '../helpers/sandboxProcess';
import { parseCurl, parseRawHttp, toPayoutRequest } from '../../engine/proxy';
import { REPO, runCli, type CliRun } from './run';

/** The CLI with `input` on stdin. */
function runWithInput(args: string[], input: string, home: string, cwd: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath(), ...args], {
      cwd,
      env: { ...process.env, PAYOUT_HTTP_HOME: home },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const ORDER = `### An order whose content needs shell quoting
# @name order
POST {{base_url}}/api/v2/orders/create-sell-order
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}",
  "externalOrderId": "imp-0001",
  "currency": "USDT",
  "fiatAmount": 150000,
  "bankCode": "970436",
  "bankAccountNumber": "0123456789",
  "content": "Coffee 'n' cake \\"large\\" – café ☕ $HOME \`x\`",
  "userEmail": "{{userEmail}}",
  "extendInfo": null
}
`;

describe('cli import', function () {
  this.timeout(60_000);
  const home = mkdtempSync(join(tmpdir(), 'payout-import-'));
  const dir = mkdtempSync(join(tmpdir(), 'payout-import-files-'));
  const original = join(dir, 'original.payout.http');
  writeFileSync(original, `@userEmail = alice@example.com\n\n${ORDER}`);
  // `curl` starts the local sandbox of this state folder to know its address.
  after(() => runCli(['sandbox', 'stop'], { home }));

  async function signed(file: string) {
    const r = await runCli(['sign', file, '--name', 'order', '--json'], { home, cwd: dir });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const [entry] = JSON.parse(r.stdout) as { canonical: string; signature: string }[];
    return entry;
  }

  it('a request exported with `payout-http curl` imports back to one that signs to the same canonical string', async () => {
    const curl = await runCli(['curl', original, '--name', 'order'], { home, cwd: dir });
    assert.equal(curl.code, 0, curl.stderr);
    const imported = await runWithInput(['import', '--name', 'order'], curl.stdout, home, dir);
    assert.equal(imported.code, 0, imported.stderr);
    assert.doesNotMatch(imported.stdout, /"signature":/, 'the signature is left out, for the tool to sign');
    assert.match(imported.stdout, /^POST \{\{base_url\}\}\/api\/v2\/orders\/create-sell-order$/m);
    assert.match(imported.stdout, /"partnerCode": "\{\{partnerCode\}\}"/);
    // userEmail is a file variable here, not the environment's: it stays a value.
    assert.match(imported.stdout, /"userEmail": "alice@example.com"/);
    const file = join(dir, 'from-curl.payout.http');
    writeFileSync(file, imported.stdout);
    const [a, b] = await Promise.all([signed(original), signed(file)]);
    assert.equal(b.canonical, a.canonical);
    assert.equal(b.signature, a.signature);
  });

  it('a raw HTTP capture of the signed request (chunked) imports to the same canonical string', async () => {
    const curl = await runCli(['curl', original, '--name', 'order'], { home, cwd: dir });
    const body = parseCurl(curl.stdout).request!.body;
    const chunked = `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const raw = `POST /api/v2/orders/create-sell-order HTTP/1.1\r\nHost: payout.example.com\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${chunked}`;
    const imported = await runWithInput(['import', '--name', 'order'], raw, home, dir);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /^# the address http:\/\/payout\.example\.com was replaced by \{\{base_url\}\}/m);
    const file = join(dir, 'from-raw.payout.http');
    writeFileSync(file, imported.stdout);
    assert.equal((await signed(file)).canonical, (await signed(original)).canonical);
  });

  it('says what it cannot read, and exits 1', async () => {
    const r = await runWithInput(['import'], 'hello there\n', home, REPO);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /is not a request line: expected e\.g\. "POST \/api\/v2/);
  });
});

describe('import conversion (engine/proxy)', () => {
  it("reads Chrome-style $'…' bodies, -H, --data-raw and skips output-only options", () => {
    const r = parseCurl(
      `curl 'https://x.example/api/v2/account/verify' -sS --compressed -H 'content-type: application/json' --data-raw $'{"partnerCode":"it\\'s"}'`,
    );
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.request, {
      method: 'POST',
      url: 'https://x.example/api/v2/account/verify',
      headers: [['content-type', 'application/json']],
      body: '{"partnerCode":"it\'s"}',
    });
  });

  it('leaves out a bearer token and writes a secret found in the body as its variable', () => {
    const captured = parseRawHttp('GET /v3/kyc/profile HTTP/1.1\nAuthorization: Bearer abcdefgh12345678\n\n').request!;
    const out = toPayoutRequest(captured, { variables: {} });
    assert.doesNotMatch(out.text, /abcdefgh12345678/);
    assert.match(out.text, /^GET \{\{base_url\}\}\/v3\/kyc\/profile$/m);
    const leaked = toPayoutRequest(
      { method: 'POST', url: '/api/v2/account/verify', headers: [], body: '{"partnerCode":"P1","note":"s3cr3t-value"}' },
      { variables: { secretKey: 's3cr3t-value', partnerCode: 'P1' } },
    );
    assert.match(leaked.text, /"note":\s*"\{\{secretKey\}\}"/);
    assert.doesNotMatch(leaked.text, /s3cr3t-value/);
  });

  it('leaves the signature out of a captured signed body and keeps the rest of its bytes: one line, tabs', () => {
    for (const [body, expected] of [
      ['{"partnerCode":"P9","signature":"c2ln","currency":"USDT"}', '{"partnerCode":"P9","currency":"USDT"}'],
      ['{\n\t"partnerCode": "P9",\n\t"signature": "c2ln"\n}', '{\n\t"partnerCode": "P9"\n}'],
    ]) {
      const out = toPayoutRequest(
        { method: 'POST', url: '/api/v2/wallet/balance', headers: [], body },
        { variables: { partnerCode: 'P9' } },
      );
      assert.ok(out.text.includes(`\n\n${expected}`), out.text);
      assert.match(out.text, /^# the "signature" field was left out/m);
    }
  });
});
