// `npm run package [-- VSCE_ARGS]`: the production bundle, the VSIX (vsce, with any arguments given,
// e.g. `--out FILE`), then its size checked against the limit (scripts/vsixSize.mjs): over it, the
// step fails. `--no-rewrite-relative-links`: see docs/extension.md, Packaging.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vsixSizeProblem } from './vsixSize.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
// each step prints its own error; its exit code is the step's
function step(script, stepArgs) {
  try {
    execFileSync(process.execPath, [join(root, script), ...stepArgs], { cwd: root, stdio: 'inherit' });
  } catch (e) {
    process.exit(typeof e.status === 'number' && e.status !== 0 ? e.status : 1);
  }
}
step('scripts/build.mjs', ['--production']);
step('node_modules/@vscode/vsce/vsce', ['package', '--no-dependencies', '--no-rewrite-relative-links', ...args]);

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = args.find((a, i) => args[i - 1] === '--out' || args[i - 1] === '-o') ?? `${pkg.name}-${pkg.version}.vsix`;
const problem = vsixSizeProblem(resolve(root, out));
if (problem) {
  console.error(problem);
  process.exit(1);
}
