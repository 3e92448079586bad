// `payout-http code` as a command: a separate CLI process against the local sandbox process.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localSecret, runCli } from '../cli/run';
import { run } from './toolchains';

describe('cli code', function () {
  this.timeout(60_000);
  let sb: SandboxProcess;
  before(async () => {
    sb = await startSandboxProcess({ args: ['--kyc-delay', '0'] });
  });
  after(async () => sb?.stop());

  it('prints a program whose stderr is the canonical string exactly as `payout-http sign` prints it', async () => {
    const r = await runCli(['code', 'examples/quickstart.payout.http', '--name', 'balance', '--lang', 'node'], { home: sb.home });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^\/\/ Read the fund balance|^\/\/ .*\(doc 1 §4\.\d+\): POST \/api\/v2\/wallet\/balance/);
    const secret = localSecret(sb.home);
    assert.ok(!r.stdout.includes(secret) && !r.stderr.includes(secret), 'no secret in the program or the notes');
    assert.match(r.stderr, /v2\.wallet\.balance as wallet-balance\.mjs; it signs: LOCAL\w+\|USDT\|<secretKey>/);

    const signed = await runCli(['sign', 'examples/quickstart.payout.http', '--name', 'balance', '--json'], { home: sb.home });
    const [{ canonical }] = JSON.parse(signed.stdout) as { canonical: string }[];
    const dir = mkdtempSync(join(tmpdir(), 'payout-code-cli-'));
    writeFileSync(join(dir, 'wallet-balance.mjs'), r.stdout);
    const creds = join(sb.home, 'credentials');
    const partner = JSON.parse(readFileSync(join(creds, 'partner.json'), 'utf8')) as { partnerCode: string; secretKey: string };
    const p = await run(process.execPath, [join(dir, 'wallet-balance.mjs')], {
      env: {
        PAYOUT_BASE_URL: sb.url,
        PAYOUT_PARTNER_CODE: partner.partnerCode,
        PAYOUT_SECRET_KEY: partner.secretKey,
        PAYOUT_PRIVATE_KEY_FILE: join(creds, 'partner-private.pem'),
        PAYOUT_SERVICE_PUBLIC_KEY_FILE: join(creds, 'service-public.pem'),
      },
    });
    assert.equal(p.code, 0, p.stderr);
    assert.equal(p.stderr.split('\n')[0], canonical);
    assert.equal(JSON.parse(p.stdout).success, true);
  });

  it('a request that reads another response says to --send-first it; with --send-first the values become literals', async () => {
    const without = await runCli(['code', 'examples/scan-to-pay.payout.http', '--name', 'order', '--lang', 'go'], { home: sb.home });
    assert.equal(without.code, 1);
    assert.match(without.stderr, /has not been sent yet/);
    assert.match(without.stderr, /send that one first \(payout-http code: --send-first NAME\)/);
    assert.equal(without.stdout, '');

    const withFirst = await runCli(
      ['code', 'examples/scan-to-pay.payout.http', '--name', 'order', '--lang', 'go', '--send-first', 'kyc', '--send-first', 'quote'],
      { home: sb.home },
    );
    assert.equal(withFirst.code, 0, withFirst.stderr);
    assert.match(withFirst.stderr, /sent kyc first: HTTP 200 SUCCESS \(0\)/);
    assert.match(withFirst.stdout, /"fiatAmount": 150000,/);
    assert.match(withFirst.stdout, /"userEmail": "tester-[\w-]+@example\.com",/);
    assert.match(withFirst.stdout, /not `go run`: it reports every non-zero exit status as 1/);
  });

  it('refuses what it cannot generate, naming why', async () => {
    const lang = await runCli(['code', 'examples/quickstart.payout.http', '--name', 'account', '--lang', 'rust'], { home: sb.home });
    assert.equal(lang.code, 2);
    assert.match(lang.stderr, /--lang as one of node, python, java, go, php \(got "rust"\)/);
    const unsigned = await runCli(['code', 'examples/plant-store.payout.http', '--name', 'available', '--lang', 'node'], { home: sb.home });
    assert.equal(unsigned.code, 1);
    assert.match(unsigned.stderr, /code is generated for the signed \/api\/v2 endpoints/);
    const noName = await runCli(['code', 'examples/quickstart.payout.http', '--name', 'nope', '--lang', 'node'], { home: sb.home });
    assert.equal(noName.code, 2);
    assert.match(noName.stderr, /no request named "nope"/);
  });
});
