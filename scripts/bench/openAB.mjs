// The open of the bench's 5,000-request file by two builds of the language server and the peer
// (vscode-json-languageserver on the same bodies, as `npm run bench` runs it), in rotating order,
// each open a fresh process (scripts/bench/lsp.mjs `opens`): didOpen → the diagnostics of version
// 1. How a change to the parse or lint was told from the machine's load, which moves one open by a
// third within minutes (README, "The open's lint"). Prints figures, asserts nothing.
//
//   node scripts/bench/openAB.mjs DIST_A DIST_B [RUNS]   (each DIST a folder with server.js)
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateRequests } from '../bench-lsp-file.mjs';
import { median, opens, payoutServer } from './lsp.mjs';
import { bodiesOf, jsonDocument, jsonServer } from './peer.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const [a, b, runs = '8'] = process.argv.slice(2);
if (!a || !b) {
  process.stderr.write('Usage: node scripts/bench/openAB.mjs DIST_A DIST_B [RUNS]: two folders holding a built server.js\n');
  process.exit(2);
}
const text = generateRequests(5000);
const uri = pathToFileURL(join(root, 'bench.payout.http')).href;
const names = [a, b, 'peer'];
const builds = [
  { server: payoutServer(root, { dist: resolve(a) }), uri, text },
  { server: payoutServer(root, { dist: resolve(b) }), uri, text },
  { server: jsonServer(root), uri: pathToFileURL(join(root, 'bench.json')).href, text: jsonDocument(bodiesOf(text)) },
];
const measured = await opens(builds, Number(runs));
const peer = median(measured[2]);
measured.forEach((ms, i) =>
  console.log(
    `${names[i]}: open → diagnostics median ${median(ms)} ms (${Math.min(...ms)}–${Math.max(...ms)})` +
      `${i < 2 ? `, ${(median(ms) / peer).toFixed(2)}× the peer` : ''}; ${runs} runs`,
  ),
);
