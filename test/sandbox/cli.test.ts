// The `payout-http sandbox` command itself: the listening line, status/stop, and command-line and
// config mistakes reported with the fix (the real CLI, as a process).
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliPath, startSandboxProcess } from '../helpers/sandboxProcess';

// Asynchronous on purpose: the sandboxes under test are children of this process, and a stopped
// child is only reaped (and so seen as gone) while this process's event loop runs.
function run(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliPath(), 'sandbox', ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('payout-http sandbox (CLI)', function () {
  it('status and stop find the sandbox of a state folder through sandbox.json', async () => {
    const sb = await startSandboxProcess();
    const status = await run('status', '--home', sb.home);
    assert.equal(status.status, 0);
    assert.ok(status.stdout.includes(sb.url));
    const stop = await run('stop', '--home', sb.home);
    assert.equal(stop.status, 0, stop.stderr);
    assert.match(stop.stdout, /stopped/);
    await sb.stop();
    const after = await run('status', '--home', sb.home);
    assert.equal(after.status, 1);
    assert.match(after.stdout, /no payout-http sandbox is running/);
  });

  it('refuses a second sandbox on the same state folder', async () => {
    const sb = await startSandboxProcess();
    try {
      const r = await run('--home', sb.home);
      assert.equal(r.status, 1);
      assert.match(r.stderr, new RegExp(`already running for .* at ${sb.url.replace(/[.]/g, '\\.')}`));
    } finally {
      await sb.stop();
    }
  });

  it('explains a bad config file and a bad option, without starting', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-cli-'));
    const cfg = join(dir, 'bad.json');
    writeFileSync(cfg, JSON.stringify({ partners: [{ partnerCode: 'X' }] }));
    const r = await run('--home', dir, '--config', cfg);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /partners\[0\]: needs partnerCode and secretKey/);
    const port = await run('--home', dir, '--port', 'eighty');
    assert.equal(port.status, 2);
    assert.match(port.stderr, /--port must be a whole number/);
    const extra = await run('restart', '--home', dir);
    assert.equal(extra.status, 2);
  });

  it('reports a port in use with the fix', async () => {
    const sb = await startSandboxProcess();
    try {
      const port = new URL(sb.url).port;
      const r = await run('--home', mkdtempSync(join(tmpdir(), 'payout-cli-')), '--port', port);
      assert.equal(r.status, 1);
      assert.match(r.stderr, new RegExp(`port ${port} is already in use: choose another with --port`));
    } finally {
      await sb.stop();
    }
  });
});
