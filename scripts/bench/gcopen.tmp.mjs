import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateRequests } from '../bench-lsp-file.mjs';
import { payoutServer, startSession } from './lsp.mjs';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const n = Number(process.argv[2] ?? 5000);
const text = generateRequests(n);
for (let r = 0; r < 3; r++) for (const [name, flags] of [['flag', []], ['v8own', ['--heap-growing-percent=0']]]) {
  const s = await startSession(payoutServer(root, { flags: ['--require', '/tmp/p/gcCount.cjs', ...flags] }), pathToFileURL(join(root, 'b.payout.http')).href);
  await new Promise((r) => setTimeout(r, 300));
  s.child.kill('SIGUSR2'); await new Promise((r) => setTimeout(r, 100));
  const t0 = performance.now();
  await s.open(text);
  const ms = performance.now() - t0;
  s.child.kill('SIGUSR2'); await new Promise((r) => setTimeout(r, 100));
  const { readFileSync } = await import('node:fs');
  const lines = readFileSync('/tmp/p/gc.txt', 'utf8').trim().split('\n');
  console.log(name.padEnd(6), 'open', Math.round(ms), lines[lines.length - 1]);
  await s.close();
}
