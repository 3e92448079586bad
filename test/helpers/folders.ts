import { rmSync } from 'node:fs';

/**
 * Removes a test's temporary folder. A sandbox the language server or the CLI started in it may
 * still be writing its state there for a moment after it was told to stop (or after a start that
 * was under way when the test ended), and a plain recursive remove then fails with ENOTEMPTY: the
 * remove is retried for a few hundred milliseconds, as Node's own retry option does.
 */
export function removeFolder(path: string): void {
  rmSync(path, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
