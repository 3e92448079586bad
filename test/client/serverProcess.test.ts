// The language server's process options (client/serverProcess.json), which the VS Code client and
// the bench both start it with: Node refuses to start at all with a V8 flag it does not know, so
// each flag must be one this Node takes, and must do what it is there for.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const options = JSON.parse(readFileSync(join(import.meta.dirname, '../../client/serverProcess.json'), 'utf8')) as {
  execArgv: string[];
  env: Record<string, string>;
};

/** Runs `script` in a Node started with `execArgv` and the options' environment. */
function run(execArgv: string[], script: string) {
  return spawnSync(process.execPath, [...execArgv, '-e', script], { env: { ...process.env, ...options.env }, encoding: 'utf8' });
}

describe('client/serverProcess.json', () => {
  it('starts Node with its flags, the young generation then as small as they say', () => {
    // Objects that live a while, dropped by the 200,000: V8 grows its young generation for them
    // (to 32 MB without the flag).
    const r = run(
      options.execArgv,
      `const keep = [];
       for (let i = 0; i < 2e6; i++) { keep.push({ i }); if (keep.length > 2e5) keep.length = 0; }
       const young = require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
       process.stdout.write(JSON.stringify({ young: young.space_size, arenas: process.env.MALLOC_ARENA_MAX }));`,
    );
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { young: number; arenas: string };
    const semi = Number(/--max-semi-space-size=(\d+)/.exec(options.execArgv.join(' '))?.[1]);
    // a new space is two semispaces at most (one in use, one to copy survivors into)
    assert.ok(out.young <= 2 * semi * 2 ** 20, `new space ${out.young} bytes`);
    assert.equal(out.arenas, options.env.MALLOC_ARENA_MAX);
  });

  it('would be refused by Node were a flag unknown (what the test above guards against)', () => {
    const r = run([...options.execArgv, '--no-such-v8-flag'], '0');
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /bad option/);
  });
});
