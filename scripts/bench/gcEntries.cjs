// Preload for the language server (`--require ./scripts/bench/gcEntries.cjs`): every garbage
// collection as [epoch ms it started, kind (1 young generation, 4 incremental marking, 8 weak
// callbacks, 2 full), duration ms], written to $PAYOUT_HTTP_GC_ENTRIES (default /tmp/payout-gc.json)
// on SIGUSR2. Read by scripts/bench/completionGc.mjs. Written to a file, never to stdout, which is
// the LSP channel.
const { PerformanceObserver, performance } = require('node:perf_hooks');
const fs = require('node:fs');
const entries = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) entries.push([performance.timeOrigin + e.startTime, e.detail.kind, e.duration]);
}).observe({ entryTypes: ['gc'] });
process.on('SIGUSR2', () => fs.writeFileSync(process.env.PAYOUT_HTTP_GC_ENTRIES ?? '/tmp/payout-gc.json', JSON.stringify(entries)));
