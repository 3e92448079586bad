// `payout-http send --history` and `payout-http history` as separate processes against the local
// sandbox: entries newest first, `show N` whole and as JSON, and the files on disk hold neither the
// secretKey, nor a signature, nor an access token or client assertion (a JWT).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localSecret, runCli } from './run';

describe('cli history: send --history records, history lists and shows', function () {
  this.timeout(60_000);
  let sb: SandboxProcess;
  before(async () => {
    sb = await startSandboxProcess({ args: ['--kyc-delay', '0'] });
  });
  after(async () => sb?.stop());
  beforeEach(async () => {
    await runCli(['history', '--clear'], { home: sb.home });
  });

  it('records every exchange of a send, newest first, and shows one whole; nothing is recorded without --history', async () => {
    const plain = await runCli(['send', 'examples/quickstart.payout.http', '--all', '--quiet'], { home: sb.home });
    assert.equal(plain.code, 0, plain.stdout + plain.stderr);
    const empty = await runCli(['history'], { home: sb.home });
    assert.match(empty.stdout, /^no history yet in /);

    const r = await runCli(['send', 'examples/quickstart.payout.http', '--all', '--quiet', '--history'], { home: sb.home });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const list = await runCli(['history'], { home: sb.home });
    assert.equal(list.code, 0, list.stderr);
    const lines = list.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 4, list.stdout);
    // newest first: the file's last request is number 1
    assert.match(
      lines[0],
      /^ {2}1 {2}\S+Z {2}local {2}PASS {2}POST http:\/\/127\.0\.0\.1:\d+\/api\/v2\/bank\/get-supported-banks {2}HTTP 200 /,
    );
    assert.match(lines[3], /^ {2}4 .*\/api\/v2\/account\/verify .*signature verified {2}\(examples\/quickstart\.payout\.http:\d+ /);

    const show = await runCli(['history', 'show', '4'], { home: sb.home });
    assert.equal(show.code, 0, show.stderr);
    assert.match(show.stdout, /^POST http:\/\/127\.0\.0\.1:\d+\/api\/v2\/account\/verify\n# examples\/quickstart\.payout\.http:\d+ /);
    assert.match(show.stdout, /"signature": ?"<signature>"/);
    assert.match(show.stdout, /signed string: \S+\|<secretKey>/);
    assert.match(show.stdout, /--- response ---\nPOST /);
    const json = await runCli(['history', 'show', '1', '--json'], { home: sb.home });
    const entry = JSON.parse(json.stdout) as { origin: string; response: { status: number }; source: { label: string } };
    assert.equal(entry.origin, 'cli');
    assert.equal(entry.response.status, 200);
    const missing = await runCli(['history', 'show', '9'], { home: sb.home });
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /there is no entry 9: the history holds 4/);
    const usage = await runCli(['history', 'show', 'x'], { home: sb.home });
    assert.equal(usage.code, 2);
  });

  it('keeps no secret: not the secretKey, no signature, no access token or client assertion', async () => {
    const r = await runCli(['send', 'examples/sandbox-test-pass.payout.http', '--name', 'token', '--quiet', '--history'], {
      home: sb.home,
    });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const dir = join(sb.home, 'history');
    const files = readdirSync(dir);
    assert.ok(files.length >= 1);
    const secret = localSecret(sb.home);
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      assert.ok(!text.includes(secret), `${f} holds the secretKey`);
      assert.ok(!/eyJ[\w-]+\.[\w-]+\./.test(text), `${f} holds a JWT`);
    }
    const list = await runCli(['history', '--json'], { home: sb.home });
    const items = JSON.parse(list.stdout) as { source: { label: string } }[];
    assert.ok(items.some((i) => i.source.label === 'token'));
  });
});
