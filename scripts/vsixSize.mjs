// `node scripts/vsixSize.mjs FILE`: fails when the VSIX is over the size the extension is held to
// (issue 28: ≤ 600 KB, counted as vsce counts, 1 KB = 1,024 bytes). `npm run package` runs it on
// what vsce wrote (scripts/package.mjs), so a release that grew over it fails to package.
import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const VSIX_LIMIT_BYTES = 600 * 1024;

/** The problem with `file`'s size and its fix, or undefined when it is within the limit. */
export function vsixSizeProblem(file) {
  const bytes = statSync(file).size;
  if (bytes <= VSIX_LIMIT_BYTES) return undefined;
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  return (
    `${file} is ${kb(bytes)} (${bytes.toLocaleString('en-US')} bytes), over the ${kb(VSIX_LIMIT_BYTES)} the VSIX is held to ` +
    `by ${kb(bytes - VSIX_LIMIT_BYTES)}. See what grew with \`unzip -v ${file}\` (compressed sizes) and dist/cli.meta.json, ` +
    `dist/lazy.meta.json (esbuild's per-module bytes); load what is not needed at start lazily or leave it out of package.json "files".`
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/vsixSize.mjs FILE.vsix');
    process.exit(2);
  }
  const problem = vsixSizeProblem(file);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  console.log(`${file}: ${(statSync(file).size / 1024).toFixed(1)} KB, within ${VSIX_LIMIT_BYTES / 1024} KB`);
}
