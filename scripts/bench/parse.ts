// Parse of the benchmark's 5,000-request file: payout-http's parser (engine/syntax) against
// httpyac's (its HttpFileStore.parse, the API its CLI and editor extension use). Prints JSON.
// Run by scripts/bench.mjs as `node --import tsx scripts/bench/parse.ts [requests] [runs]`.
import { performance } from 'node:perf_hooks';
import { cli, store } from 'httpyac';
import { parseHttpFile } from '../../engine/syntax/parser';
import { generateRequests } from '../bench-lsp-file.mjs';

const requests = Number(process.argv[2] ?? 5000);
const runs = Number(process.argv[3] ?? 5);
const text = generateRequests(requests);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  cli.initFileProvider(); // httpyac's own set-up for Node (its CLI does the same)
  const ours: number[] = [];
  const theirs: number[] = [];
  let oursCount = 0;
  let theirsCount = 0;
  // Interleaved, so both see the same machine load.
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    oursCount = parseHttpFile(text).requests.length;
    ours.push(performance.now() - t0);
    t0 = performance.now();
    const file = await new store.HttpFileStore().parse(`/tmp/bench-${i}.http`, text, { workingDir: '/tmp' });
    theirs.push(performance.now() - t0);
    theirsCount = file.httpRegions.filter((r) => r.request).length;
  }
  console.log(
    JSON.stringify({
      requests,
      megabytes: Math.round(text.length / 1e4) / 100,
      runs,
      payoutHttpMs: Math.round(median(ours) * 100) / 100,
      httpyacMs: Math.round(median(theirs) * 100) / 100,
      requestsFound: { payoutHttp: oursCount, httpyac: theirsCount },
    }),
  );
}

void main();
