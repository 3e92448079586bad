// Preload for the language server (NODEFLAGS="--expose-gc --require ./scripts/bench/heapSampler.cjs"
// node scripts/bench/probeOpen.mjs): V8's sampling heap profiler, counting only what lived through
// a young-generation collection (promoted, or still live). The first SIGUSR2 starts it, the second
// runs a full GC and writes the profile to $PAYOUT_HTTP_HEAP_SAMPLES (default
// /tmp/payout-heap-samples.json); `node scripts/bench/heapSamples.mjs` sums it by function. This is
// how the open's old-space garbage was traced to the per-block caches (README "Server memory").
// Written to a file, never to stdout, which is the LSP channel.
const inspector = require('inspector'),
  fs = require('fs');
const session = new inspector.Session();
session.connect();
session.post('HeapProfiler.enable');
let signals = 0;
process.on('SIGUSR2', () => {
  if (signals++ === 0) {
    session.post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: false,
    });
    return;
  }
  if (global.gc) global.gc();
  session.post('HeapProfiler.stopSampling', (err, r) => {
    if (!err) fs.writeFileSync(process.env.PAYOUT_HTTP_HEAP_SAMPLES ?? '/tmp/payout-heap-samples.json', JSON.stringify(r.profile));
  });
});
