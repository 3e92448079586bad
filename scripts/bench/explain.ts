// explain's value search (engine/signing/search.ts) in candidates per second, against node:crypto's
// SHA-256 over the very same strings (createHash per string, and the one-shot crypto.hash), and the
// worst-case time of one explanation (a signature whose value is nowhere at hand, so every stage
// runs to the end or to the budget). Prints JSON.
// Run by scripts/bench.mjs as `node --import tsx scripts/bench/explain.ts`.
import { createHash, generateKeyPairSync, hash, sign } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { catalogue } from '../../engine/catalogue';
import { buildCanonical } from '../../engine/signing/canonical';
import type { CandidateSource } from '../../engine/signing/candidates';
import { EXPLAIN_BUDGET_MS, explainSignature } from '../../engine/signing/explain';
import { openSignature } from '../../engine/signing/open';
import { searchValues } from '../../engine/signing/search';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const secret = 'bench-secret-7f3a9c';
const template = catalogue.endpoints.find((e) => e.id === 'v2.orders.create-sell-order')!.signedString!;
const values = {
  partnerCode: 'PARTNER-A',
  externalOrderId: 'order-1042',
  currency: 'USDT',
  fiatAmount: 150000,
  bankCode: '970436',
  bankAccountNumber: '0123456789',
  content: 'Coffee',
  userEmail: 'alice@example.com',
};
// A file of 20 requests and 100 earlier sends: what a working folder plausibly holds.
const sources: CandidateSource[] = [];
for (let i = 0; i < 20; i++)
  sources.push(
    { source: `request r${i} of the file`, field: 'externalOrderId', values: [`order-${1000 + i}`] },
    { source: `request r${i} of the file`, field: 'fiatAmount', values: [100000 + i * 2500] },
  );
for (let i = 0; i < 100; i++)
  sources.push({ source: `an earlier send #${i}`, values: [`order-${2000 + i}`, 50000 + i * 1000, `note ${i}`] });

// The value signed is nowhere at hand: the whole search runs.
const signature = sign(
  'sha256',
  Buffer.from(`PARTNER-A|order-1042|USDT|150000|970436|0123456789|Green tea|alice@example.com|${secret}`),
  privateKey,
).toString('base64');
const opened = openSignature(signature, publicKey)!;
const segments = buildCanonical(template, values).segments.map((s) => ({
  field: s.field,
  text: s.text,
  value: values[s.field as keyof typeof values],
}));

// The rate is measured on a search that runs to its end (the file and 10 earlier sends), so the
// strings it hashes are exactly the strings captured here for the peers.
const rateSources = sources.slice(0, 50);
const strings: string[] = [];
const captured = searchValues({ segments, secret, sources: rateSources, budgetMs: 600_000, matches: (t) => (strings.push(t), false) });
if (!captured.complete) throw new Error('the rate search must run to its end');

// The peers hash the same strings as the UTF-8 bytes a signer signs, made once beforehand: the
// strings the search builds are concatenations, and flattening them is part of its own cost.
const bytes = strings.map((t) => Buffer.from(t, 'utf8'));
strings.length = 0;
const capturedCount = bytes.length;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rounds = 5;
const ours: number[] = [];
const createHashRate: number[] = [];
const oneShotRate: number[] = [];
for (let r = 0; r < rounds; r++) {
  let t = performance.now();
  const s = searchValues({ segments, secret, sources: rateSources, budgetMs: 600_000, matches: opened.matches });
  if (s.candidates !== capturedCount) throw new Error('the search hashed other strings than the ones captured');
  ours.push(s.candidates / ((performance.now() - t) / 1000));
  t = performance.now();
  for (const x of bytes) createHash('sha256').update(x).digest();
  createHashRate.push(capturedCount / ((performance.now() - t) / 1000));
  t = performance.now();
  for (const x of bytes) hash('sha256', x, 'buffer');
  oneShotRate.push(capturedCount / ((performance.now() - t) / 1000));
}

// One explanation, end to end (open, the families, the value search), with the default budget and
// everything at hand (the file and 100 earlier sends): the two-field stage runs into the budget.
const worst: number[] = [];
for (let r = 0; r < rounds; r++) {
  const t = performance.now();
  const e = explainSignature({ template, values, secret, signature, publicKey, sources, bodyJson: JSON.stringify(values) });
  worst.push(performance.now() - t);
  if (e.match) throw new Error('the bench signature must not be explained');
}

console.log(
  JSON.stringify({
    candidates: capturedCount,
    searchPerSecond: Math.round(median(ours)),
    createHashPerSecond: Math.round(median(createHashRate)),
    cryptoHashPerSecond: Math.round(median(oneShotRate)),
    worstExplanationMs: Math.round(Math.max(...worst)),
    medianExplanationMs: Math.round(median(worst)),
    budgetMs: EXPLAIN_BUDGET_MS,
  }),
);
