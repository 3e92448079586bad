// sign, curl, explain, lint, usage and help of the bundled CLI, as separate processes, against
// the local sandbox (a separate process too) with its generated credentials.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { constants, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localEnv, localSecret, privateKeyPem, runCli } from './run';

describe('cli sign, curl, explain, lint', function () {
  this.timeout(60_000);
  let sb: SandboxProcess;
  let dir: string;
  before(async () => {
    sb = await startSandboxProcess();
    dir = mkdtempSync(join(tmpdir(), 'payout-cli-'));
  });
  after(async () => sb?.stop());

  describe('sign', () => {
    it('--json: the canonical string with <secretKey>, and a signature that openssl-equivalent verification accepts', async () => {
      const r = await runCli(['sign', 'examples/quickstart.payout.http', '--all', '--json'], { home: sb.home });
      assert.equal(r.code, 0, r.stderr);
      const out = JSON.parse(r.stdout) as { label: string; canonical: string; signature: string; ok: boolean }[];
      const partnerCode = localEnv(sb.home).partnerCode;
      assert.deepEqual(
        out.map((o) => [o.label, o.canonical, o.ok]),
        [
          ['account', `${partnerCode}|<secretKey>`, true],
          ['balance', `${partnerCode}|USDT|<secretKey>`, true],
          ['prices', `${partnerCode}|USDT|TRC20|<secretKey>`, true],
          ['banks', `${partnerCode}|<secretKey>`, true],
        ],
      );
      const secret = localSecret(sb.home);
      assert.ok(!r.stdout.includes(secret));
      const pub = createPublicKey(readFileSync(join(sb.home, 'credentials', 'partner-public.pem'), 'utf8'));
      for (const o of out) {
        const text = o.canonical.replace('<secretKey>', secret);
        assert.ok(
          verify('sha256', Buffer.from(text), { key: pub, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(o.signature, 'base64')),
          o.label,
        );
      }
    });

    it('says exactly what is missing when a signature cannot be computed', async () => {
      const env = localEnv(sb.home);
      writeFileSync(join(dir, 'http-client.env.json'), JSON.stringify({ nokey: { base_url: sb.url, partnerCode: env.partnerCode } }));
      writeFileSync(join(dir, 'http-client.private.env.json'), JSON.stringify({ nokey: { secretKey: env.secretKey } }));
      const file = join(dir, 'balance.payout.http');
      writeFileSync(
        file,
        `# @name balance\nPOST {{base_url}}/api/v2/wallet/balance\nContent-Type: application/json\n\n{"partnerCode": "{{partnerCode}}", "currency": "{{currency}}"}\n`,
      );
      const r = await runCli(['sign', file, '--env', 'nokey'], { home: sb.home });
      assert.equal(r.code, 1);
      assert.match(r.stdout, /problem: cannot sign: \{\{currency\}\}: `currency` is not defined/);
      assert.match(
        r.stdout,
        /problem: cannot sign: privateKeyFile is not set: add the path of your RSA-2048 private key \(PEM\) to http-client\.private\.env\.json under "nokey"/,
      );
    });

    it('shows an omitted signed field as what it is signed as', async () => {
      const file = join(dir, 'omitted.payout.http');
      writeFileSync(
        file,
        `# @name quote\nPOST {{base_url}}/api/v2/orders/review-sell-order\nContent-Type: application/json\n\n{"partnerCode": "{{partnerCode}}", "currency": "USDT"}\n`,
      );
      const r = await runCli(['sign', file], { home: sb.home });
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /canonical: LOCAL\w+\|USDT\|0\|<secretKey>/);
      assert.match(r.stdout, /warning: fiatAmount is signed but omitted: it is signed as the text `0`/);
    });
  });

  describe('curl', () => {
    it('prints a secret-free command that works when pasted into a shell', async () => {
      const r = await runCli(['curl', 'examples/quickstart.payout.http', '--name', 'balance'], { home: sb.home });
      assert.equal(r.code, 0, r.stderr);
      assert.ok(!r.stdout.includes(localSecret(sb.home)));
      assert.ok(!r.stdout.includes('PRIVATE KEY'));
      assert.match(r.stdout, /curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/api\/v2\/wallet\/balance'/);
      const answer = JSON.parse(execFileSync('sh', ['-c', r.stdout]).toString()) as { success: boolean; data: { currency: string } };
      assert.equal(answer.success, true);
      assert.equal(answer.data.currency, 'USDT');
    });

    it('leaves a v3 bearer token as $ACCESS_TOKEN', async () => {
      const file = join(dir, 'v3.payout.http');
      writeFileSync(file, `# @name profile\n# @user alice@example.com\nGET {{base_url}}/v3/kyc/profile\n`);
      const r = await runCli(['curl', file, '--name', 'profile'], { home: sb.home });
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /-H "Authorization: Bearer \$ACCESS_TOKEN"/);
      assert.match(r.stdout, /# set ACCESS_TOKEN to a v3 token for alice@example\.com/);
    });
  });

  describe('explain: names the variant each real mistaken signature covers', () => {
    let file: string;
    let key: ReturnType<typeof createPrivateKey>;
    let code: string;
    let secret: string;
    before(() => {
      file = join(dir, 'quote.payout.http');
      writeFileSync(
        file,
        `# @name quote\nPOST {{base_url}}/api/v2/orders/review-sell-order\nContent-Type: application/json\n\n{"partnerCode": "{{partnerCode}}", "currency": "USDT", "fiatAmount": 150000}\n`,
      );
      key = createPrivateKey(privateKeyPem(sb.home));
      code = localEnv(sb.home).partnerCode;
      secret = localSecret(sb.home);
    });
    const rsa = (text: string, hash = 'sha256', pss = false) =>
      sign(
        hash,
        Buffer.from(text),
        pss ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 } : { key, padding: constants.RSA_PKCS1_PADDING },
      ).toString('base64');

    const mistakes: { what: string; text: (c: string, s: string) => string; hash?: string; pss?: boolean; id: string }[] = [
      { what: 'a field omitted (signed as undefined)', text: (c, s) => `${c}|USDT|undefined|${s}`, id: 'as-undefined:fiatAmount' },
      { what: 'a number formatted with decimals', text: (c, s) => `${c}|USDT|150000.00|${s}`, id: 'two-decimals:fiatAmount' },
      { what: 'two fields in the wrong order', text: (c, s) => `USDT|${c}|150000|${s}`, id: 'swap:partnerCode,currency' },
      { what: 'a field left out', text: (c, s) => `${c}|150000|${s}`, id: 'drop:currency' },
      { what: 'the pipe before the secret missing', text: (c, s) => `${c}|USDT|150000${s}`, id: 'no-trailing-pipe' },
      { what: 'the secret left out', text: (c) => `${c}|USDT|150000`, id: 'no-secret' },
      { what: 'PSS padding', text: (c, s) => `${c}|USDT|150000|${s}`, pss: true, id: 'pss' },
      { what: 'SHA-1', text: (c, s) => `${c}|USDT|150000|${s}`, hash: 'sha1', id: 'sha1' },
      {
        what: 'the JSON body signed',
        text: (c) => JSON.stringify({ partnerCode: c, currency: 'USDT', fiatAmount: 150000 }),
        id: 'body-without-signature',
      },
    ];

    for (const m of mistakes) {
      it(`${m.what} -> ${m.id}`, async () => {
        const sig = rsa(m.text(code, secret), m.hash, m.pss);
        const r = await runCli(['explain', file, '--name', 'quote', '--signature', sig, '--json'], { home: sb.home });
        assert.equal(r.code, 1, r.stderr);
        const e = JSON.parse(r.stdout) as { expectedDisplay: string; verifiedAsExpected: boolean; match?: { id: string; display: string } };
        assert.equal(e.expectedDisplay, `${code}|USDT|150000|<secretKey>`);
        assert.equal(e.verifiedAsExpected, false);
        assert.equal(e.match?.id, m.id);
        assert.ok(!r.stdout.includes(secret));
      });
    }

    it('prints the expected string, the covered variant and the segment diff', async () => {
      const sig = rsa(`${code}|USDT|150000.00|${secret}`);
      const r = await runCli(['explain', file, '--name', 'quote', '--signature', sig], { home: sb.home });
      assert.equal(r.code, 1);
      assert.match(r.stdout, new RegExp(`expected string: ${code}\\|USDT\\|150000\\|<secretKey>`));
      assert.match(r.stdout, new RegExp(`the signature covers: ${code}\\|USDT\\|150000\\.00\\|<secretKey>`));
      assert.match(r.stdout, /segment 3: expected "150000", signed "150000\.00"/);
      assert.ok(!r.stdout.includes(secret));
    });

    it('send: a signature typed in the body is sent as typed, and the tool says it does not match and why', async () => {
      const sig = rsa(`${code}|USDT|150000.00|${secret}`);
      const typed = join(dir, 'typed.payout.http');
      writeFileSync(
        typed,
        `# @name quote\nPOST {{base_url}}/api/v2/orders/review-sell-order\nContent-Type: application/json\n\n{"partnerCode": "{{partnerCode}}", "currency": "USDT", "fiatAmount": 150000, "signature": "${sig}"}\n`,
      );
      const r = await runCli(['send', typed], { home: sb.home });
      assert.equal(r.code, 1);
      assert.match(r.stdout, /signature: sent as typed in the body; it does NOT match the computed one/);
      assert.match(r.stdout, /diagnosis: fiatAmount was formatted with two decimals/);
      assert.match(r.stdout, /failure: INVALID_SIGNATURE \(2\): /);
      assert.match(r.stdout, /check: /);
    });

    it('a right signature matches (exit 0)', async () => {
      const r = await runCli(['explain', file, '--name', 'quote', '--signature', rsa(`${code}|USDT|150000|${secret}`)], { home: sb.home });
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /matches the expected string/);
    });

    it('--response: explains a response whose data was altered', async () => {
      const sent = await runCli(['send', file, '--json'], { home: sb.home });
      const body = JSON.parse(JSON.parse(sent.stdout)[0].response.bodyText) as { data: Record<string, unknown> };
      const saved = join(dir, 'response.json');
      writeFileSync(saved, JSON.stringify(body));
      const ok = await runCli(['explain', file, '--name', 'quote', '--response', saved], { home: sb.home });
      assert.equal(ok.code, 0, ok.stdout + ok.stderr);
      body.data.price = Number(body.data.price) + 1;
      writeFileSync(saved, JSON.stringify(body));
      const bad = await runCli(['explain', file, '--name', 'quote', '--response', saved], { home: sb.home });
      assert.equal(bad.code, 1);
      assert.match(bad.stdout, /response data\.signature of quote: does NOT match the expected string/);
    });
  });

  describe('lint', () => {
    it('exit 0 on a clean file, exit 1 with file:line:column on an error', async () => {
      const clean = await runCli(['lint', 'examples/quickstart.payout.http'], { home: sb.home });
      assert.equal(clean.code, 0, clean.stdout);
      const file = join(dir, 'broken.payout.http');
      writeFileSync(
        file,
        `POST {{base_url}}/api/v2/wallet/balance\nContent-Type: application/json\n\n{"partnerCode": "{{partnerCode}}", "currency": }\n`,
      );
      const r = await runCli(['lint', file], { home: sb.home });
      assert.equal(r.code, 1, r.stdout);
      assert.match(r.stdout, /broken\.payout\.http:\d+:\d+: error /);
      const json = await runCli(['lint', file, '--format', 'json'], { home: sb.home });
      const parsed = JSON.parse(json.stdout) as { diagnostics: { severity: string }[] }[];
      assert.ok(parsed[0].diagnostics.some((d) => d.severity === 'error'));
    });
  });
});

