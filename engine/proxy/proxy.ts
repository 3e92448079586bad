// The inspecting proxy: the forwarder (forward.ts) with the inspector (inspect.ts) beside it.
// Front ends (the CLI's `proxy` command, the language server for the editor's Traffic view) give
// the upstream and the keys and receive one record per exchange.
import type { ExchangeRecord } from './exchange';
import { startForwarder, type Forwarder } from './forward';
import { startInspector } from './inspector';
import type { ProxyKeys } from './keys';

export interface InspectingProxyOptions {
  upstream: string;
  port?: number;
  keys: ProxyKeys;
  onExchange(record: ExchangeRecord): void;
}

/** Checks the upstream address before listening, so a typo is a message naming the fix. */
export function parseUpstream(upstream: string): URL {
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new Error(
      `--upstream ${upstream} is not a URL: give the service's address, e.g. https://sandbox.example.com, or "local" for the local sandbox`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--upstream ${upstream}: only http:// and https:// upstreams can be forwarded to`);
  if (url.search || url.hash)
    throw new Error(`--upstream ${upstream}: give the address without a query or fragment; request paths and queries are appended to it`);
  return url;
}

export interface InspectingProxy extends Forwarder {
  /** True when the checks run on their own thread (see inspector.ts). */
  threaded: boolean;
}

export async function startInspectingProxy(options: InspectingProxyOptions): Promise<InspectingProxy> {
  const upstream = parseUpstream(options.upstream);
  const inspector = startInspector(options.keys);
  // Records are handed on in the order the exchanges ended, whichever thread checked them.
  let queue = Promise.resolve();
  let forwarder: Forwarder;
  try {
    forwarder = await startForwarder({
      upstream,
      port: options.port,
      onExchange: (raw) => {
        const record = inspector.inspect(raw);
        queue = queue.then(async () => {
          try {
            options.onExchange(await record);
          } catch {
            // A front end's printing error must not stop the records that follow.
          }
        });
      },
    });
  } catch (e) {
    await inspector.close();
    throw e;
  }
  return {
    ...forwarder,
    get threaded() {
      return inspector.threaded;
    },
    close: async () => {
      await forwarder.close();
      await queue;
      await inspector.close();
    },
  };
}
