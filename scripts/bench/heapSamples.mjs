// Sums a profile written by heapSampler.cjs: MB allocated (and lived through a young-generation
// collection) per function, by itself and with what it called. `npm run build` (not minified) first,
// so the functions have their names. Prints text; asserts nothing.
//   node scripts/bench/heapSamples.mjs [profile=/tmp/payout-heap-samples.json] [rows=30]
import { readFileSync } from 'node:fs';

const profile = JSON.parse(readFileSync(process.argv[2] ?? '/tmp/payout-heap-samples.json', 'utf8'));
const rows = Number(process.argv[3] ?? 30);
const self = new Map();
const total = new Map();
const walk = (node, stack) => {
  const key = `${node.callFrame.functionName || '(anonymous)'} :${node.callFrame.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + node.selfSize);
  const callers = stack.includes(key) ? stack : [...stack, key];
  for (const k of callers) total.set(k, (total.get(k) ?? 0) + node.selfSize);
  for (const child of node.children) walk(child, callers);
};
walk(profile.head, []);
const top = (m) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([k, v]) => `${(v / 1e6).toFixed(1).padStart(7)} MB  ${k}`)
    .join('\n');
console.log(`by itself\n${top(self)}\n\nwith what it called\n${top(total)}`);
