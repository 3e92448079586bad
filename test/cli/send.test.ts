// `payout-http send` as a separate process against the local sandbox as a separate process.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localEnv, localSecret, privateKeyPem, runCli } from './run';

const EXAMPLES = ['quickstart', 'kyc', 'scan-to-pay', 'cashout', 'plant-store', 'sandbox-test-pass'];

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe('cli send: every example against the local sandbox', function () {
  this.timeout(60_000);
  let sb: SandboxProcess;
  before(async () => {
    sb = await startSandboxProcess({ args: ['--kyc-delay', '0'] });
  });
  after(async () => sb?.stop());

  for (const name of EXAMPLES) {
    it(`examples/${name}.payout.http: every request passes, every signed response verified, no secret printed`, async () => {
      const r = await runCli(['send', `examples/${name}.payout.http`, '--all'], { home: sb.home });
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const total = (/(\d+) requests?: (\d+) passed, 0 failed/.exec(r.stdout) ?? [])[1];
      assert.ok(total, r.stdout);
      assert.equal(count(r.stdout, 'NOT VERIFIED'), 0);
      assert.equal(count(r.stdout, '=> FAIL'), 0);
      const secret = localSecret(sb.home);
      assert.ok(!r.stdout.includes(secret) && !r.stderr.includes(secret), 'the secretKey is never printed');
      assert.ok(!r.stdout.includes('PRIVATE KEY'));
      // v2 files: every signed endpoint's response is verified (the signed requests say `signed string:`).
      const signedRequests = count(r.stdout, '  signed string: ');
      const verified = count(r.stdout, 'signature: verified');
      // v2: every signed request's reply is verified, except error envelopes, which carry nothing to verify.
      const errorEnvelopes = count(r.stdout, 'an error envelope (data is null)');
      assert.equal(verified, signedRequests - errorEnvelopes, r.stdout);
      if (!['plant-store', 'sandbox-test-pass'].includes(name)) assert.ok(verified >= 3);
    });
  }

  it("--all runs kulala's `run` lines: a block of them alone at its place, one above a request, from an imported file", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-cli-run-'));
    const verify = (name: string) =>
      `### ${name}\n# @name ${name}\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{"partnerCode": "{{partnerCode}}"}\n`;
    writeFileSync(join(dir, 'lib.payout.http'), verify('account'));
    writeFileSync(
      join(dir, 'main.payout.http'),
      `import ./lib.payout.http\n\n###\nrun #account\n\n${verify('again').replace('# @name again\n', '# @name again\nrun #account\n')}`,
    );
    const r = await runCli(['send', join(dir, 'main.payout.http'), '--all'], { home: sb.home });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    // each result's heading (the line as it goes out ends in "...")
    assert.equal(r.stdout.match(/^\[\d\/\d\] lib\.payout\.http: account: POST \S+verify$/gm)?.length, 2, r.stdout);
    assert.equal(count(r.stdout, 'signature: verified'), 3, r.stdout);
    assert.match(r.stdout, /3 requests.*: 3 passed, 0 failed/);
  });

  it('handles DUPLICATE_TRANSACTION_ID on a create by fetching the order (signed, verified)', async () => {
    const r = await runCli(['send', 'examples/scan-to-pay.payout.http', '--all'], { home: sb.home });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /DUPLICATE_TRANSACTION_ID \(11\)/);
    assert.match(r.stdout, /fetched instead of creating a second one/);
    assert.match(r.stdout, /replay \(order lookup\): POST http:\/\/127\.0\.0\.1:\d+\/api\/v2\/orders\/details/);
    const lookup = r.stdout.slice(r.stdout.indexOf('(order lookup)'));
    assert.match(lookup, /signature: verified \(.*\|SELL\|\d+\|AWAITING_PAYMENT\|<secretKey>\)/);
  });

  it('never prints a v3 access token or client assertion, even from a token exchange written in the file', async () => {
    const r = await runCli(['send', 'examples/sandbox-test-pass.payout.http', '--name', 'token', '--json'], { home: sb.home });
    assert.equal(r.code, 0, r.stderr);
    // Dependencies sent first are in the results too (issue 13: counted like the headings): pick the token request.
    const token = (
      JSON.parse(r.stdout) as { prepared: { label: string; body: string }; response: { body: { data: { accessToken: string } } } }[]
    ).find((x) => x.prepared.label === 'token')!;
    assert.equal(token.response.body.data.accessToken, '<accessToken>');
    assert.equal(JSON.parse(token.prepared.body).clientAssertion, '<clientAssertion>');
    assert.ok(!/eyJ[\w-]+\.[\w-]+\./.test(r.stdout), 'no JWT anywhere in the output');
  });

  it('--name on a step whose user is `# @user {{userEmail}}` sends the request that variable reads first', async () => {
    const r = await runCli(['send', 'examples/sandbox-test-pass.payout.http', '--name', 'fund', '--json'], { home: sb.home });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const results = JSON.parse(r.stdout) as { prepared: { label: string; user?: string }; response?: { status: number } }[];
    assert.deepEqual(
      results.map((x) => [x.prepared.label, x.response?.status]),
      [
        ['testUser', 200],
        ['fund', 200],
      ],
    );
  });

  it('--json prints the results (redacted), --junit writes a report an XML parser reads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-junit-'));
    const xmlFile = join(dir, 'report.xml');
    const r = await runCli(['send', 'examples/quickstart.payout.http', '--all', '--json', '--junit', xmlFile], { home: sb.home });
    assert.equal(r.code, 0, r.stderr);
    const results = JSON.parse(r.stdout) as { ok: boolean; verdict: { state: string }; prepared: { endpoint: string } }[];
    assert.deepEqual(
      results.map((x) => [x.prepared.endpoint, x.ok, x.verdict.state]),
      [
        ['v2.account.verify', true, 'verified'],
        ['v2.wallet.balance', true, 'verified'],
        ['v2.orders.prices', true, 'verified'],
        ['v2.bank.get-supported-banks', true, 'verified'],
      ],
    );
    const summary = execFileSync('python3', [
      '-c',
      'import sys,xml.etree.ElementTree as E; r=E.parse(sys.argv[1]).getroot(); print(r.get("tests"), r.get("failures"), r.get("errors"), len(list(r.iter("testcase"))))',
      xmlFile,
    ])
      .toString()
      .trim();
    assert.equal(summary, '4 0 0 4');
  });

  it('fails with exit 1 when an assertion does not hold, and says which', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-assert-'));
    const file = join(dir, 'wrong.payout.http');
    writeFileSync(
      file,
      `# @name balance\nPOST {{base_url}}/api/v2/wallet/balance\nContent-Type: application/json\n\n{"partnerCode": "{{partnerCode}}", "currency": "USDT"}\n\n?? body data.currency == BTC\n?? signature valid\n`,
    );
    const xmlFile = join(dir, 'report.xml');
    const r = await runCli(['send', file, '--junit', xmlFile], { home: sb.home });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /FAIL \?\? body data\.currency == BTC: expected body data\.currency == BTC, got "USDT"/);
    assert.match(r.stdout, /ok {3}\?\? signature valid/);
    assert.match(readFileSync(xmlFile, 'utf8'), /<failure message="\?\? body data\.currency == BTC/);
  });

  it('a request whose variables do not resolve is not sent, and says what is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-unresolved-'));
    const file = join(dir, 'x.payout.http');
    writeFileSync(
      file,
      `POST {{base_url}}/api/v2/wallet/balance\nContent-Type: application/json\n\n{"partnerCode": "{{partnerCode}}", "currency": "{{currency}}"}\n`,
    );
    const r = await runCli(['send', file], { home: sb.home });
    assert.equal(r.code, 1);
    assert.match(
      r.stdout,
      /error: cannot sign: \{\{currency\}\}: `currency` is not defined: add it to the selected environment in http-client\.env\.json, or define `@currency = value` in this file\./,
    );
  });

  describe('a tampered response (a proxy on loopback alters data)', () => {
    let proxy: Server;
    let proxyUrl: string;
    let dir: string;
    before(async () => {
      const target = new URL(sb.url);
      proxy = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const fwd = httpRequest(
            { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
            (up) => {
              const body: Buffer[] = [];
              up.on('data', (c: Buffer) => body.push(c));
              up.on('end', () => {
                let text = Buffer.concat(body).toString();
                const json = JSON.parse(text) as { data?: { balance?: number } };
                if (json.data && typeof json.data.balance === 'number') json.data.balance += 1; // the tampering
                text = JSON.stringify(json);
                res.writeHead(up.statusCode ?? 502, { 'content-type': 'application/json' });
                res.end(text);
              });
            },
          );
          fwd.end(Buffer.concat(chunks));
        });
      });
      await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
      proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      dir = mkdtempSync(join(tmpdir(), 'payout-tamper-'));
      const env = localEnv(sb.home);
      writeFileSync(
        join(dir, 'http-client.env.json'),
        JSON.stringify({
          proxied: { base_url: proxyUrl, partnerCode: env.partnerCode },
          direct: { base_url: sb.url, partnerCode: env.partnerCode },
        }),
      );
      writeFileSync(
        join(dir, 'http-client.private.env.json'),
        JSON.stringify({
          proxied: { secretKey: env.secretKey, privateKeyFile: env.privateKeyFile, servicePublicKeyFile: env.servicePublicKeyFile },
          direct: { secretKey: env.secretKey, privateKeyFile: env.privateKeyFile },
        }),
      );
      writeFileSync(
        join(dir, 'balance.payout.http'),
        `# @name balance\nPOST {{base_url}}/api/v2/wallet/balance\nContent-Type: application/json\n\n{"partnerCode": "{{partnerCode}}", "currency": "USDT"}\n`,
      );
    });
    after(() => new Promise<void>((r) => proxy.close(() => r())));

    it('is reported as not verified, and the send fails', async () => {
      const r = await runCli(['send', join(dir, 'balance.payout.http'), '--env', 'proxied'], { home: sb.home });
      assert.equal(r.code, 1, r.stdout);
      assert.match(r.stdout, /signature: NOT VERIFIED: /);
      assert.match(r.stdout, /=> FAIL/);
    });

    it('without a service key the verdict is "not checkable" and says what to set', async () => {
      const r = await runCli(['send', join(dir, 'balance.payout.http'), '--env', 'direct'], { home: sb.home });
      assert.equal(r.code, 0, r.stdout);
      assert.match(
        r.stdout,
        /signature: not checkable: no service public key: set servicePublicKeyFile in http-client\.private\.env\.json under "direct"/,
      );
    });

    it('an unknown --env is a usage error naming the defined ones', async () => {
      const r = await runCli(['send', join(dir, 'balance.payout.http'), '--env', 'staging'], { home: sb.home });
      assert.equal(r.code, 2);
      assert.match(r.stderr, /environment "staging" is not defined in .*; defined: proxied, direct, local/);
    });

    it('no key material leaks into any output', async () => {
      const r = await runCli(['send', join(dir, 'balance.payout.http'), '--env', 'proxied', '--json'], { home: sb.home });
      assert.ok(!r.stdout.includes(localSecret(sb.home)));
      assert.ok(!r.stdout.includes(privateKeyPem(sb.home).split('\n')[1]));
    });
  });
});

describe('cli send: the fresh-machine main command', function () {
  this.timeout(60_000);
  const home = mkdtempSync(join(tmpdir(), 'payout-fresh-'));
  after(async () => {
    await runCli(['sandbox', 'stop'], { home });
  });

  it('`payout-http send examples/quickstart.payout.http --all` with an empty PAYOUT_HTTP_HOME: signed, sent, verified', async () => {
    const r = await runCli(['send', 'examples/quickstart.payout.http', '--all'], { home });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stderr, /local sandbox started at http:\/\/127\.0\.0\.1:\d+/);
    assert.equal(count(r.stdout, 'signature: verified'), 4);
    assert.match(r.stdout, /4 requests: 4 passed, 0 failed \(environment: local\)/);
    assert.ok(!r.stdout.includes(localSecret(home)));
    // A second run reuses the same sandbox.
    const again = await runCli(['send', 'examples/quickstart.payout.http', '--name', 'balance', '--quiet'], { home });
    assert.equal(again.code, 0);
    assert.match(again.stderr, /local sandbox running at/);
  });
});
