// The inspecting proxy: the forwarder (forward.ts) with the inspector (inspect.ts) beside it.
// Front ends (the CLI's `proxy` command, the language server for the editor's Traffic view) give
// the upstream and the keys and receive one record per exchange.
import type { ExchangeRecord } from './exchange';
import { startForwarder, type Forwarder } from './forward';
import { inspectExchange } from './inspect';
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
    throw new Error(`--upstream ${upstream} is not a URL: give the service's address, e.g. https://sandbox.example.com, or "local" for the local sandbox`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--upstream ${upstream}: only http:// and https:// upstreams can be forwarded to`);
  if (url.search || url.hash) throw new Error(`--upstream ${upstream}: give the address without a query or fragment; request paths and queries are appended to it`);
  return url;
}

export function startInspectingProxy(options: InspectingProxyOptions): Promise<Forwarder> {
  const upstream = parseUpstream(options.upstream);
  return startForwarder({
    upstream,
    port: options.port,
    onExchange: (raw) => {
      let record: ExchangeRecord;
      try {
        record = inspectExchange(raw, options.keys);
      } catch (e) {
        // The traffic already passed; an inspection bug must not take the proxy down.
        const reason = `the inspection failed (${(e as Error).message}); the exchange passed through unchanged`;
        record = {
          id: raw.id,
          startedAt: new Date(raw.startedAt).toISOString(),
          ms: raw.ms,
          method: raw.method,
          target: raw.target,
          endpoint: 'unknown',
          request: { headers: raw.requestHeaders, body: '', bytes: raw.requestBody.size, signature: 'not checkable', reason, problems: [] },
          ...(raw.response ? { response: { status: raw.response.status, headers: raw.response.headers, body: '', bytes: raw.response.body.size, signature: 'not checkable' as const, reason } } : {}),
          ...(raw.failure ? { failure: raw.failure } : {}),
        };
      }
      options.onExchange(record);
    },
  });
}
