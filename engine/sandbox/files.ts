// Private files of the sandbox state folder: every folder 0700, every file 0600, every write atomic
// (temp file + rename) so a crash or a concurrent reader never sees half a file.

import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode is filtered by the umask and ignored for folders that already exist.
  chmodSync(dir, 0o700);
}

export function writePrivateFile(file: string, text: string): void {
  ensurePrivateDir(dirname(file));
  const tmp = join(dirname(file), `.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, text, { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

export function writePrivateJson(file: string, value: unknown): void {
  writePrivateFile(file, JSON.stringify(value, null, 2) + '\n');
}

/** The parsed JSON of a file, or undefined when it does not exist. Throws on unreadable JSON. */
export function readJsonIfExists(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`${file} is not valid JSON (${(e as Error).message}); fix or delete the file`);
  }
}
