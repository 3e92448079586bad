// Where the language server's time and memory go on a big document, measured over the real stdio
// server (dist/server.js, `npm run build` first) driven by the bench's LSP client: the server runs
// with --cpu-prof, its RSS is read every 20 ms, and the profile is summed into the stages of an
// open (reading the didOpen message, parse, lint, converting and sending the diagnostics, GC) and of
// the keystrokes that follow. Prints one JSON object. Asserts nothing.
//
//   node scripts/bench/serverProfile.mjs [requests=50505] [keystrokes=20] [--editor] [--keep DIR] [--flags='--v8-flag …'] [--dist DIR]
//
// --editor: after the open, ask what VS Code asks of a newly opened file (code lenses, folding
// ranges, document symbols) and time each answer.
// --flags: V8 flags for the server process besides the ones it is started with (to compare them).
// --dist: the bundles to run (default dist/), e.g. another build's, for an A/B.
//
// The stage of a sample is the first of STAGES found on its stack from the top (the innermost
// frame that names one), so "lint" is lint's own time without the parse it may call.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lsp from 'vscode-languageserver-protocol/node';
import { generateRequests } from '../bench-lsp-file.mjs';
import { memoryOf, payoutServer, quantile, startSession } from './lsp.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--keep' && all[i - 1] !== '--dist');
const flags = (process.argv.find((a) => a.startsWith('--flags='))?.slice('--flags='.length) ?? '').split(' ').filter(Boolean);
const requests = Number(args[0] ?? 50505);
const keystrokes = Number(args[1] ?? 20);
const keepAt = process.argv.indexOf('--keep');
const distAt = process.argv.indexOf('--dist');
const dist = distAt > 0 ? resolve(process.argv[distAt + 1]) : join(root, 'dist');
const dir = keepAt > 0 ? resolve(process.argv[keepAt + 1]) : mkdtempSync(join(tmpdir(), 'payout-prof-'));

// A frame's stage: by function name (the bundle is not minified by `npm run build`), then by file.
const STAGES = [
  ['publish: JSON.stringify + write', /^(stringify|write|doWrite|sendNotification|sendDiagnostics|publish)$/],
  ['diagnostics → LSP (positions)', /^(toLspDiagnostic|spanToRange|positionAt)$/],
  // A rule's `check` is a block rule's under lintBlock, a file rule's under lintFileAfter.
  ['lint: file rules', /^lintFileAfter$/],
  ['lint: blocks', /^(lintBlock|blockLintsInSteps|blockContext)$/],
  ['parse', /^(parseHttpFile|createDocument|parseBlock|parseBlocks)$/],
  ['line index', /^(LineIndex|computeLineStarts)$/],
  ['code lenses', /^(codeLensPlaces|codeLenses)$/],
  ['folding, symbols', /^(foldingRanges|documentSymbols)$/],
  ['apply edits', /^(flush|applyTyping|getText)$/],
  ['didOpen: read + JSON.parse', /^(parse|onData|handleMessage|tryReadBody|readMessage|transform|_transform)$/],
];
const stageOf = (stack) => {
  for (let i = stack.length - 1; i >= 0; i--) {
    const f = stack[i];
    if (f === '(garbage collector)') return 'GC';
    for (const [stage, re] of STAGES) if (re.test(f)) return stage;
  }
  return stack.length <= 2 ? 'idle / program' : 'other';
};

// Started as the editor starts it, profiled (payoutServer: the flags of client/serverProcess.json, then these).
const server = payoutServer(root, {
  dist,
  flags: [...flags, '--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=200'],
});
const text = generateRequests(requests);
const editLines = [];
text.split('\n').forEach((l, i) => l.startsWith('  "content": "Coffee') && editLines.push(i));
const uri = pathToFileURL(join(root, 'large.payout.http')).href;

