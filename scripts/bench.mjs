// `npm run bench`: the language server's speed on a 5,000-request (~1.9 MB) file, measured the way
// an editor sees it: the bundled server as its own process, LSP over stdio. Prints figures
// (completion p50/p95/max, keystroke -> publishDiagnostics p50/p95/max, memory); asserts nothing.
//
//   node scripts/bench.mjs [--requests 5000] [--rounds 200] [--no-bundle]
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import lsp from 'vscode-languageserver-protocol/node';
import { generateRequests } from './bench-lsp-file.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const REQUESTS = arg('requests', 5000);
const ROUNDS = arg('rounds', 200);

// The figures are the shipped code's: bundle with the same script the build uses.
if (!process.argv.includes('--no-bundle')) {
  execFileSync(process.execPath, [resolve(root, 'scripts/build.mjs')], { stdio: 'inherit' });
}

const text = generateRequests(REQUESTS);
const lines = text.split('\n');
const uri = pathToFileURL(resolve(root, 'bench.payout.http')).href;

const child = spawn(process.execPath, [resolve(root, 'dist/server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
const conn = lsp.createProtocolConnection(new lsp.StreamMessageReader(child.stdout), new lsp.StreamMessageWriter(child.stdin));
const waiting = new Map();
conn.onNotification(lsp.PublishDiagnosticsNotification.type, (p) => {
  const w = waiting.get(p.version);
  if (w) {
    waiting.delete(p.version);
    w(p);
  }
});
conn.onRequest('client/registerCapability', () => null);
conn.onRequest('workspace/codeLens/refresh', () => null);
conn.listen();
const diagnosticsFor = (version) => new Promise((res) => waiting.set(version, res));

await conn.sendRequest(lsp.InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} });
await conn.sendNotification(lsp.InitializedNotification.type, {});

let t0 = performance.now();
const firstDiagnostics = diagnosticsFor(1);
await conn.sendNotification(lsp.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'payout-http', version: 1, text } });
const first = await firstDiagnostics;
const openMs = performance.now() - t0;

// Lines to edit and complete at: the `"content": "Coffee number N"` lines, spread over the file.
const contentLines = [];
lines.forEach((l, i) => l.startsWith('  "content": "Coffee') && contentLines.push(i));
const pick = (k) => contentLines[Math.floor(((k * 7919) % contentLines.length))];

// Keystrokes: type one character into a string, then delete it (the file stays lint-clean), each
// timed from didChange sent to publishDiagnostics received for that version.
const keystroke = [];
let version = 1;
for (let k = 0; k < ROUNDS; k++) {
  const line = pick(k);
  const character = 20;
  for (const change of [
    { range: { start: { line, character }, end: { line, character } }, text: 'x' },
    { range: { start: { line, character }, end: { line, character: character + 1 } }, text: '' },
  ]) {
    version++;
    const p = diagnosticsFor(version);
    t0 = performance.now();
    await conn.sendNotification(lsp.DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [change] });
    await p;
    keystroke.push(performance.now() - t0);
  }
}

// Completion: at a property key in the body (the line after "content"), and right after `{{` in
// `"partnerCode": "{{partnerCode}}"` (variables: file, environment, system, named requests).
const completion = [];
let itemCount = 0;
for (let k = 0; k < ROUNDS; k++) {
  const line = pick(k + 1);
  for (const position of [{ line: line + 1, character: 2 }, { line: line - 7, character: 20 }]) {
    t0 = performance.now();
    const list = await conn.sendRequest(lsp.CompletionRequest.type, { textDocument: { uri }, position });
    completion.push(performance.now() - t0);
    itemCount += list?.items?.length ?? 0;
  }
}

// Code lenses of the whole file (VS Code asks after edits, debounced).
t0 = performance.now();
const lenses = await conn.sendRequest(lsp.CodeLensRequest.type, { textDocument: { uri } });
const lensMs = performance.now() - t0;
// Again after a keystroke: previews of unchanged requests come from the per-block cache.
version++;
const afterEdit = diagnosticsFor(version);
await conn.sendNotification(lsp.DidChangeTextDocumentNotification.type, {
  textDocument: { uri, version },
  contentChanges: [{ range: { start: { line: pick(3), character: 20 }, end: { line: pick(3), character: 20 } }, text: 'y' }],
});
await afterEdit;
t0 = performance.now();
await conn.sendRequest(lsp.CodeLensRequest.type, { textDocument: { uri } });
const lensWarmMs = performance.now() - t0;

let rss = 'n/a';
try {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  rss = /VmRSS:\s*(\d+) kB/.exec(status)?.[1] ? `${Math.round(Number(/VmRSS:\s*(\d+) kB/.exec(status)[1]) / 1024)} MB` : 'n/a';
} catch {
  // not Linux
}

await conn.sendRequest(lsp.ShutdownRequest.type);
await conn.sendNotification(lsp.ExitNotification.type);
conn.dispose();

const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const f = (ms) => `${ms.toFixed(2)} ms`;
console.log(`payout-http language server, ${REQUESTS} requests, ${(text.length / 1e6).toFixed(2)} MB, over stdio (node ${process.version})`);
console.log(`  open -> first diagnostics:          ${f(openMs)} (${first.diagnostics.length} diagnostics)`);
console.log(`  keystroke -> publishDiagnostics:    p50 ${f(q(keystroke, 50))}  p95 ${f(q(keystroke, 95))}  max ${f(Math.max(...keystroke))}  (${keystroke.length} edits)`);
console.log(`  completion:                         p50 ${f(q(completion, 50))}  p95 ${f(q(completion, 95))}  max ${f(Math.max(...completion))}  (${completion.length} requests, ${Math.round(itemCount / completion.length)} items avg)`);
console.log(`  code lenses (whole file):           first ${f(lensMs)}, after a keystroke ${f(lensWarmMs)} (${lenses?.length ?? 0} lenses)`);
console.log(`  server memory (RSS):                ${rss}`);
