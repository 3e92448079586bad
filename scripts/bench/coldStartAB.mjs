// Cold start of two builds of the language server and the peer (vscode-json-languageserver, as
// `npm run bench` runs it: scripts/bench/peer.mjs), in rotating order (A B peer, B peer A, …) so
// that the load of a shared machine falls on all alike: spawn → first diagnostics of the
// quick-start file (the peer: four of the bench's bodies), and the server's RSS then. Three cold
// starts per `npm run bench` move by more than a change to start-up does; this runs many. Prints
// figures, asserts nothing.
//
//   node scripts/bench/coldStartAB.mjs DIST_A DIST_B [RUNS]   (each DIST a folder with server.js)
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateRequests } from '../bench-lsp-file.mjs';
import { coldStarts, payoutServer } from './lsp.mjs';
import { bodiesOf, jsonDocument, jsonServer } from './peer.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const [a, b, runs = '20'] = process.argv.slice(2);
if (!a || !b) {
  process.stderr.write('Usage: node scripts/bench/coldStartAB.mjs DIST_A DIST_B [RUNS]: two folders holding a built server.js\n');
  process.exit(2);
}
const server = (dist) => ({
  server: { ...payoutServer(root, { dist: resolve(dist) }), name: dist },
  uri: pathToFileURL(join(root, 'bench.payout.http')).href,
  text: readFileSync(join(root, 'examples/quickstart.payout.http'), 'utf8'),
});
const names = ['A', 'B', 'peer'];
const builds = [
  server(a),
  server(b),
  { server: jsonServer(root), uri: pathToFileURL(join(root, 'bench.json')).href, text: jsonDocument(bodiesOf(generateRequests(4))) },
];
const measured = await coldStarts(builds, Number(runs));
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const peerMs = median(measured[2].ms);
const peerCpu = median(measured[2].cpuMs);
measured.forEach(({ ms, rssMB, cpuMs }, i) =>
  console.log(
    `${names[i]} ${builds[i].server.name}: cold start → first diagnostics median ${median(ms).toFixed(1)} ms (min ${Math.min(...ms).toFixed(1)})` +
      `${i < 2 ? `, ${(median(ms) / peerMs).toFixed(2)}× the peer` : ''}; CPU then median ${median(cpuMs)} ms` +
      `${i < 2 ? ` (${(median(cpuMs) / peerCpu).toFixed(2)}× the peer)` : ''}; RSS then median ${median(rssMB)} MB; ${runs} runs`,
  ),
);
