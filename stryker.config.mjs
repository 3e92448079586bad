// StrykerJS over the core, one folder at a time (`npm run mutation -- <scope>`, scripts/mutation.mjs):
// each scope mutates its sources and runs only the test files that exercise them, so a run fits in
// under 30 minutes on 2 cores. Incremental: results are kept in reports/mutation/<scope>.incremental.json
// and only changed mutants/tests run again. docs/testing.md has the scores and the equivalent survivors.
// Each sandbox suite's `before` starts a sandbox and signs up a user: on a loaded 2-core machine about
// 10 s, paid once per suite for every mutant that suite covers, and a surviving mutant runs every test
// that covers it. So each sandbox scope runs only the suites that check its rules, the one most
// likely to kill first (measured: all eight suites for validate, fund and limits were projected at
// 3.5 hours here).
const SANDBOX_SPECS = {
  // validate, limits: the request checks (5 and the fields' own codes) and the body bounds;
  // sharedErrors (the shared errors, 5 among them) and kyc (the KYC fields) as on main.
  // kycRules: the field formats and their messages, which moved from kyc.ts into validate.ts (issue 24).
  rules: [
    'test/sandbox/validation.test.ts',
    'test/sandbox/sharedErrors.test.ts',
    'test/sandbox/kyc.test.ts',
    'test/sandbox/kycRules.test.ts',
  ],
  // fund.ts: fund (configured balances, a debit of exactly the balance, refunds), orders (debits, 7,
  // refunds, the ledger) and concurrency (the fund under load, restarts).
  fund: ['test/sandbox/fund.test.ts', 'test/sandbox/orders.test.ts', 'test/sandbox/concurrency.test.ts'],
  // orders.ts: the order rules and messages (errors, caps with a pinned clock, the order object), then
  // orders and /v3 (forced outcomes, the test pass); clock (settlement, UTC+7 times) for the second
  // half. concurrency is left out: its 100 simultaneous creates made a surviving mutant cost a minute
  // more, and it checks the fund and the duplicate check, which the other suites reach one by one.
  orders: [
    'test/sandbox/orderErrors.test.ts',
    'test/sandbox/orderRules.test.ts',
    'test/sandbox/orderObject.test.ts',
    'test/sandbox/orders.test.ts',
    'test/sandbox/v3.test.ts',
  ],
};

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
  // The three files made 1,929 mutants (parser.ts and templates.ts alone 1,185), and with the
  // property suites the initial run alone passed Stryker's 5-minute limit here. So: templates.ts and
  // the part of parser.ts that finds blocks and lines (where `###` separates, block reuse after an
  // edit, line breaks); syntax-parser is the rest of parser.ts, syntax-resolve resolve.ts. The line
  // ranges follow parser.ts's functions as of 2026-11-28 (the edit-in-place parse of issue 28 moved
  // them; the scores in docs/mutation/syntax.md were measured on the ranges before).
  syntax: {
    mutate: ['engine/syntax/templates.ts', 'engine/syntax/parser.ts:101-458'],
    spec: [
      'test/syntax/parser.test.ts',
      'test/syntax/templates.test.ts',
      'test/syntax/incremental.test.ts',
      'test/syntax/editInPlace.test.ts',
    ],
  },
  'syntax-parser': {
    mutate: ['engine/syntax/parser.ts:459-742'],
    spec: ['test/syntax/parser.test.ts', 'test/syntax/incremental.test.ts', 'test/syntax/property.test.ts'],
  },
  // The rest of parser.ts: the module's tables and expressions (1-100, all static, so ignored) and,
  // from 743 on, a JSON body's problems found at parse time, its lazily built tree, the header-like
  // lines at the top of a text body, and names (docs/mutation/syntax.md).
  'syntax-parser-rest': {
    mutate: ['engine/syntax/parser.ts:1-100', 'engine/syntax/parser.ts:743-1174'],
    spec: ['test/syntax/parser.test.ts', 'test/syntax/incremental.test.ts'],
  },
  // Only the suites that call the resolver: the parser's and templates' suites never reach resolve.ts
  // (it imports them, not the other way), so they only lengthened the initial run. The preview mode
  // (resolveForPreview, previewString) is tested in previewAgreement.test.ts.
  'syntax-resolve': {
    mutate: ['engine/syntax/resolve.ts'],
    spec: ['test/syntax/resolve.test.ts', 'test/syntax/property.test.ts', 'test/language/previewAgreement.test.ts'],
  },
  // lint.test.ts (a fixture per rule) and lintRuleCases.test.ts (the cases and quick fixes mutation
  // testing found untested), plus the suites that reach the rules through the language service:
  // openapi (payout/openapi-document), features and defineVariable (code actions), lintAgreement.
  // Stryker loads the test files once and runs every mutant in that process. The language service
  // reuses a document's unchanged blocks on a new version, and lint results are cached per block
  // object (lint/index.ts), so with one service per test file a test opening the same text again
  // was answered from results computed under the previous mutant, and a killable mutant "survived".
  // These suites therefore make a fresh service per test (beforeEach; test/language/fixture.ts):
  // every test parses and lints afresh under the active mutant, at the cost of one small object,
  // where `maxTestRunnerReuse: 1` (a new process, loading tsx and the engine, per mutant) would cost
  // seconds per mutant. One cache outlives a test and is keyed by text: undefinedVariable's interned
  // name lists (docs/mutation/lint.md says which mutant it hides and the test that reaches it anyway).
  lint: {
    mutate: ['engine/language/lint/**/*.ts'],
    // lintRuleCases first: its exact cases kill most mutants, and a killed mutant stops at its first failing test.
    spec: [
      'test/language/lintRuleCases.test.ts',
      'test/language/lint.test.ts',
      'test/language/openapi.test.ts',
      'test/language/features.test.ts',
      'test/language/defineVariable.test.ts',
      'test/language/lintAgreement.test.ts',
      // util.ts's suggestedValue also writes the value of a body member completion inserts.
      'test/language/completionInsert.test.ts',
      // lintFileAfter's reuse of a file rule's empty result after an edit (lint/index.ts).
      'test/language/incrementalLint.test.ts',
    ],
  },
  match: {
    mutate: ['engine/catalogue/match.ts'],
    spec: ['test/catalogue/match.test.ts'],
  },
  // The sandbox's rule modules. Most sandbox suites start dist/cli.js as a process, which a mutant in
  // the sources never reaches: with PAYOUT_HTTP_SANDBOX_IN_PROCESS=1 test/helpers/sandboxProcess.ts
  // starts the same sandbox in the test process through startSandbox instead. Left out: the suites
  // that need a real process (cli, ensure, home: signals, detached starts, the CLI's own output), and, for
  // the run time, qr (QR decoding) and robustness (fuzzing: any answer is well formed, no rule is checked).
  sandbox: {
    mutate: ['engine/sandbox/validate.ts', 'engine/sandbox/limits.ts'],
    spec: SANDBOX_SPECS.rules,
    env: { PAYOUT_HTTP_SANDBOX_IN_PROCESS: '1' },
  },
  // The partner's fund: balance, debits that may not overdraw, refunds, the ledger.
  'sandbox-fund': {
    mutate: ['engine/sandbox/fund.ts'],
    spec: SANDBOX_SPECS.fund,
    env: { PAYOUT_HTTP_SANDBOX_IN_PROCESS: '1' },
  },
  // orders.ts in parts (the whole file, 437 mutants, was projected at 1h40 here; 218-338 alone at
  // over an hour): the checks before an order is created (webhook key, duplicate, caps, bank, account,
  // extendInfo) and the record and commit (debit, error 12); createSellOrder and createCashout
  // (218-338: the order of the checks, the order object); details, settlement and the forced
  // outcomes of doc 2 §3 (doc 1 §4.14, §3.1).
  'sandbox-orders': {
    mutate: ['engine/sandbox/orders.ts:40-217'],
    spec: SANDBOX_SPECS.orders,
    env: { PAYOUT_HTTP_SANDBOX_IN_PROCESS: '1' },
  },
  'sandbox-orders-create': {
    mutate: ['engine/sandbox/orders.ts:218-338'],
    spec: SANDBOX_SPECS.orders,
    env: { PAYOUT_HTTP_SANDBOX_IN_PROCESS: '1' },
  },
  // v2.ts, the /api/v2 handlers (doc 1): the shared checks in their order (sharedErrors), the public
  // QR endpoints (qr), injected faults after the shared checks (faults), and what each endpoint
  // answers, signed (kyc, orderObject, fund: the balance, orders: error 12's order signed in data).
  'sandbox-v2': {
    mutate: ['engine/sandbox/v2.ts'],
    spec: [
      'test/sandbox/sharedErrors.test.ts',
      'test/sandbox/qr.test.ts',
      'test/sandbox/faults.test.ts',
      'test/sandbox/kyc.test.ts',
      'test/sandbox/orderObject.test.ts',
      'test/sandbox/fund.test.ts',
      'test/sandbox/orders.test.ts',
    ],
    env: { PAYOUT_HTTP_SANDBOX_IN_PROCESS: '1' },
  },
  // kyc.ts (doc 1 §4.3-4.6): submission, review, supplement, read-back, the access check, and the gate
  // transactions pass through (34, 59, 64; kycRules first: its exact cases kill most mutants).
  'sandbox-kyc': {
    mutate: ['engine/sandbox/kyc.ts'],
    spec: ['test/sandbox/kycRules.test.ts', 'test/sandbox/kyc.test.ts'],
    env: { PAYOUT_HTTP_SANDBOX_IN_PROCESS: '1' },
  },
  // quotes.ts (doc 1 §4.9-4.12, §4.15): prices, banks, account verification, the two quotes.
  // orders.test.ts is the suite of those endpoints (it also creates orders, which quote first).
  'sandbox-quotes': {
    mutate: ['engine/sandbox/quotes.ts'],
    spec: ['test/sandbox/quotes.test.ts', 'test/sandbox/orders.test.ts'],
    env: { PAYOUT_HTTP_SANDBOX_IN_PROCESS: '1' },
  },
  // faults.ts: which request gets which injected error, and the checks of a fault (config or POST).
  'sandbox-faults': {
    mutate: ['engine/sandbox/faults.ts'],
    spec: ['test/sandbox/faults.test.ts'],
    env: { PAYOUT_HTTP_SANDBOX_IN_PROCESS: '1' },
  },
  // v3.ts (doc 2): the token exchange, bearer checks, the /v3 envelope and dispatch. v3Access first (its
  // exact cases on one pinned-clock sandbox kill most mutants), then the suites that call /v3.
  'sandbox-v3': {
    mutate: ['engine/sandbox/v3.ts'],
    spec: [
      'test/sandbox/v3Access.test.ts',
      'test/sandbox/v3.test.ts',
      'test/sandbox/clock.test.ts',
      'test/sandbox/fund.test.ts',
      'test/sandbox/faults.test.ts',
      'test/sandbox/qr.test.ts',
      'test/sandbox/validation.test.ts',
      'test/sandbox/orderErrors.test.ts',
    ],
    env: { PAYOUT_HTTP_SANDBOX_IN_PROCESS: '1' },
  },
  'sandbox-orders-flow': {
    mutate: ['engine/sandbox/orders.ts:339-404'],
    spec: [...SANDBOX_SPECS.orders, 'test/sandbox/clock.test.ts'],
    env: { PAYOUT_HTTP_SANDBOX_IN_PROCESS: '1' },
  },
};

const scope = process.env.MUTATION_SCOPE ?? 'signing';
const s = SCOPES[scope];
if (!s) throw new Error(`Unknown mutation scope "${scope}": use one of ${Object.keys(SCOPES).join(', ')}.`);
// Inherited by the test-runner processes Stryker starts after reading this file.
Object.assign(process.env, s.env ?? {});

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
  // The initial run records which test covers which mutant; on a loaded 2-core machine it can take
  // longer than the default 5 minutes.
  dryRunTimeoutMinutes: 20,
  incremental: true,
  incrementalFile: `reports/mutation/${scope}.incremental.json`,
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: `reports/mutation/${scope}.html` },
  jsonReporter: { fileName: `reports/mutation/${scope}.json` },
  // .stryker-tmp: another scope's run may be under way; its copy of the project is not ours to copy.
  ignorePatterns: ['dist', 'reports', '.vscode-test', '*.vsix', 'test/e2e', '.stryker-tmp'],
  // One folder per scope: two scopes may run at once, and each run deletes its own folder at the end.
  tempDirName: `.stryker-tmp/${scope}`,
  cleanTempDir: 'always',
};
