// Preload for the language server (node --require ./scripts/bench/heapSpaces.cjs dist/server.js):
// on SIGUSR2 it appends RSS and V8's heap spaces to $PAYOUT_HTTP_HEAP_SPACES (default
// /tmp/payout-heap-spaces.txt), so a probe can see what a figure of the bench is made of (young
// generation, old space, large objects) without writing to stdout, which is the LSP channel.
const fs = require('fs'),
  v8 = require('v8');
process.on('SIGUSR2', () => {
  const s = v8
    .getHeapSpaceStatistics()
    .map((x) => `${x.space_name}: size ${(x.space_size / 1e6).toFixed(1)} used ${(x.space_used_size / 1e6).toFixed(1)}`);
  const m = process.memoryUsage();
  fs.appendFileSync(
    process.env.PAYOUT_HTTP_HEAP_SPACES ?? '/tmp/payout-heap-spaces.txt',
    `--- rss ${(m.rss / 1e6).toFixed(0)} heapTotal ${(m.heapTotal / 1e6).toFixed(0)} heapUsed ${(m.heapUsed / 1e6).toFixed(0)} external ${(m.external / 1e6).toFixed(1)} arrayBuffers ${(m.arrayBuffers / 1e6).toFixed(1)}\n${s.join('\n')}\n`,
  );
});