describe('cli usage and help', function () {
  this.timeout(30_000);
  const home = mkdtempSync(join(tmpdir(), 'payout-usage-'));

  it('an unknown command exits 2 and lists the commands', async () => {
    const r = await runCli(['frobnicate'], { home });
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /unknown command "frobnicate"\. Use one of: send, sign, lint, curl, code, explain, webhooks, sandbox, proxy, history, import, language-server, help\./,
    );
  });

  for (const cmd of ['send', 'sign', 'lint', 'curl', 'code', 'explain', 'webhooks', 'sandbox', 'proxy', 'history', 'import']) {
    it(`${cmd} --help prints usage and examples`, async () => {
      const r = await runCli([cmd, '--help'], { home });
      assert.equal(r.code, 0);
      assert.match(r.stdout, new RegExp(`Usage: payout-http ${cmd}`));
      assert.match(r.stdout, /Examples:/);
      const viaHelp = await runCli(['help', cmd], { home });
      assert.equal(viaHelp.stdout, r.stdout);
    });
  }

  it('a wrong command line names the problem and exits 2', async () => {
    const noFile = await runCli(['send'], { home });
    assert.equal(noFile.code, 2);
    assert.match(noFile.stderr, /give the \.payout\.http file to send/);
    const missing = await runCli(['send', 'nope.payout.http'], { home });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nope\.payout\.http does not exist/);
    const which = await runCli(['sign', 'examples/quickstart.payout.http'], { home });
    assert.equal(which.code, 2);
    assert.match(which.stderr, /the file has 4 requests; pick one with --name \(account, balance, prices, banks\) or use --all/);
    const badOption = await runCli(['send', 'examples/quickstart.payout.http', '--frob'], { home });
    assert.equal(badOption.code, 2);
    assert.match(badOption.stderr, /Unknown option '--frob'/);
  });
});
