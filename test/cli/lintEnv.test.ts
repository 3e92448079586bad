// lint and request names as send/sign see them (issue 13): `lint --env nosuch` exits 2 like send and
// sign; a malformed environment file is reported like a request file; two requests with one name get
// a lint diagnostic on the second, and `sign --name` / `send --name` say which one they use.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './run';

const REQUEST =
  '### account\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{ "partnerCode": "{{partnerCode}}" }\n';

describe('cli lint: environments and request names', function () {
  this.timeout(60_000);
  const home = mkdtempSync(join(tmpdir(), 'payout-lint-env-home-'));
  const dir = mkdtempSync(join(tmpdir(), 'payout-lint-env-'));
  const file = join(dir, 'a.payout.http');
  writeFileSync(file, REQUEST);

  it('--env naming an environment defined nowhere exits 2, as send and sign do', async () => {
    const lint = await runCli(['lint', file, '--env', 'nosuch'], { home });
    assert.equal(lint.code, 2, lint.stdout + lint.stderr);
    assert.match(lint.stderr, /environment "nosuch" is not defined/);
    const sign = await runCli(['sign', file, '--env', 'nosuch'], { home });
    assert.equal(sign.code, 2);
  });

  it('a malformed environment file is reported at its line, as an error (exit 1)', async () => {
    const envDir = mkdtempSync(join(tmpdir(), 'payout-lint-badenv-'));
    const f = join(envDir, 'a.payout.http');
    writeFileSync(f, REQUEST);
    writeFileSync(join(envDir, 'http-client.env.json'), '{\n  "dev": {\n    "base_url": "http://x",\n  }\n  oops\n}\n');
    const r = await runCli(['lint', f, '--env', 'dev'], { cwd: envDir, home });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /^http-client\.env\.json:\d+:\d+: error payout\/environment-file: /m);
  });

  it('a duplicate # @name: a diagnostic on the second, and sign --name says which request it means', async () => {
    const f = join(dir, 'dup.payout.http');
    writeFileSync(
      f,
      `${REQUEST}\n### balance\n# @name account\nPOST {{base_url}}/api/v2/wallet/balance\nContent-Type: application/json\n\n{ "partnerCode": "{{partnerCode}}", "currency": "USDT" }\n`,
    );
    const lint = await runCli(['lint', f], { home });
    assert.match(
      lint.stdout,
      /dup\.payout\.http:8:9: warning payout\/duplicate-request-name: Another request, on line 1, is already named "account"/,
    );
    const sign = await runCli(['sign', f, '--name', 'account'], { home });
    assert.equal(sign.code, 0, sign.stderr);
    assert.match(sign.stderr, /2 requests are named "account" \(lines 2, 9\): using the first, on line 2/);
  });
});
