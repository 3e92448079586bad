// No old version of a file stays alive through its parse (issue 28): a block is offsets into the
// current text, and what the model and the language service keep of a block's text is a copy of
// its own, never a view into a version of the file (V8's slices keep their whole parent alive).
// Checked on a real heap snapshot of a process that opens a file and edits it six times, linting
// each version (test/support/retainedVersions.ts).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const EDITS = 6;
const GROWTH = 64; // characters each edit adds

describe('syntax: old versions of a file are not kept alive', () => {
  it('after six edits, only the current version and the one before it are in the heap', function () {
    this.timeout(60_000);
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', join(ROOT, 'test/support/retainedVersions.ts'), '300', String(EDITS)],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const { length, sizes } = JSON.parse(out) as { length: number; sizes: number[] };
    // A string of n one-byte characters takes n bytes and a header of under 32.
    const alive = (version: number) => {
      const n = length + (version - 1) * GROWTH;
      return sizes.some((s) => s >= n && s < n + 32);
    };
    const last = EDITS + 1;
    assert.ok(alive(last), `the current version is found (sizes ${sizes.join(', ')}, first length ${length})`);
    const kept = [];
    for (let v = 1; v < last - 1; v++) if (alive(v)) kept.push(v);
    assert.deepEqual(kept, [], `versions kept alive (of ${last}; the last two may be)`);
  });
});
