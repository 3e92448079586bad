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

  it('collects the old generation once it has grown by the percent it says, not by a multiple', () => {
    // ~80 MB kept alive, then arrays that live through a few young-generation collections (so are
    // promoted) before they are dropped: the old generation's garbage of a language server's versions.
    // In a function, so it runs optimized as the server's code does (top-level code allocates more).
    const load = `(() => {
       const v8 = require('v8');
       const live = [];
       for (let i = 0; i < 200; i++) live.push(Array.from({ length: 10000 }, (_, j) => ({ j })));
       global.gc();
       const base = v8.getHeapStatistics().used_heap_size;
       let max = 0;
       const ring = new Array(64).fill(null);
       for (let i = 0; i < 2000; i++) {
         ring[i % 64] = Array.from({ length: 2000 }, (_, j) => ({ j }));
         max = Math.max(max, v8.getHeapStatistics().used_heap_size);
       }
       process.stdout.write(String(max / base));
     })();`;
    const percent = Number(/--heap-growing-percent=(\d+)/.exec(options.execArgv.join(' '))?.[1]);
    const growth = (execArgv: string[]) => {
      const r = run([...execArgv, '--expose-gc'], load);
      assert.equal(r.status, 0, r.stderr);
      return Number(r.stdout);
    };
    // the young generation and what is allocated while V8 marks come on top of the percent
    const bound = 1 + percent / 100 + 0.25;
    const withFlag = growth(options.execArgv);
    assert.ok(withFlag <= bound, `the heap grew to ${withFlag.toFixed(2)} × the live heap`);
    // the control: V8's own factor (up to 4) lets the same load grow past the bound
    const without = growth(options.execArgv.filter((f) => !f.startsWith('--heap-growing-percent')));
    assert.ok(without > bound, `without the flag: ${without.toFixed(2)} ×`);
  });

  it('would be refused by Node were a flag unknown (what the test above guards against)', () => {
    const r = run([...options.execArgv, '--no-such-v8-flag'], '0');
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /bad option/);
  });
});
