// `npm run package [-- VSCE_ARGS]`: the production bundle, the VSIX (vsce, with any arguments given,
// e.g. `--out FILE`; its README cut by scripts/vsixReadme.mjs), then its size checked against the
// limit (scripts/vsixSize.mjs): over it, the step fails. `--no-rewrite-relative-links`: see docs/extension.md, Packaging.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vsixReadme } from './vsixReadme.mjs';
import { vsixSizeProblem } from './vsixSize.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
// each step prints its own error; its exit code is the step's (0 when it succeeded)
function step(script, stepArgs) {
  try {
    execFileSync(process.execPath, [join(root, script), ...stepArgs], { cwd: root, stdio: 'inherit' });
    return 0;
  } catch (e) {
    return typeof e.status === 'number' && e.status !== 0 ? e.status : 1;
  }
}
// the bundles first: dist/ then exists for the README below
const built = step('scripts/build.mjs', ['--production']);
if (built) process.exit(built);

// The VSIX's README: README.md without its developer sections (scripts/vsixReadme.mjs). vsce reads
// it relative to the project: dist/ (ignored by git, not in package.json "files").
const readmePath = 'dist/vsix-readme.md';
writeFileSync(join(root, readmePath), vsixReadme(readFileSync(join(root, 'README.md'), 'utf8')));
const packaged = step('node_modules/@vscode/vsce/vsce', [
  'package',
  '--no-dependencies',
  '--no-rewrite-relative-links',
  '--readme-path',
  readmePath,
  ...args,
]);
rmSync(join(root, readmePath), { force: true });
if (packaged) process.exit(packaged);

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = args.find((a, i) => args[i - 1] === '--out' || args[i - 1] === '-o') ?? `${pkg.name}-${pkg.version}.vsix`;
const problem = vsixSizeProblem(resolve(root, out));
if (problem) {
  console.error(problem);
  process.exit(1);
}
