// A path written in a request file (`> ./handler.js`, `>> out/body.json`) is untrusted text: it
// must name a place inside a folder the user chose (the workspace folder, or the request file's own
// folder), and neither `..` nor a symbolic link may lead out of it. The check is on real paths (every
// link in the existing part followed), so `out -> /etc` is caught as surely as `../../etc`.
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

export class ConfinedPathError extends Error {
  override readonly name = 'ConfinedPathError';
}

/** True when `path` is `root` itself or inside it (both absolute, real). */
function inside(root: string, path: string): boolean {
  const r = relative(root, path);
  return r === '' || (!r.startsWith(`..${sep}`) && r !== '..' && !isAbsolute(r));
}

/** The real path of `path`, or of its nearest existing ancestor with the rest appended (a file not written yet). */
function realOrParent(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    if (parent === path) return path;
    return resolve(realOrParent(parent), relative(parent, path));
  }
}

/**
 * `written` resolved against `base` (the request file's folder), refused when it leads outside
 * `root`. Returns the absolute path (links not resolved: the caller opens it without following a
 * final link where that matters).
 */
export function confinedPath(root: string, base: string, written: string, what: string): string {
  if (written.includes('\0'))
    throw new ConfinedPathError(`${what} ${JSON.stringify(written)} holds a NUL character; write a plain file path`);
  const target = resolve(base, written);
  const realRoot = realOrParent(root);
  if (!inside(resolve(root), target) || !inside(realRoot, realOrParent(target)))
    throw new ConfinedPathError(
      `${what} ${JSON.stringify(written)} leads outside ${realRoot} (through .., an absolute path or a symbolic link); keep it inside that folder`,
    );
  return target;
}
