// Sending N signed requests (account/verify, signed `partnerCode|<secretKey>`) to the local sandbox,
// one after another, each as its own process timed from spawn to exit:
//   - payout-http:  `payout-http send FILE --all --quiet` (resolves, signs, sends, checks each
//                   response's signature and assertions);
//   - floor:        a minimal Node script: node:crypto with the key parsed once + undici, nothing else;
//                   it does not verify the response's signature, which payout-http does (the product
//                   verifies every response): kept so, as the issue defines the floor; verifying is
//                   1% of payout-http's CPU profile over 2,000 requests, so the ratio barely moves;
//   - httpyac:      `httpyac send FILE --all` with the signature computed in a pre-request script;
//                   run once (not a median: one run of 2,000 takes minutes on a loaded 2-core machine).
// Prints JSON. Run by scripts/bench.mjs as `node scripts/bench/send.mjs [requests] [runs] [--no-httpyac]`
// (`npm run bench -- --no-httpyac`: skip httpyac, whose one run takes ~11 minutes here).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const N = Number(process.argv[2] ?? 2000);
const RUNS = Number(process.argv[3] ?? 3);
const HTTPYAC = !process.argv.includes('--no-httpyac');
const home = mkdtempSync(join(tmpdir(), 'payout-bench-send-'));
const env = { ...process.env, PAYOUT_HTTP_HOME: home };
const cli = join(root, 'dist/cli.js');

// Start the sandbox (and generate the `local` credentials) with the quick start.
execFileSync(process.execPath, [cli, 'send', join(root, 'examples/quickstart.payout.http'), '--all', '--quiet'], { env, stdio: 'ignore' });
const url = JSON.parse(readFileSync(join(home, 'sandbox.json'), 'utf8')).url;
const { partnerCode } = JSON.parse(readFileSync(join(home, 'credentials/partner.json'), 'utf8'));
const keyFile = join(home, 'credentials/partner-private.pem');

const ours = join(home, 'send.payout.http');
const parts = [];
for (let i = 0; i < N; i++)
  parts.push(
    `### verify ${i}\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}"\n}\n`,
  );
writeFileSync(ours, parts.join('\n'));

// The floor: the secret is read from the credentials file the sandbox wrote (never printed).
const floor = join(home, 'floor.mjs');
writeFileSync(
  floor,
  `import { createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from ${JSON.stringify(join(root, 'node_modules/undici/index.js'))};
const key = createPrivateKey(readFileSync(${JSON.stringify(keyFile)}, 'utf8'));
const { partnerCode, secretKey } = JSON.parse(readFileSync(${JSON.stringify(join(home, 'credentials/partner.json'))}, 'utf8'));
let ok = 0;
for (let i = 0; i < ${N}; i++) {
  const signature = sign('sha256', Buffer.from(partnerCode + '|' + secretKey), key).toString('base64');
  const res = await request(${JSON.stringify(url + '/api/v2/account/verify')}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ partnerCode, signature }) });
  if ((await res.body.json()).success === true) ok++;
}
if (ok !== ${N}) { console.error(ok + ' of ${N} succeeded'); process.exit(1); }
`,
);

// httpyac: the key parsed once (kept on globalThis across requests), the signature per request.
const theirs = join(home, 'send.http');
const script = `{{
  const crypto = require('crypto');
  const fs = require('fs');
  globalThis.__payoutKey = globalThis.__payoutKey || crypto.createPrivateKey(fs.readFileSync(${JSON.stringify(keyFile)}, 'utf8'));
  globalThis.__payoutSecret = globalThis.__payoutSecret || JSON.parse(fs.readFileSync(${JSON.stringify(join(home, 'credentials/partner.json'))}, 'utf8')).secretKey;
  exports.signature = crypto.sign('sha256', Buffer.from(partnerCode + '|' + globalThis.__payoutSecret), globalThis.__payoutKey).toString('base64');
}}`;
const yac = [];
for (let i = 0; i < N; i++)
  yac.push(
    `### verify ${i}\n${script}\nPOST ${url}/api/v2/account/verify\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}",\n  "signature": "{{signature}}"\n}\n\n?? body success == true\n`,
  );
writeFileSync(theirs, yac.join('\n'));

function stopSandbox() {
  spawnSync(process.execPath, [cli, 'sandbox', 'stop'], { env, stdio: 'ignore' });
  rmSync(home, { recursive: true, force: true });
}
// Interrupted (Ctrl+C): do not leave the sandbox running.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => (stopSandbox(), process.exit(130)));

function timed(args, cwd = home) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.slice(0, 2).join(' ')} exited ${r.status}: ${(r.stderr || r.stdout).slice(-500)}`);
  return { ms, out: r.stdout };
}

const results = { payoutHttp: [], floor: [], httpyac: [] };
let httpyacNote = HTTPYAC ? undefined : 'skipped (--no-httpyac)';
try {
  for (let run = 0; run < RUNS; run++) {
    results.payoutHttp.push(timed([cli, 'send', ours, '--all', '--quiet']).ms);
    results.floor.push(timed([floor]).ms);
    if (run > 0 || !HTTPYAC) continue; // httpyac: one run, see the file comment
    try {
      const r = timed([
        join(root, 'node_modules/httpyac/bin/httpyac.js'),
        'send',
        'send.http',
        '--all',
        '--output',
        'none',
        '--var',
        `partnerCode=${partnerCode}`,
      ]);
      results.httpyac.push(r.ms);
    } catch (e) {
      httpyacNote = String(e.message).slice(0, 300);
    }
  }
} finally {
  stopSandbox();
}
const median = (xs) => (xs.length ? Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]) : undefined);
console.log(
  JSON.stringify({
    requests: N,
    runs: RUNS,
    payoutHttpMs: median(results.payoutHttp),
    floorMs: median(results.floor),
    httpyacMs: median(results.httpyac),
    httpyacNote,
  }),
);
