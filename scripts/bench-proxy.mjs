// What the inspecting proxy costs a client: the same signed request sent N times to the local
// sandbox directly and through `payout-http proxy` (both real processes), interleaved, with the
// round-trip time of each; and how long the inspection of each exchange took beside it (the
// proxy's `ms` is the forwarding; the check runs after the client has its answer). Prints figures.
//
//   node scripts/bench-proxy.mjs [--rounds 300] [--mismatch]   (after npm run build)
import { spawn } from 'node:child_process';
import { sign } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = resolve(root, 'dist/cli.js');
const i = process.argv.indexOf('--rounds');
const ROUNDS = i > 0 ? Number(process.argv[i + 1]) : 300;
const MISMATCH = process.argv.includes('--mismatch');
const home = mkdtempSync(join(tmpdir(), 'payout-bench-proxy-'));

function start(args, ready) {
  const child = spawn(process.execPath, [cli, ...args], {
    env: { ...process.env, PAYOUT_HTTP_HOME: home },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const lines = [];
  const first = new Promise((r) =>
    child.stdout.on('data', (d) => {
      out += d.toString();
      const parts = out.split('\n');
      out = parts.pop();
      for (const l of parts) {
        lines.push(l);
        const m = ready(l);
        if (m) r(m);
      }
    }),
  );
  return { child, first, lines };
}

function post(base, path, body) {
  return new Promise((res, rej) => {
    const t0 = performance.now();
    const req = request(
      new URL(path, base),
      { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (r) => {
        r.resume();
        r.on('end', () => res(performance.now() - t0));
      },
    );
    req.on('error', rej);
    req.end(body);
  });
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (xs) => `p50 ${pct(xs, 50).toFixed(2)} ms, p95 ${pct(xs, 95).toFixed(2)} ms`;

const sandbox = start(['sandbox', '--port', '0', '--home', home], (l) => /listening on (\S+)/.exec(l)?.[1]);
const sandboxUrl = await sandbox.first;
const proxy = start(['proxy', '--upstream', sandboxUrl, '--json'], (l) => (/^http:\/\/127\.0\.0\.1:\d+$/.test(l) ? l : undefined));
const proxyUrl = await proxy.first;

const secret = JSON.parse(readFileSync(join(home, 'credentials', 'partner.json'), 'utf8')).secretKey;
const key = readFileSync(join(home, 'credentials', 'partner-private.pem'), 'utf8');
const partnerCode = JSON.parse(readFileSync(join(home, 'local', 'http-client.env.json'), 'utf8')).local.partnerCode;
const signed = sign('sha256', Buffer.from(`${partnerCode}|USDT|${MISMATCH ? '100000.00' : '100000'}|${secret}`), key).toString('base64');
const body = JSON.stringify({ partnerCode, currency: 'USDT', fiatAmount: 100000, signature: signed });
const path = '/api/v2/orders/review-sell-order';

for (let w = 0; w < 20; w++) (await post(sandboxUrl, path, body), await post(proxyUrl, path, body));
const direct = [];
const proxied = [];
for (let r = 0; r < ROUNDS; r++) {
  direct.push(await post(sandboxUrl, path, body));
  proxied.push(await post(proxyUrl, path, body));
}
await new Promise((r) => setTimeout(r, 500));
const records = proxy.lines.slice(1).map((l) => JSON.parse(l));
console.log(
  `${ROUNDS} signed review-sell-order requests (${MISMATCH ? 'a mismatch, explained each time' : 'verified'}), sequential, interleaved:`,
);
console.log(`  direct to the sandbox:   ${fmt(direct)}`);
console.log(`  through the proxy:       ${fmt(proxied)}`);
console.log(`  verdicts: ${[...new Set(records.map((x) => x.request.signature))].join(', ')} (${records.length} exchanges)`);
proxy.child.kill('SIGINT');
sandbox.child.kill('SIGTERM');
