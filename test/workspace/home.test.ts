// The names the language service treats as defined in the `local` environment before any file
// holds them (engine/workspace/home.ts) are exactly the ones the sandbox writes there.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLocalCredentials } from '../../engine/sandbox/home';
import { readEnvFiles } from '../../engine/workspace/envFiles';
import { LOCAL_ENV, LOCAL_SANDBOX_VARIABLES, localEnvironmentDir } from '../../engine/workspace/home';
import { removeFolder } from '../helpers/folders';

describe('workspace/home: the local environment', () => {
  it('LOCAL_SANDBOX_VARIABLES are the variables the sandbox writes into `local`', async () => {
    const home = mkdtempSync(join(tmpdir(), 'payout-home-'));
    try {
      await ensureLocalCredentials(home);
      const written = Object.keys(readEnvFiles(localEnvironmentDir(home)).variables(LOCAL_ENV)).sort();
      assert.deepEqual(written, [...LOCAL_SANDBOX_VARIABLES].sort());
    } finally {
      removeFolder(home);
    }
  });
});
