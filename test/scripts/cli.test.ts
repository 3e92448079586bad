// `payout-http send` running JetBrains-style scripts, the CLI and the local sandbox each a process of
// its own: the chain through client.global, a signed pre-request variable, a failing client.test in
// the output and in JUnit, a loop and an endless allocation stopped by the limits, `--no-scripts`.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { runCli } from '../cli/run';
import { CHAIN, ENDLESS_ALLOCATION, ENDLESS_LOOP, FAILING_TEST, PRE_SIGNED } from './chainFile';

describe('cli send: JetBrains-style scripts against the local sandbox', function () {
  this.timeout(90_000);
  let sb: SandboxProcess;
  let dir: string;
  before(async () => {
    sb = await startSandboxProcess({ args: ['--kyc-delay', '0'] });
    dir = mkdtempSync(join(tmpdir(), 'payout-scripts-'));
  });
  after(async () => sb?.stop());

  function file(name: string, text: string): string {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  }

  it('runs a chain: a handler stores the user and its token in client.global, the next requests use them; the token is never printed', async () => {
    const r = await runCli(['send', file('chain.http', CHAIN), '--all'], { home: sb.home });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /3 requests: 3 passed, 0 failed/);
    assert.match(r.stdout, /ok {3}test a token is issued/);
    assert.match(r.stdout, /ok {3}test the token is accepted/);
    assert.match(r.stdout, /log: test user \S+@\S+ content type application\/json/);
    // client.log of the token: redacted like every secret (accessToken is a secret name)
    assert.match(r.stdout, /log: token <accessToken>/);
    assert.ok(!/eyJ[\w-]+\.[\w-]+\./.test(r.stdout), 'no JWT anywhere in the output');
  });

  it('signs a variable set by a pre-request script, and the sandbox verifies the signature', async () => {
    const r = await runCli(['send', file('pre.http', PRE_SIGNED), '--json'], { home: sb.home });
    const [result] = JSON.parse(r.stdout) as {
      prepared: { body: string; signing: { canonicalDisplay: string } };
      decoded: { headline: string };
    }[];
    const email = (JSON.parse(result.prepared.body) as { userEmail: string }).userEmail;
    assert.match(email, /^pre-\d+@example\.com$/);
    assert.ok(result.prepared.signing.canonicalDisplay.includes(`|${email}|`), result.prepared.signing.canonicalDisplay);
    assert.doesNotMatch(result.decoded.headline, /INVALID_SIGNATURE/);
  });

  it('sign does not run scripts, and says a variable one sets is known only when sent', async () => {
    const r = await runCli(['sign', file('pre-sign.http', PRE_SIGNED)], { home: sb.home });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /\{\{email\}\} is set at run time by a script of this file: `send` runs the script and resolves it/);
  });

  it('shows a failing client.test as a failed assertion, in the output and in JUnit', async () => {
    const xml = join(dir, 'report.xml');
    const r = await runCli(['send', file('failing.http', FAILING_TEST), '--junit', xml], { home: sb.home });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /FAIL test status is 201: expected 201, got 200/);
    assert.match(r.stdout, /=> FAIL/);
    assert.match(readFileSync(xml, 'utf8'), /<failure[^>]*>[^<]*status is 201: expected 201, got 200/);
  });

  it('stops a handler that loops and one that allocates without end, naming the script and the limit', async () => {
    const r = await runCli(['send', file('runaway.http', ENDLESS_LOOP + ENDLESS_ALLOCATION), '--all'], { home: sb.home });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /the response handler of looping was stopped after 5 s, the time limit for a script/);
    assert.match(r.stdout, /the response handler of hoarding was stopped: it used more than 64 MB, the memory limit for a script/);
    assert.match(r.stdout, /2 requests: 0 passed, 2 failed/);
  });

  it('runs a handler file beside the request file, and >> writes the body there (a new name the second time)', async () => {
    const sub = join(dir, 'saving');
    mkdirSync(sub);
    writeFileSync(
      join(sub, 'handler.js'),
      'client.test("a user came back", function () { client.assert(response.body.userEmail, "no userEmail"); });\n',
    );
    const path = join(sub, 'save.http');
    writeFileSync(path, '### save\n# @name save\nPOST {{base_url}}/sandbox/test-users\n\n> ./handler.js\n\n>> out/user.json\n');
    for (const name of ['user.json', 'user-1.json']) {
      const r = await runCli(['send', path], { home: sb.home });
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /ok {3}test a user came back/);
      assert.ok(r.stdout.includes(`body saved to ${join(sub, 'out', name)}`), r.stdout);
      assert.match(readFileSync(join(sub, 'out', name), 'utf8'), /"userEmail":/);
    }
  });

  it("refuses a handler file and a >> path outside the request file's folder, naming the path", async () => {
    const sub = join(dir, 'confined');
    mkdirSync(sub);
    writeFileSync(join(dir, 'outside.js'), 'client.global.set("x", 1);');
    const path = join(sub, 'escape.http');
    writeFileSync(path, '### escape\n# @name escape\nPOST {{base_url}}/sandbox/test-users\n\n> ../outside.js\n\n>>! ../escaped.json\n');
    const r = await runCli(['send', path], { home: sb.home });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /the response handler \.\.\/outside\.js of escape: the path "\.\.\/outside\.js" leads outside /);
    assert.match(r.stdout, />>! \.\.\/escaped\.json: the path "\.\.\/escaped\.json" leads outside /);
    assert.ok(!existsSync(join(dir, 'escaped.json')));
  });

  it('--no-scripts sends no request that has a script, naming the request and the flag', async () => {
    const seen = () => sb.output().split('/sandbox/test-users').length;
    const before = seen();
    const r = await runCli(['send', file('chain2.http', CHAIN), '--name', 'testUser', '--no-scripts'], { home: sb.home });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /testUser has a pre-request script or response handler, and --no-scripts runs none: not sent/);
    assert.equal(seen(), before, 'nothing reached the sandbox');
    // the same request without the flag does reach it (so the count above could have moved)
    assert.equal((await runCli(['send', join(dir, 'chain2.http'), '--name', 'testUser'], { home: sb.home })).code, 0);
    assert.equal(seen(), before + 1);
  });
});
