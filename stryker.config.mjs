// StrykerJS over the core, one folder at a time (`npm run mutation -- <scope>`, scripts/mutation.mjs):
// each scope mutates its sources and runs only the test files that exercise them, so a run fits in
// under 30 minutes on 2 cores. Incremental: results are kept in reports/mutation/<scope>.incremental.json
// and only changed mutants/tests run again. docs/testing.md has the scores and the equivalent survivors.
const SCOPES = {
  // golden.test.ts is left out: it spawns openssl ~120 times per run, which made one mutant cost
  // seconds; the hand-written canonical strings (handwritten.test.ts) check the same strings in-process.
  // The string and the signature: canonical.ts, rsa.ts, signed.ts, templates.ts. The rest of
  // engine/signing is split three ways (signing-keys, signing-variants, signing-explain): one run of
  // the four files was projected at over an hour here.
  signing: {
    mutate: ['engine/signing/canonical.ts', 'engine/signing/rsa.ts', 'engine/signing/signed.ts', 'engine/signing/templates.ts'],
    spec: ['test/signing/!(golden).test.ts'],
  },
  'signing-keys': {
    mutate: ['engine/signing/keys.ts', 'engine/signing/jwt.ts'],
    spec: ['test/signing/keys.test.ts', 'test/signing/jwt.test.ts'],
  },
  // variants.ts is reached only through explainSignature (the documented-mistake search).
  'signing-variants': {
    mutate: ['engine/signing/variants.ts'],
    spec: ['test/signing/explain.test.ts', 'test/signing/rsa.test.ts'],
  },
  'signing-explain': {
    mutate: ['engine/signing/explain.ts'],
    spec: ['test/signing/explain.test.ts', 'test/signing/rsa.test.ts'],
  },
  // verify and retry; decode and assertions are http-more (819 mutants for the four did not fit one run here).
  http: {
    mutate: ['engine/http/verify.ts', 'engine/http/retry.ts'],
    spec: ['test/http/verify.test.ts', 'test/http/retry.test.ts'],
  },
  'http-more': {
    mutate: ['engine/http/decode.ts', 'engine/http/assertions.ts'],
    spec: ['test/http/decode.test.ts', 'test/http/assertions.test.ts'],
  },
  syntax: {
    mutate: ['engine/syntax/parser.ts', 'engine/syntax/templates.ts', 'engine/syntax/resolve.ts'],
    spec: [
      'test/syntax/parser.test.ts',
      'test/syntax/templates.test.ts',
      'test/syntax/resolve.test.ts',
      'test/syntax/incremental.test.ts',
      'test/syntax/property.test.ts',
    ],
  },
  lint: {
    mutate: ['engine/language/lint/**/*.ts'],
    spec: ['test/language/lint.test.ts'],
  },
  match: {
    mutate: ['engine/catalogue/match.ts'],
    spec: ['test/catalogue/match.test.ts'],
  },
  // The sandbox's request rules. Most sandbox suites run dist/cli.js as a process, which a mutant in
  // the sources never reaches; only the in-process suites (startSandbox) can kill these mutants.
  sandbox: {
    mutate: ['engine/sandbox/validate.ts', 'engine/sandbox/fund.ts'],
    spec: ['test/sandbox/helpers.test.ts', 'test/sandbox/clock.test.ts', 'test/sandbox/robustness.test.ts'],
  },
};

const scope = process.env.MUTATION_SCOPE ?? 'signing';
const s = SCOPES[scope];
if (!s) throw new Error(`Unknown mutation scope "${scope}": use one of ${Object.keys(SCOPES).join(', ')}.`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'mocha',
  mochaOptions: { spec: s.spec },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.mutation.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: s.mutate,
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants: tables, regexes) need every test of the scope per mutant;
  // they would triple the run. They are reported as ignored; docs/testing.md says so.
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20000,
  incremental: true,
  incrementalFile: `reports/mutation/${scope}.incremental.json`,
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: `reports/mutation/${scope}.html` },
  jsonReporter: { fileName: `reports/mutation/${scope}.json` },
  ignorePatterns: ['dist', 'reports', '.vscode-test', '*.vsix', 'test/e2e'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
