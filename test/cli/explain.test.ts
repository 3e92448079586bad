// explain without contradictions (issue 13): a match says one thing; a reorder shows as a move; a
// signature made with a key at hand (here the local sandbox's, while --env dev has its own) is
// named without --public-key; when nothing verifies it says which families and how many strings.
// Every wrong signature is made by hand with node:crypto.
import assert from 'node:assert/strict';
import { constants, createPrivateKey, sign } from 'node:crypto';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localEnv, localSecret, privateKeyPem, REPO, runCli } from './run';

describe('cli explain: one verdict, moves, keys at hand, what was searched', function () {
  this.timeout(60_000);
  const home = mkdtempSync(join(tmpdir(), 'payout-explain-home-'));
  const dir = mkdtempSync(join(tmpdir(), 'payout-explain-'));
  const file = join(dir, 'quote.payout.http');
  let code: string;
  let secret: string;
  const rsa = (text: string, pem = privateKeyPem(home)) =>
    sign('sha256', Buffer.from(text), { key: createPrivateKey(pem), padding: constants.RSA_PKCS1_PADDING }).toString('base64');

  before(async () => {
    writeFileSync(
      file,
      `# @name quote\nPOST {{base_url}}/api/v2/orders/review-sell-order\nContent-Type: application/json\n\n{"partnerCode": "{{partnerCode}}", "currency": "USDT", "fiatAmount": 150000}\n`,
    );
    const first = await runCli(['sign', file, '--name', 'quote'], { home }); // creates the local credentials
    assert.equal(first.code, 0, first.stderr);
    code = localEnv(home).partnerCode;
    secret = localSecret(home);
  });

  it('a matching signature says that and nothing else', async () => {
    const r = await runCli(['explain', file, '--name', 'quote', '--signature', rsa(`${code}|USDT|150000|${secret}`)], { home });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.stdout.trim().split('\n'), [
      'signature for quote: matches the expected string',
      `  expected string: ${code}|USDT|150000|<secretKey>`,
    ]);
  });

  it('reordered fields show as a move', async () => {
    const r = await runCli(['explain', file, '--name', 'quote', '--signature', rsa(`${code}|150000|USDT|${secret}`)], { home });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /segment \d \("(USDT|150000)"\) moved: signed as segment \d/);
    assert.doesNotMatch(r.stdout, /signed ""/);
  });

  it("a key at hand (the local sandbox's) is found without --public-key while --env dev has another key", async () => {
    const envDir = mkdtempSync(join(tmpdir(), 'payout-explain-dev-'));
    const f = join(envDir, 'quote.payout.http');
    copyFileSync(file, f);
    copyFileSync(join(REPO, 'test', 'fixtures', 'keys', 'test-other-private.pem'), join(envDir, 'other.pem'));
    writeFileSync(
      join(envDir, 'http-client.env.json'),
      JSON.stringify({ dev: { base_url: 'http://127.0.0.1:9', partnerCode: code, privateKeyFile: 'other.pem' } }),
    );
    writeFileSync(join(envDir, 'http-client.private.env.json'), JSON.stringify({ dev: { secretKey: secret } }));
    const r = await runCli(
      ['explain', f, '--name', 'quote', '--env', 'dev', '--json', '--signature', rsa(`${code}|USDT|150000|${secret}`)],
      { home, cwd: envDir },
    );
    assert.equal(r.code, 1, r.stderr);
    const e = JSON.parse(r.stdout) as { match?: { id: string; description: string } };
    assert.equal(e.match?.id, 'key:the partner key of environment "local"');
    assert.match(e.match.description, /the string is right, but it was signed with another key \(the partner key of environment "local"\)/);
  });

  it('when nothing verifies: the families tried and how many strings', async () => {
    const r = await runCli(['explain', file, '--name', 'quote', '--signature', rsa('something else entirely')], { home });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /no variant verifies: tried \d+ strings x 6 signature schemes x 1 key\(s\)/);
    assert.match(r.stdout, /- fields in another order/);
    assert.match(r.stdout, /- the JSON body signed instead/);
    assert.match(r.stdout, /- a field printed differently \(.*case/);
    assert.doesNotMatch(r.stdout, /matches the expected string/);
  });
});
