// Probe (not part of the bench): what makes the tail of "completion right after a keystroke". The
// server runs with scripts/bench/gcEntries.cjs; 300 rounds of a keystroke and a completion on the
// bench's 5,000-request file, then which of the slowest tenth of the completions overlapped a
// garbage collection, and of which kind. Extra V8 flags for the server (after client/serverProcess.json's)
// as one argument, e.g. '--heap-growing-percent=0' for V8's own factor. Prints text, asserts nothing.
//   node scripts/bench/completionGc.mjs ['--flag …'] [DIST (a folder with server.js; default dist/)]
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lsp from 'vscode-languageserver-protocol/node';
import { generateRequests } from '../bench-lsp-file.mjs';
import { payoutServer, quantile, startSession } from './lsp.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const entriesFile = join(tmpdir(), `payout-gc-entries-${process.pid}.json`);
const text = generateRequests(5000);
const editLines = [];
text.split('\n').forEach((l, i) => l.startsWith('  "content": "Coffee') && editLines.push(i));
const uri = pathToFileURL(join(root, 'bench.payout.http')).href;
const flags = ['--require', join(root, 'scripts/bench/gcEntries.cjs'), ...(process.argv[2] ?? '').split(' ').filter(Boolean)];
const server = { ...payoutServer(root, { flags, dist: resolve(process.argv[3] ?? join(root, 'dist')) }) };
server.env = { ...server.env, PAYOUT_HTTP_GC_ENTRIES: entriesFile };
const s = await startSession(server, uri);
await s.open(text);
await new Promise((r) => setTimeout(r, 300));
const now = () => performance.timeOrigin + performance.now();
const spans = [];
for (let k = 0; k < 300; k++) {
  const line = editLines[((k + 1) * 7919) % editLines.length];
  const typed = s.change({ range: { start: { line, character: 20 }, end: { line, character: 20 } }, text: 'x' });
  const t0 = now();
  await s.conn.sendRequest(lsp.CompletionRequest.type, { textDocument: { uri }, position: { line: line + 1, character: 2 } });
  spans.push([t0, now()]);
  await typed;
  await s.change({ range: { start: { line, character: 20 }, end: { line, character: 21 } }, text: '' });
}
s.child.kill('SIGUSR2');
await new Promise((r) => setTimeout(r, 300));
await s.close();
const gc = JSON.parse(readFileSync(entriesFile, 'utf8'));
rmSync(entriesFile, { force: true });
const ms = spans.map(([a, b]) => b - a);
const slow = spans.filter(([a, b]) => b - a > quantile(ms, 90));
const kinds = {};
let overlapping = 0;
for (const [a, b] of slow) {
  const hit = gc.filter(([t, , d]) => t < b && t + d > a);
  if (hit.length) overlapping++;
  for (const [, kind, d] of hit) (kinds[kind] ??= []).push(Math.round(d * 10) / 10);
}
const during = gc.filter(([t]) => t >= spans[0][0]);
console.log(
  `completion p50 ${quantile(ms, 50).toFixed(2)} ms, p95 ${quantile(ms, 95).toFixed(2)} ms, max ${Math.max(...ms).toFixed(2)} ms`,
);
console.log(
  `slowest tenth: ${slow.length}, of which ${overlapping} overlapped a collection; their pauses by kind (ms): ${JSON.stringify(kinds)}`,
);
console.log(`collections during the rounds: ${during.length} (${during.filter(([, k]) => k !== 1).length} not young-generation)`);
