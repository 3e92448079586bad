import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertDistFresh } from './dist';

describe('test helpers: a stale dist/ fails the tests that run it', () => {
  function repo(distAge: number, sourceAge: number): string {
    const dir = mkdtempSync(join(tmpdir(), 'payout-dist-'));
    mkdirSync(join(dir, 'dist'));
    mkdirSync(join(dir, 'engine', 'signing'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'cli.js'), '');
    writeFileSync(join(dir, 'engine', 'signing', 'rsa.ts'), '');
    const now = Date.now() / 1000;
    utimesSync(join(dir, 'dist', 'cli.js'), now - distAge, now - distAge);
    utimesSync(join(dir, 'engine', 'signing', 'rsa.ts'), now - sourceAge, now - sourceAge);
    return dir;
  }

  it('passes when dist/ was built after the last source change', () => {
    assert.doesNotThrow(() => assertDistFresh(repo(10, 100)));
  });

  it('fails with the fix when a source changed after the build', () => {
    assert.throws(
      () => assertDistFresh(repo(100, 10)),
      /^Error: dist\/ is older than the sources: run npm run build \(engine\/signing\/rsa\.ts changed/,
    );
  });

  it('fails with the fix when there is no bundle', () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-dist-'));
    assert.throws(() => assertDistFresh(dir), /run npm run build/);
  });
});
