// `npm run mutation [-- scope ...]`: StrykerJS over the core, one scope (folder) at a time so the two
// cores are never asked for more than one run's worth of work; then a per-scope score table from the
// JSON reports. Scopes and their test files: stryker.config.mjs. Not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const ALL = [
  'signing',
  'signing-keys',
  'signing-variants',
  'signing-explain',
  'http',
  'http-more',
  'syntax',
  'syntax-parser',
  'syntax-parser-rest',
  'syntax-resolve',
  'lint',
  'match',
  'sandbox',
  'sandbox-fund',
  'sandbox-orders',
  'sandbox-orders-create',
  'sandbox-orders-flow',
  'sandbox-v2',
  'sandbox-kyc',
  'sandbox-quotes',
  'sandbox-faults',
  'sandbox-v3',
];
const scopes = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const reportOnly = process.argv.includes('--report');
const require = createRequire(import.meta.url);
const stryker = join(require.resolve('@stryker-mutator/core/package.json'), '..', 'bin', 'stryker.js');

for (const scope of scopes.length ? scopes : ALL) {
  if (reportOnly) break;
  console.log(`\n== mutation: ${scope}`);
  // The test files are TypeScript: the Stryker test-runner processes load them through tsx.
  const env = { ...process.env, MUTATION_SCOPE: scope, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import tsx`.trim() };
  const r = spawnSync(process.execPath, [stryker, 'run'], { stdio: 'inherit', env });
  if (r.status !== 0) console.error(`mutation run for ${scope} failed (exit ${r.status})`);
}

console.log('\nscope         killed  survived  no-cov  timeout  ignored  score');
for (const scope of ALL) {
  const file = join('reports', 'mutation', `${scope}.json`);
  if (!existsSync(file)) continue;
  const n = {};
  for (const f of Object.values(JSON.parse(readFileSync(file, 'utf8')).files))
    for (const m of f.mutants) n[m.status] = (n[m.status] ?? 0) + 1;
  const detected = (n.Killed ?? 0) + (n.Timeout ?? 0);
  const valid = detected + (n.Survived ?? 0) + (n.NoCoverage ?? 0);
  const score = valid ? ((100 * detected) / valid).toFixed(1) : '-';
  const col = (v, w) => String(v ?? 0).padStart(w);
  console.log(
    `${scope.padEnd(12)} ${col(n.Killed, 7)} ${col(n.Survived, 9)} ${col(n.NoCoverage, 7)} ${col(n.Timeout, 8)} ${col(n.Ignored, 8)}  ${score}%`,
  );
}
