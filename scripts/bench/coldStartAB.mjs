// Cold start of two builds of the language server, alternated (A B, B A, …) so that the load of a
// shared machine falls on both alike: spawn → first diagnostics of the quick-start file, and the
// server's RSS then. Three cold starts per `npm run bench` move by more than a change to start-up
// does; this runs many. Prints figures, asserts nothing.
//
//   node scripts/bench/coldStartAB.mjs DIST_A DIST_B [RUNS]   (each DIST a folder with server.js)
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startSession } from './lsp.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const [a, b, runs = '20'] = process.argv.slice(2);
if (!a || !b) {
  process.stderr.write('Usage: node scripts/bench/coldStartAB.mjs DIST_A DIST_B [RUNS]: two folders holding a built server.js\n');
  process.exit(2);
}
const small = readFileSync(join(root, 'examples/quickstart.payout.http'), 'utf8');
const uri = pathToFileURL(join(root, 'bench.payout.http')).href;
const server = (dist) => ({
  name: dist,
  command: [process.execPath, join(resolve(dist), 'server.js'), '--stdio'],
  languageId: 'payout-http',
  init: { sendLensesOnClient: true },
});
const builds = { A: server(a), B: server(b) };
const ms = { A: [], B: [] };
const rss = { A: [], B: [] };
for (let i = 0; i < Number(runs); i++) {
  for (const k of i % 2 ? ['A', 'B'] : ['B', 'A']) {
    const s = await startSession(builds[k], uri);
    await s.open(small);
    ms[k].push(performance.now() - s.spawned);
    rss[k].push(s.memory()?.rss);
    await s.close();
  }
}
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
for (const k of ['A', 'B'])
  console.log(
    `${k} ${builds[k].name}: cold start → first diagnostics median ${median(ms[k]).toFixed(1)} ms (min ${Math.min(...ms[k]).toFixed(1)}), RSS then median ${median(rss[k])} MB, ${runs} runs`,
  );
