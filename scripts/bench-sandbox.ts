// `npm run bench:sandbox`: what a confirmed write costs in the local sandbox as its state grows.
// Two real sandbox processes (dist/cli.js): one with an empty state, one with 10,000 stored orders;
// signed create-sell-order requests at a fixed concurrency, in alternating batches so both see the
// same machine load. Every answer waits for the journal's fdatasync (engine/sandbox/journal.ts).
// Prints throughput and latency; asserts nothing.
//
//   npx tsx scripts/bench-sandbox.ts [--requests 1200] [--concurrency 16] [--stored 10000] [--batches 4]
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSandboxProcess, type SandboxProcess } from '../test/helpers/sandboxProcess';
import { localClients, verifiedUser, type V2Client } from '../test/sandbox/client';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const REQUESTS = arg('requests', 1200);
const CONCURRENCY = arg('concurrency', 16);
const STORED = arg('stored', 10_000);
const BATCHES = arg('batches', 4);
const CONFIG = {
  local: { funds: { USDT: 1e12 }, caps: { perTransactionUsd: 1e12, dailyUsd: 1e15, weeklyUsd: 1e15, monthlyUsd: 1e15, dailyCount: 1e12 } },
};
const ARGS = ['--kyc-delay', '0'];

interface Target {
  name: string;
  sb: SandboxProcess;
  v2: V2Client;
  user: string;
  latencies: number[];
  elapsedMs: number;
}

async function prepare(name: string, stored: number): Promise<Target> {
  let sb = await startSandboxProcess({ args: ARGS, config: CONFIG });
  let { v2 } = localClients(sb.home);
  const user = await verifiedUser(v2);
  await creates({ name, sb, v2, user, latencies: [], elapsedMs: 0 }, 50); // one real order to copy
  if (stored > 0) {
    // A clean stop leaves everything in state.json (the journal compacted into it); add copies of the order.
    await sb.stop();
    const file = join(sb.home, 'state.json');
    const state = JSON.parse(readFileSync(file, 'utf8')) as {
      orders: Record<string, { order: { externalOrderId: string; status?: string }; userEmail: string }>;
    };
    const [key, rec] = Object.entries(state.orders)[0];
    const partner = key.split('\n')[0];
    for (let i = 0; i < stored; i++) {
      const id = `stored-${i}`;
      // Another user's settled orders: scanned by the caps check, but not counted against this user.
      state.orders[`${partner}\n${id}`] = {
        ...rec,
        userEmail: 'someone-else@example.com',
        order: { ...rec.order, externalOrderId: id, status: 'SUCCESS' },
      };
    }
    writeFileSync(file, JSON.stringify(state));
    sb = await startSandboxProcess({ home: sb.home, args: ARGS, config: CONFIG });
    ({ v2 } = localClients(sb.home));
  }
  return { name, sb, v2, user, latencies: [], elapsedMs: 0 };
}

async function creates(t: Target, n: number): Promise<void> {
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next++ < n) {
      const s = performance.now();
      const r = await t.v2.call('v2.orders.create-sell-order', {
        externalOrderId: `bench-${randomUUID()}`,
        currency: 'USDT',
        fiatAmount: 100000,
        userEmail: t.user,
        bankCode: '970436',
        bankAccountNumber: '0123456789',
        content: 'Bench',
        extendInfo: null,
      });
      if (!r.body.success) throw new Error(`${t.name}: create failed: ${r.body.message}`);
      t.latencies.push(performance.now() - s);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  t.elapsedMs += performance.now() - t0;
}

const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function main(): Promise<void> {
  const empty = await prepare('empty state', 0);
  const full = await prepare(`${STORED} stored orders`, STORED);
  try {
    for (const t of [empty, full]) await creates(t, 100); // warm up
    for (const t of [empty, full]) {
      t.latencies = [];
      t.elapsedMs = 0;
    }
    for (let b = 0; b < BATCHES; b++) for (const t of [empty, full]) await creates(t, Math.ceil(REQUESTS / BATCHES));
    const rate = (t: Target) => (t.latencies.length / t.elapsedMs) * 1000;
    console.log(
      `sandbox confirmed creates (signed create-sell-order, concurrency ${CONCURRENCY}, ${empty.latencies.length} each, ${BATCHES} alternating batches)`,
    );
    for (const t of [empty, full]) {
      const journal = statSync(join(t.sb.home, 'state.journal')).size;
      const snapshot = statSync(join(t.sb.home, 'state.json')).size;
      console.log(
        `  ${t.name.padEnd(22)} ${rate(t).toFixed(1).padStart(7)} req/s   p50 ${q(t.latencies, 0.5).toFixed(1)} ms   p99 ${q(t.latencies, 0.99).toFixed(1)} ms` +
          `   (snapshot ${(snapshot / 1024).toFixed(0)} KiB, journal ${(journal / 1024).toFixed(0)} KiB)`,
      );
    }
    console.log(`  throughput with ${STORED} stored orders: ${((rate(full) / rate(empty)) * 100).toFixed(1)}% of the empty state's`);
  } finally {
    await empty.sb.stop();
    await full.sb.stop();
  }
}

void main();
