// Finding and reading a request file's environment files: the nearest folder, from the file's up
// to the root, holding http-client.env.json or http-client.private.env.json, each read bounded (a
// regular file, a size cap: engine/util/readBounded.ts) and parsed by engine/syntax/environments.ts.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  fromTables,
  parseEnvText,
  PRIVATE_ENV_FILE,
  PUBLIC_ENV_FILE,
  type EnvironmentProblem,
  type Environments,
  type Table,
} from '../syntax/environments';
import { BoundedReadError, ENV_FILE_MAX_BYTES, readBoundedText } from '../util/readBounded';

function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Environments for a request file in `startDir`: the nearest folder, from startDir up to the
 * root, holding either environment file.
 */
export function loadEnvironments(startDir: string): Environments {
  let dir = resolve(startDir);
  for (;;) {
    if (isFile(join(dir, PUBLIC_ENV_FILE)) || isFile(join(dir, PRIVATE_ENV_FILE))) return readEnvFiles(dir);
    const parent = dirname(dir);
    if (parent === dir) return fromTables([], [], []);
    dir = parent;
  }
}

/** The pair of environment files of one folder (either may be missing). */
export function readEnvFiles(dir: string): Environments {
  const problems: EnvironmentProblem[] = [];
  const files: string[] = [];
  const tables: Table[] = [];
  for (const name of [PUBLIC_ENV_FILE, PRIVATE_ENV_FILE]) {
    const file = join(resolve(dir), name);
    if (!existsSync(file)) {
      tables.push({});
      continue;
    }
    files.push(file);
    let text: string;
    try {
      // Bounded: an environment file that is a FIFO, a device or huge is refused, not read forever.
      text = readBoundedText(file, { maxBytes: ENV_FILE_MAX_BYTES });
    } catch (e) {
      const fix =
        e instanceof BoundedReadError && e.kind === 'denied' ? 'check its permissions' : `make ${name} a JSON file of environments`;
      const problem = e instanceof BoundedReadError ? e.problem : `cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`;
      problems.push({ file, message: `${name}: ${problem}: ${fix}.` });
      tables.push({});
      continue;
    }
    tables.push(parseEnvText(text, file, problems, name === PUBLIC_ENV_FILE));
  }
  return fromTables(tables, files, problems);
}
