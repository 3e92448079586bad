// A block's detail (headers, directives, references, body...) is kept for the blocks read last
// only, not for every block of the file (issue 28, engine/syntax/block.ts): checked on a real heap
// snapshot of a process that opens a 5,000-request file in the language service, lints it, lists
// its lenses, outline and folding, and types three keystrokes (test/support/retainedDetails.ts).
// The model that kept every block's detail had 18,010 headers and directives and 5,002 JSON bodies
// alive there.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { DETAIL_CACHE_SIZE } from '../../engine/syntax/block';

const ROOT = resolve(__dirname, '..', '..');
const REQUESTS = 5000;
/** Each generated request has a `# @name` directive, three headers and four `{{...}}` references. */
const PER_BLOCK = 5;

describe('syntax: block details are kept for the blocks read last only', () => {
  it(`after opening ${REQUESTS} requests, the live details are bounded by the cache (${DETAIL_CACHE_SIZE}), not by the file`, function () {
    this.timeout(120_000);
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', join(ROOT, 'test/support/retainedDetails.ts'), String(REQUESTS)],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    const { counts } = JSON.parse(out) as { counts: Record<string, number> };
    const what = JSON.stringify(counts);
    assert.ok(counts.BlockDetail <= DETAIL_CACHE_SIZE, `details alive: ${what}`);
    assert.ok(counts.LazyJsonBody <= DETAIL_CACHE_SIZE, `JSON bodies alive: ${what}`);
    assert.ok(counts.NamedValue <= DETAIL_CACHE_SIZE * PER_BLOCK, `headers, directives and variables alive: ${what}`);
    assert.ok(counts.Reference <= DETAIL_CACHE_SIZE * PER_BLOCK, `references alive: ${what}`);
    // The snapshot sees what it counts: the cache is full after reading 5,000 blocks.
    assert.ok(counts.BlockDetail > 0 && counts.NamedValue > 0, `the counted constructors are found: ${what}`);
  });
});
