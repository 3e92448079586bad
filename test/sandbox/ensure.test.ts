// ensureLocalSandbox: starts the real sandbox in the background once, then reuses it.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLocalSandbox, runningSandbox } from '../../engine/sandbox/ensure';
import { cliPath } from '../helpers/sandboxProcess';

describe('ensureLocalSandbox (real background process)', function () {
  const home = mkdtempSync(join(tmpdir(), 'payout-ensure-'));
  let pid: number | undefined;
  after(() => {
    if (pid) process.kill(pid, 'SIGTERM');
  });

  it('starts one, points the local environment at it, then reuses it; concurrent callers share it', async () => {
    const spawned: number[] = [];
    const first = await ensureLocalSandbox({ home, cliPath: cliPath(), onSpawn: (p) => spawned.push(p) });
    assert.equal(first.started, true);
    pid = JSON.parse(readFileSync(join(home, 'sandbox.json'), 'utf8')).pid;
    // The caller learnt the pid at the spawn, before the sandbox was ready (the editor's server stops it if it exits meanwhile).
    assert.deepEqual(spawned, [pid]);
    assert.equal(first.pid, pid);
    const env = JSON.parse(readFileSync(join(home, 'local', 'http-client.env.json'), 'utf8'));
    assert.equal(env.local.base_url, first.url);
    const health = await fetch(`${first.url}/sandbox/health`);
    assert.equal(health.status, 200);
    const again = await Promise.all([
      ensureLocalSandbox({ home, cliPath: cliPath(), onSpawn: (p) => spawned.push(p) }),
      ensureLocalSandbox({ home, cliPath: cliPath() }),
    ]);
    assert.deepEqual(spawned, [pid], 'a reused sandbox is not spawned');
    assert.deepEqual(
      again.map((a) => [a.url, a.started]),
      [
        [first.url, false],
        [first.url, false],
      ],
    );
  });

  it('notices a sandbox that went away and starts a new one', async () => {
    process.kill(pid!, 'SIGTERM');
    while (await runningSandbox(home)) await new Promise((r) => setTimeout(r, 20));
    const next = await ensureLocalSandbox({ home, cliPath: cliPath() });
    assert.equal(next.started, true);
    pid = JSON.parse(readFileSync(join(home, 'sandbox.json'), 'utf8')).pid;
  });

  it('reports a sandbox that cannot start, with its log', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'payout-ensure-bad-'));
    await assert.rejects(
      ensureLocalSandbox({ home: bad, cliPath: join(bad, 'missing-cli.js'), timeoutMs: 10_000 }),
      /exited \(code 1\) before it was ready/,
    );
  });
});
