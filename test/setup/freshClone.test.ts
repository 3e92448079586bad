// The README's set-up and test commands on a fresh clone with nothing beside it (no ../shared): the
// suites needing the contract documents must skip with their one line, and everything else pass.
// Opt-in (PAYOUT_HTTP_FRESH_CLONE=1), because it runs the whole `npm test` again inside the clone:
// `.ci/run` runs it as its own step after the main run and counts it in the closing line.
// It clones the committed HEAD (uncommitted changes are not in it). node_modules is symlinked from
// this checkout instead of running `npm ci` in the clone: .ci/run's own `npm ci` step already installs
// from the lock file on a fresh machine, and a second install would double the time for nothing new.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');

describe('fresh clone (README set-up and test commands)', function () {
  this.timeout(30 * 60_000);

  it('builds and passes `npm test` with nothing beside the clone, the document suites skipped in one line', function () {
    if (process.env.PAYOUT_HTTP_FRESH_CLONE !== '1') {
      console.log(
        '    (skipped: set PAYOUT_HTTP_FRESH_CLONE=1 to clone HEAD into a temporary folder and run npm run build && npm test there; .ci/run does)',
      );
      this.skip();
    }
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'payout-http-clone-'));
    const clone = path.join(tmp, 'payout-http');
    // The child must see what a new user has: no documents, no CI switches, no recursion into this test.
    const env: NodeJS.ProcessEnv = { ...process.env, PAYOUT_HTTP_HOME: path.join(tmp, 'home') };
    for (const k of [
      'PAYOUT_HTTP_SEEDS',
      'PAYOUT_HTTP_REQUIRE_SEEDS',
      'PAYOUT_HTTP_FRESH_CLONE',
      'PAYOUT_HTTP_E2E',
      'PAYOUT_HTTP_VSCODE_TEST',
    ])
      delete env[k];
    const run = (cmd: string, args: string[]) => {
      const r = spawnSync(cmd, args, { cwd: clone, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      return { status: r.status, out: `${r.stdout}${r.stderr}` };
    };
    try {
      const cloned = spawnSync('git', ['clone', '--quiet', root, clone], { encoding: 'utf8' });
      assert.equal(cloned.status, 0, cloned.stderr);
      assert.ok(!fs.existsSync(path.join(tmp, 'shared')), 'nothing may be beside the clone');
      fs.symlinkSync(path.join(root, 'node_modules'), path.join(clone, 'node_modules'), 'dir');

      const build = run('npm', ['run', 'build']);
      assert.equal(build.status, 0, `npm run build failed in the clone:\n${build.out.slice(-4000)}`);
      const test = run('npm', ['test']);
      assert.equal(test.status, 0, `npm test failed in the clone:\n${test.out.slice(-8000)}`);
      assert.match(test.out, /contract documents not found at .*skipped \d+ suites .*PAYOUT_HTTP_SEEDS/);
      assert.equal(test.out.match(/contract documents not found/g)?.length, 1, 'one skip line, not one per suite');
      assert.match(test.out, /\d+ passing/);
      assert.doesNotMatch(test.out, /\d+ failing/);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
