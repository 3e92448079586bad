// `>> path` and `>>! path` after a request (JetBrains, httpYac): the response body is written to a
// file relative to the request file. `>>` never overwrites: when the name is taken, `name-1.ext`,
// `name-2.ext`, … (httpYac's rule); `>>!` overwrites. The path is untrusted text from the request
// file: confined to `root` (no `..`, no link out), and the file is opened without following a link
// in its last part (O_NOFOLLOW), so a link planted after the check cannot redirect the write either.
import { closeSync, constants, mkdirSync, openSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { OutputRedirect } from '../syntax/types';
import { confinedPath } from '../util/confinedPath';

const MAX_NEW_NAMES = 1000;

function open(path: string, force: boolean): number {
  const flags = constants.O_WRONLY | constants.O_CREAT | (force ? constants.O_TRUNC : constants.O_EXCL) | (constants.O_NOFOLLOW ?? 0);
  return openSync(path, flags, 0o644);
}

/** Writes `body` where the redirect says; returns the path written. Throws an Error naming the problem and the fix. */
export function writeRedirect(redirect: OutputRedirect, body: Buffer | string, requestFile: string, root: string): string {
  const what = `${redirect.force ? '>>!' : '>>'} ${redirect.path}`;
  const target = confinedPath(root, dirname(requestFile), redirect.path, `${what}: the path`);
  mkdirSync(dirname(target), { recursive: true });
  // the folders just made are inside root (the check covered them), but re-check in case a link was among them
  confinedPath(root, dirname(requestFile), redirect.path, `${what}: the path`);
  const ext = extname(target);
  const stem = basename(target, ext);
  for (let n = 0; n <= MAX_NEW_NAMES; n++) {
    const path = n === 0 ? target : join(dirname(target), `${stem}-${n}${ext}`);
    let fd: number;
    try {
      fd = open(path, redirect.force);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' && !redirect.force) continue;
      if (code === 'ELOOP')
        throw new Error(`${what}: ${path} is a symbolic link; the body is not written through a link, name a plain file`);
      throw new Error(`${what}: could not write ${path} (${code ?? (e as Error).message}); check the folder is writable`);
    }
    try {
      writeSync(fd, typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
    } finally {
      closeSync(fd);
    }
    return path;
  }
  throw new Error(`${what}: ${MAX_NEW_NAMES} files of that name exist already; remove some, or use >>! to overwrite`);
}
