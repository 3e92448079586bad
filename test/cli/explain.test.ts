// explain without contradictions (issue 13): a match says one thing; a reorder shows as a move; a
// signature made with a key at hand (here the local sandbox's, while --env dev has its own) is
// named without --public-key; when nothing verifies it says which families and how many strings.
// Every wrong signature is made by hand with node:crypto.
import assert from 'node:assert/strict';
import { constants, createPrivateKey, sign } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localEnv, localSecret, privateKeyPem, REPO, runCli } from './run';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';

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
    // Issue 26: the signature is opened first (the key and the scheme are known), then strings are hashed.
    assert.match(r.stdout, /verdict: the signature was made with the partner key of this environment \(PKCS#1 v1\.5, SHA-256\)/);
    assert.match(r.stdout, /not found: no string tried gives the signed digest\. Tried \d+ strings/);
    assert.match(r.stdout, /- two fields holding other values/);
    assert.match(r.stdout, /- fields in another order/);
    assert.match(r.stdout, /- the JSON body signed instead/);
    assert.match(r.stdout, /- a field printed differently \(.*case/);
    assert.doesNotMatch(r.stdout, /matches the expected string/);
  });

  // Issue 26: the value the backend signed is taken from another request of the file, and found.
  it('names the field and the value when the backend signed an amount of another request of the file', async () => {
    const twoDir = mkdtempSync(join(tmpdir(), 'payout-explain-two-'));
    const f = join(twoDir, 'quotes.payout.http');
    writeFileSync(
      f,
      [
        '# @name small',
        'POST {{base_url}}/api/v2/orders/review-sell-order',
        'Content-Type: application/json',
        '',
        '{"partnerCode": "{{partnerCode}}", "currency": "USDT", "fiatAmount": 123400}',
        '',
        '###',
        '# @name quote',
        'POST {{base_url}}/api/v2/orders/review-sell-order',
        'Content-Type: application/json',
        '',
        '{"partnerCode": "{{partnerCode}}", "currency": "USDT", "fiatAmount": 150000}',
        '',
      ].join('\n'),
    );
    const r = await runCli(['explain', f, '--name', 'quote', '--signature', rsa(`${code}|USDT|123400|${secret}`)], { home, cwd: twoDir });
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stdout,
      /diagnosis: Your backend signed `fiatAmount` = `123400` where the request sends `150000` \(segment 3\)\. Everything else matches\. \(Found in: request small of the file\.\)/,
    );
    assert.match(r.stdout, /segment 3: expected "150000", signed "123400"/);
    assert.ok(!r.stdout.includes(secret));
  });

  it('a signature made with a key not at hand: that verdict, the flag to give another key, nothing else', async () => {
    const other = readFileSync(join(REPO, 'test', 'fixtures', 'keys', 'test-other-private.pem'), 'utf8');
    const r = await runCli(['explain', file, '--name', 'quote', '--signature', rsa(`${code}|USDT|150000|${secret}`, other)], { home });
    assert.equal(r.code, 1);
    assert.deepEqual(r.stdout.trim().split('\n'), [
      'signature for quote: does NOT match the expected string',
      `  expected string: ${code}|USDT|150000|<secretKey>`,
      '  verdict: the signature was not made with the key of this environment (the partner key pair does not match: check which private key your backend loads)',
      '  to explain it against the key pair your backend uses, give its public key with --public-key FILE',
    ]);
  });
});

// Issue 26 with the history (issue 25): the value the backend signed exists only in what
// `send --history` recorded earlier; the file no longer holds it.
describe('cli explain: a value only the history holds', function () {
  this.timeout(90_000);
  let sb: SandboxProcess;
  const dir = mkdtempSync(join(tmpdir(), 'payout-explain-history-'));
  const file = join(dir, 'quote.payout.http');
  const quoteOf = (amount: number) =>
    `# @name quote\nPOST {{base_url}}/api/v2/orders/review-sell-order\nContent-Type: application/json\n\n{"partnerCode": "{{partnerCode}}", "currency": "USDT", "fiatAmount": ${amount}}\n`;

  before(async () => {
    sb = await startSandboxProcess();
  });
  after(async () => {
    await sb?.stop();
  });

  it('finds the amount of an earlier send recorded in the history', async () => {
    writeFileSync(file, quoteOf(55555));
    const sent = await runCli(['send', file, '--name', 'quote', '--quiet', '--history'], { home: sb.home, cwd: dir });
    assert.equal(sent.code, 0, sent.stderr + sent.stdout);
    writeFileSync(file, quoteOf(150000));
    const code = localEnv(sb.home).partnerCode;
    const secret = localSecret(sb.home);
    const signature = sign('sha256', Buffer.from(`${code}|USDT|55555|${secret}`), createPrivateKey(privateKeyPem(sb.home))).toString(
      'base64',
    );
    const r = await runCli(['explain', file, '--name', 'quote', '--signature', signature], { home: sb.home, cwd: dir });
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stdout,
      /diagnosis: Your backend signed `fiatAmount` = `55555` where the request sends `150000` \(segment 3\)\. Everything else matches\. \(Found in: the history: quote sent \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\)/,
    );
    assert.ok(!r.stdout.includes(secret));
  });
});