const s = await startSession(server, uri);
await new Promise((r) => setTimeout(r, 300));
const memStart = s.memory();
const samples = [];
const sampler = setInterval(() => {
  const m = memoryOf(s.child.pid);
  if (m) samples.push([Math.round(performance.now()), m.rss]);
}, 20);
const marks = {};
const t0 = performance.now();
marks.openSent = 0;
const published = await s.open(text);
marks.diagnostics = Math.round(performance.now() - t0);
const memOpen = s.memory();
const editorMs = {};
if (process.argv.includes('--editor')) {
  for (const [name, type] of [
    ['codeLens', lsp.CodeLensRequest.type],
    ['foldingRange', lsp.FoldingRangeRequest.type],
    ['documentSymbol', lsp.DocumentSymbolRequest.type],
  ]) {
    const t = performance.now();
    await s.conn.sendRequest(type, { textDocument: { uri } });
    editorMs[name] = Math.round(performance.now() - t);
  }
}
const each = [];
const tk = performance.now();
marks.keystrokesFrom = Math.round(tk - t0);
for (let k = 0; k < keystrokes; k++) {
  const line = editLines[(k * 7919) % editLines.length];
  for (const change of [
    { range: { start: { line, character: 20 }, end: { line, character: 20 } }, text: 'x' },
    { range: { start: { line, character: 20 }, end: { line, character: 21 } }, text: '' },
  ]) {
    const t = performance.now();
    await s.change(change);
    each.push(performance.now() - t);
  }
}
marks.keystrokesTo = Math.round(performance.now() - t0);
clearInterval(sampler);
const memEnd = s.memory();
await s.close();
// The profile is written as the server exits.
let file;
for (let i = 0; i < 100 && !file; i++) {
  await new Promise((r) => setTimeout(r, 100));
  file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
}
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
if (keepAt < 0) rmSync(dir, { recursive: true, force: true });

// Each sample's stack (function names from the leaf's root down), with its time in the server's clock.
const parent = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const stackOf = new Map();
const stack = (id) => {
  let st = stackOf.get(id);
  if (st) return st;
  const p = parent.get(id);
  st = [...(p === undefined ? [] : stack(p)), byId.get(id).callFrame.functionName || '(anonymous)'];
  stackOf.set(id, st);
  return st;
};
// Samples are split at the first sample of the publish that answered the open: the server's clock
// is not ours, so the open is "from the first sample of the didOpen's read to the first keystroke".
const times = [];
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i];
  times.push(at);
}
const phases = { open: new Map(), keystrokes: new Map() };
const selfTop = { open: new Map(), keystrokes: new Map() };
// Find the open's start: the first sample whose stage is the didOpen read after the initialize.
let openStart;
let keysStart;
for (let i = 0; i < profile.samples.length; i++) {
  const st = stack(profile.samples[i]);
  const stage = stageOf(st);
  if (openStart === undefined && (stage === 'parse' || stage === 'didOpen: read + JSON.parse')) openStart = times[i];
}
// The keystrokes start once the open's publish is done: the first sample after it whose stage is "apply edits".
const startOfKeys = (() => {
  let publishSeen = false;
  for (let i = 0; i < profile.samples.length; i++) {
    const stage = stageOf(stack(profile.samples[i]));
    if (stage === 'publish: JSON.stringify + write') publishSeen = true;
    else if (publishSeen && stage === 'apply edits') return times[i];
  }
  return Infinity;
})();
keysStart = startOfKeys;
const add = (m, k, us) => m.set(k, (m.get(k) ?? 0) + us);
for (let i = 0; i < profile.samples.length; i++) {
  if (openStart === undefined || times[i] < openStart) continue;
  const phase = times[i] < keysStart ? 'open' : 'keystrokes';
  const st = stack(profile.samples[i]);
  const us = profile.timeDeltas[i + 1] ?? 0;
  add(phases[phase], stageOf(st), us);
  add(selfTop[phase], st[st.length - 1], us);
}
const msOf = (m) =>
  Object.fromEntries(
    [...m]
      .sort((a, b) => b[1] - a[1])
      .filter(([, us]) => us >= 1000)
      .map(([k, us]) => [k, Math.round(us / 1000)]),
  );
const peakDuringOpen = Math.max(...samples.filter(([t]) => t - t0 <= marks.diagnostics).map(([, r]) => r));
console.log(
  JSON.stringify(
    {
      requests,
      documentMB: Math.round(text.length / 1e4) / 100,
      openToDiagnosticsMs: marks.diagnostics,
      diagnostics: published.diagnostics.length,
      editorMs,
      keystrokeP50Ms: Math.round(quantile(each, 50) * 10) / 10,
      keystrokeP95Ms: Math.round(quantile(each, 95) * 10) / 10,
      rssMB: { start: memStart?.rss, peakDuringOpen, open: memOpen?.rss, afterKeystrokes: memEnd?.rss, peak: memEnd?.peak },
      openCpuMsByStage: msOf(phases.open),
      keystrokesCpuMsByStage: msOf(phases.keystrokes),
      openTopSelfMs: Object.fromEntries(Object.entries(msOf(selfTop.open)).slice(0, 25)),
      keystrokesTopSelfMs: Object.fromEntries(Object.entries(msOf(selfTop.keystrokes)).slice(0, 15)),
    },
    null,
    1,
  ),
);
