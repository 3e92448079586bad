// The inspector's thread (dist/proxyInspector.js when bundled): receives the keys once, then one
// captured exchange per message, and answers each with its record. Running the checks here keeps
// them beside the forwarding: an explanation that tries hundreds of RSA verifications never
// holds up the next request on the proxy's own thread.
import { parentPort, workerData } from 'node:worker_threads';
import type { RawExchange } from './exchange';
import { inspectSafely } from './inspector';
import type { ProxyKeys } from './keys';

const keys = (workerData as { keys: ProxyKeys }).keys;

parentPort?.on('message', (raw: RawExchange) => {
  // Buffers arrive as plain Uint8Arrays after the structured clone.
  const asBuffer = (b: { bytes: Uint8Array }) => Buffer.from(b.bytes.buffer, b.bytes.byteOffset, b.bytes.byteLength);
  const exchange: RawExchange = {
    ...raw,
    requestBody: { ...raw.requestBody, bytes: asBuffer(raw.requestBody) },
    ...(raw.response ? { response: { ...raw.response, body: { ...raw.response.body, bytes: asBuffer(raw.response.body) } } } : {}),
  };
  parentPort!.postMessage(inspectSafely(exchange, keys));
});
