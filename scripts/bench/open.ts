// Open -> diagnostics in-process, as the server does it: parse the whole file, lint it in steps,
// convert to LSP. For CPU profiles (`node --cpu-prof --import tsx scripts/bench/open.ts [requests] [keystrokes]`).
import { performance } from 'node:perf_hooks';
import { createLanguageService } from '../../engine/language';
import { BatchedDocument } from '../../server/src/batchedDocument';
import { generateRequests } from '../bench-lsp-file.mjs';

const requests = Number(process.argv[2] ?? 5000);
const keystrokes = Number(process.argv[3] ?? 0);
const text = generateRequests(requests);
const service = createLanguageService();
const uri = 'file:///tmp/open/bench.payout.http';
const td = BatchedDocument.create(uri, 'payout-http', 1, text);
const drain = <R>(g: Generator<void, R>): R => {
  for (;;) {
    const s = g.next();
    if (s.done) return s.value;
  }
};
// CPU time as well as wall-clock time: on a shared machine the CPU time is the steadier figure.
const cpuMs = (since?: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};
let t0 = performance.now();
const c0 = process.cpuUsage();
const doc = service.document(uri, 1, td.pieces());
const parseMs = performance.now() - t0;
const parseCpuMs = cpuMs(c0);
const diagnostics = drain(service.diagnosticsInSteps(doc));
const openMs = performance.now() - t0;
const openCpuMs = cpuMs(c0);
const lines: number[] = [];
text.split('\n').forEach((l, i) => l.startsWith('  "content": "Coffee') && lines.push(i));
const each: number[] = [];
const c1 = process.cpuUsage();
for (let k = 0; k < keystrokes; k++) {
  const line = lines[(k * 7919) % lines.length];
  t0 = performance.now();
  BatchedDocument.update(td, [{ range: { start: { line, character: 20 }, end: { line, character: 20 } }, text: 'x' }], td.version + 1);
  drain(service.diagnosticsInSteps(service.document(uri, td.version, td.pieces())));
  each.push(performance.now() - t0);
}
const keystrokeCpuMs = keystrokes ? cpuMs(c1) / keystrokes : undefined;
each.sort((a, b) => a - b);
const mem = process.memoryUsage();
console.log(
  JSON.stringify({
    requests,
    megabytes: Math.round(text.length / 1e4) / 100,
    parseMs: Math.round(parseMs),
    parseCpuMs: Math.round(parseCpuMs),
    openToDiagnosticsMs: Math.round(openMs),
    openCpuMs: Math.round(openCpuMs),
    keystrokeCpuMs: keystrokeCpuMs === undefined ? undefined : Math.round(keystrokeCpuMs * 10) / 10,
    diagnostics: diagnostics.length,
    keystrokeP50Ms: each.length ? Math.round(each[each.length >> 1] * 10) / 10 : undefined,
    keystrokeP95Ms: each.length ? Math.round(each[Math.floor(each.length * 0.95)] * 10) / 10 : undefined,
    heapMB: Math.round(mem.heapUsed / 1e6),
    rssMB: Math.round(mem.rss / 1e6),
  }),
);
