// Probe (not part of the bench): the server's RSS and heap spaces before and after opening the
// bench's file, to see what the "RSS, the file open" row is made of.
//   NODEFLAGS="--require ./scripts/bench/heapSpaces.cjs" node scripts/bench/probeOpen.mjs [requests]
// or what lived through a young-generation collection during the open, by function:
//   NODEFLAGS="--expose-gc --require ./scripts/bench/heapSampler.cjs" node scripts/bench/probeOpen.mjs && node scripts/bench/heapSamples.mjs
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateRequests } from '../bench-lsp-file.mjs';
import { probeServer, startSession } from './lsp.mjs';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const text = generateRequests(Number(process.argv[2] ?? 5000));
const server = probeServer(root);
const s = await startSession(server, pathToFileURL(join(root, 'bench.payout.http')).href);
await new Promise((r) => setTimeout(r, 300));
s.child.kill('SIGUSR2');
await new Promise((r) => setTimeout(r, 100));
await s.open(text);
await new Promise((r) => setTimeout(r, 200));
console.log('after open', s.memory());
s.child.kill('SIGUSR2');
await new Promise((r) => setTimeout(r, 100));
await s.close();
