// Probe (not part of the bench): the language server's rows with different V8 flags, alternated in
// one run, so a flag's cost is not confused with the shared machine's load (which moved the open of
// the 5,000-request file between 240 and 380 ms within an hour). Each round measures every
// configuration on the bench's 5,000-request file (open, keystrokes, completion, lenses, RSS) and
// on its 20 MB document (open, keystrokes, peak RSS), with client/serverProcess.json's flags and
// then the configuration's own. This is how `--heap-growing-percent=50` was chosen (README "Server memory").
//   node scripts/bench/flagsAB.mjs '{"json":[],"v8own":["--heap-growing-percent=0"]}' [rounds=3]
// A flag given here comes after the JSON's, and V8 takes the last value of a flag given twice (0: V8's own factor).
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateRequests } from '../bench-lsp-file.mjs';
import { measureLarge, measureServer, payoutServer } from './lsp.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
function benchDocument(requests, name) {
  const text = generateRequests(requests);
  const editLines = [];
  text.split('\n').forEach((l, i) => l.startsWith('  "content": "Coffee') && editLines.push(i));
  return {
    uri: pathToFileURL(join(root, name)).href,
    text,
    small: '',
    editLines,
    completionAt: (line) => ({ line: line + 1, character: 2 }),
  };
}
const file = benchDocument(5000, 'bench.payout.http');
const large = benchDocument(Math.round((5000 * 20) / 1.98), 'large.payout.http');
const configs = JSON.parse(process.argv[2] ?? '{"json":[]}');
const rounds = Number(process.argv[3] ?? 3);
for (let round = 0; round < rounds; round++) {
  for (const [name, flags] of Object.entries(configs)) {
    const server = payoutServer(root, { flags });
    const a = await measureServer(server, file, { lenses: true, coldRuns: 0, idleSeconds: 0 });
    const l = await measureLarge(server, large);
    console.log(
      `${name}: 5,000 open ${a.openToDiagnosticsMs} ms, completion p95 ${a.completionAfterKeystrokeMs.p95} ms, ` +
        `keystroke p95 ${a.keystrokeToDiagnosticsMs.p95} ms, lenses ${a.codeLenses.firstMs} / ${a.codeLenses.afterKeystrokeMs} ms, ` +
        `RSS ${a.memoryMB.open} / ${a.memoryMB.afterEdits} MB | 20 MB open ${l.openToDiagnosticsMs} ms, ` +
        `keystroke p95 ${l.keystrokeToDiagnosticsMs.p95} ms, peak ${l.memoryMB.peak} MB`,
    );
  }
}
