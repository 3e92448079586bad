import { rmSync } from 'node:fs';

/**
 * Removes a test's temporary folder. A sandbox the language server or the CLI started in it may
 * still be writing its state there after it was told to stop (or after a start that was under way
 * when the test ended), and a recursive remove then fails with ENOTEMPTY: it is retried for a few
 * seconds, and a folder that still cannot go is left in the temp dir with a line saying so (a
 * leftover temp folder is not a failure of what the test checked).
 */
export function removeFolder(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  } catch (e) {
    process.stderr.write(
      `note: could not remove the test folder ${path} (${(e as NodeJS.ErrnoException).code ?? String(e)}); left in place\n`,
    );
  }
}
