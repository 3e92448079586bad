// Loaded by mocha before any test (.mocharc.json `require`): the servers and CLIs the tests start
// write their V8 code cache (cli/serverStart.ts) into a folder of this run, not the user's
// ~/.cache/payout-http, and the folder goes with the run. A test that is about the cache folder
// sets its own (test/lsp/codeCache.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (process.env.PAYOUT_HTTP_CODE_CACHE === undefined) {
  const folder = mkdtempSync(join(tmpdir(), 'payout-http-code-cache-'));
  process.env.PAYOUT_HTTP_CODE_CACHE = folder;
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
}
