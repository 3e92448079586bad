// The inspector's thread: receives the keys once, then one captured exchange per message, and answers
// each with its record. Bundled into dist/cli.js (inspector.ts imports this file), which serves
// inspections when it is started as a worker with this role, and runs nothing else then. Running the checks here keeps
// them beside the forwarding: an explanation that tries hundreds of RSA verifications never
// holds up the next request on the proxy's own thread.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { RawExchange } from './exchange';
import { inspectSafely } from './inspect';
import type { ProxyKeys } from './keys';
import { SentValues } from '../workspace/explainSources';

export const INSPECTOR_ROLE = 'payout-http/proxy-inspector';

function serveInspections(keys: ProxyKeys): void {
  // The exchanges of this proxy run so far: explain's candidates for the next one.
  const earlier = new SentValues();
  parentPort?.on('message', (raw: RawExchange) => {
    // Buffers arrive as plain Uint8Arrays after the structured clone.
    const asBuffer = (b: { bytes: Uint8Array }) => Buffer.from(b.bytes.buffer, b.bytes.byteOffset, b.bytes.byteLength);
    const exchange: RawExchange = {
      ...raw,
      requestBody: { ...raw.requestBody, bytes: asBuffer(raw.requestBody) },
      ...(raw.response ? { response: { ...raw.response, body: { ...raw.response.body, bytes: asBuffer(raw.response.body) } } } : {}),
    };
    parentPort!.postMessage(inspectSafely(exchange, keys, earlier));
  });
}

const data = workerData as { role?: unknown; keys?: ProxyKeys } | null;
if (!isMainThread && data?.role === INSPECTOR_ROLE && data.keys) serveInspections(data.keys);
