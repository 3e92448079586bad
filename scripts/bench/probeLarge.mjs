// Probe (not part of the bench): RSS and peak RSS of the server at each step of the bench's 20 MB
// row (open, then keystroke-and-undo pairs), to see when the peak is reached.
//   [NODEFLAGS="..."] node scripts/bench/probeLarge.mjs
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateRequests } from '../bench-lsp-file.mjs';
import { probeServer, startSession } from './lsp.mjs';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const count = Math.round((5000 * 20) / 1.98);
const text = generateRequests(count);
const editLines = [];
text.split('\n').forEach((l, i) => l.startsWith('  "content": "Coffee') && editLines.push(i));
const server = probeServer(root);
const uri = pathToFileURL(join(root, 'large.payout.http')).href;
const s = await startSession(server, uri);
const m = (label) => {
  const x = s.memory();
  console.log(label.padEnd(24), 'rss', x.rss, 'peak', x.peak);
};
m('started');
let t0 = performance.now();
await s.open(text);
console.log('open ms', Math.round(performance.now() - t0));
m('opened');
for (let k = 0; k < 10; k++) {
  const line = editLines[(k * 7919) % editLines.length];
  await s.change({ range: { start: { line, character: 20 }, end: { line, character: 20 } }, text: 'x' });
  await s.change({ range: { start: { line, character: 20 }, end: { line, character: 21 } }, text: '' });
  m(`after keystroke ${k}`);
}
await s.close();
