// The bundled dist/*.js that the process-level tests run (CLI, sandbox, language server). A stale
// bundle would test yesterday's code and pass, so each use checks that dist/ is newer than every
// source file it is built from, and fails with the fix otherwise.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO = resolve(__dirname, '..', '..');
/** The folders scripts/build.mjs bundles from. */
const SOURCE_DIRS = ['engine', 'server', 'client', 'cli'];

function newestMtime(dir: string): { ms: number; file: string } {
  let newest = { ms: 0, file: '' };
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const ms = statSync(file).mtimeMs;
    if (ms > newest.ms) newest = { ms, file };
  }
  return newest;
}

let checked: string | undefined;

/** Throws when dist/*.js is missing or older than the newest file under engine/ server/ client/ cli/. */
export function assertDistFresh(repo = REPO): void {
  if (checked === repo) return;
  const dist = join(repo, 'dist');
  const bundles = existsSync(dist) ? readdirSync(dist).filter((f) => f.endsWith('.js')) : [];
  if (bundles.length === 0) throw new Error(`${dist} has no bundles: run npm run build`);
  const oldest = Math.min(...bundles.map((f) => statSync(join(dist, f)).mtimeMs));
  const newest = SOURCE_DIRS.map((d) => newestMtime(join(repo, d))).reduce((a, b) => (b.ms > a.ms ? b : a));
  if (newest.ms > oldest) {
    throw new Error(
      `dist/ is older than the sources: run npm run build (${newest.file.slice(repo.length + 1)} changed after the last build)`,
    );
  }
  checked = repo;
}

/** The path of a bundle (`cli.js`, `server.js`), after checking that dist/ is fresh. */
export function distFile(name: string): string {
  assertDistFresh();
  return join(REPO, 'dist', name);
}
