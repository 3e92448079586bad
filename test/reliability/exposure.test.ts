// Issue 12 (5): `--host 0.0.0.0` exposed the /sandbox/* helpers (faults, webhook payloads, health
// with the partner code) to other machines without a word, and wrote base_url as 0.0.0.0. Now the
// helpers answer 403 to a client that is not on loopback, the sandbox warns at start, and base_url is
// an address a client can use. The non-loopback client is real: a network namespace joined to this
// one by a veth pair (iproute2, needs root; CI runs as root).
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';

const NS = `p12-${process.pid}`;
const HOST_IF = `p12a${process.pid % 100000}`;
const NS_IF = `p12b${process.pid % 100000}`;
const NET = `10.${200 + (process.pid % 50)}.${process.pid % 250}`;
const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] });

/** A GET from inside the namespace (source address NET.2): [status, body]. */
function getFromNamespace(url: string): [number, string] {
  const script = `fetch(${JSON.stringify(url)}).then(async (r) => console.log(JSON.stringify([r.status, await r.text()])), (e) => { console.error(e.cause ?? e); process.exit(1); })`;
  return JSON.parse(execFileSync('ip', ['netns', 'exec', NS, process.execPath, '-e', script], { encoding: 'utf8', timeout: 30_000 })) as [
    number,
    string,
  ];
}

describe('reliability: the sandbox bound beyond loopback (issue 12)', function () {
  this.timeout(60_000);
  let sb: SandboxProcess | undefined;
  let madeNamespace = false;

  before(function () {
    try {
      ip('netns', 'add', NS);
      madeNamespace = true;
      ip('link', 'add', HOST_IF, 'type', 'veth', 'peer', 'name', NS_IF);
      ip('link', 'set', NS_IF, 'netns', NS);
      ip('addr', 'add', `${NET}.1/24`, 'dev', HOST_IF);
      ip('link', 'set', HOST_IF, 'up');
      ip('netns', 'exec', NS, 'ip', 'addr', 'add', `${NET}.2/24`, 'dev', NS_IF);
      ip('netns', 'exec', NS, 'ip', 'link', 'set', NS_IF, 'up');
      ip('netns', 'exec', NS, 'ip', 'link', 'set', 'lo', 'up');
    } catch (e) {
      const why = (e as { stderr?: Buffer }).stderr?.toString().trim() || (e as Error).message;
      if (madeNamespace) ip('netns', 'del', NS);
      madeNamespace = false;
      console.log(`      skipped: cannot make a network namespace with a veth pair here (${why}); needs root and iproute2, as in CI`);
      this.skip();
    }
  });

  after(async () => {
    await sb?.stop();
    if (madeNamespace) ip('netns', 'del', NS); // takes the veth pair with it
  });

  it('--host 0.0.0.0: warns, writes a usable base_url, refuses /sandbox/* to a non-loopback client', async () => {
    sb = await startSandboxProcess({ args: ['--host', '0.0.0.0'] });
    assert.match(
      sb.errors(),
      /warning: listening on 0\.0\.0\.0:\d+, reachable from other machines: .*the \/sandbox\/\* helpers answer only to this machine/,
    );
    const port = new URL(sb.url).port;
    assert.equal(sb.url, `http://127.0.0.1:${port}`);
    const env = JSON.parse(readFileSync(join(sb.home, 'local', 'http-client.env.json'), 'utf8')).local;
    assert.equal(env.base_url, `http://127.0.0.1:${port}`);

    for (const path of ['/sandbox/health', '/sandbox/webhooks', '/sandbox/faults']) {
      const [status, body] = getFromNamespace(`http://${NET}.1:${port}${path}`);
      assert.equal(status, 403, `${path}: ${body}`);
      assert.match(JSON.parse(body).message, /answer only to clients on the machine running the sandbox/);
      assert.doesNotMatch(body, /partnerCode/);
    }
    // The contract surface is still served to that client (here: refused by the partner allowlist, as the contract says).
    const [, v3Body] = getFromNamespace(`http://${NET}.1:${port}/v3/public/version`);
    assert.equal(JSON.parse(v3Body).code, 'PARTNER_IP_NOT_ALLOWED', v3Body);
    // And the helpers still answer on this machine.
    const local = await fetch(`${sb.url}/sandbox/health`);
    assert.equal(local.status, 200);
  });
});
