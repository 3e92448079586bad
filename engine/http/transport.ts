// One HTTP exchange over undici, with a timeout, a response size cap and the elapsed time.
// Network failures become TransportError with a message that says what to do about them.
import { request, undiciErrorClasses } from './undiciRequest';

export interface HttpCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bodyText: string;
  /** Milliseconds from sending to the last byte of the body. */
  durationMs: number;
  bytes: number;
}

export interface TransportOptions {
  /** Whole exchange, headers and body (default 30 s). */
  timeoutMs?: number;
  /** Largest body accepted (default 10 MiB); a payout response is a few kilobytes. */
  maxBytes?: number;
  /** A monotonic clock in milliseconds, for the duration figure. */
  clock?: () => number;
  /** Aborts the exchange when the user cancels (the editor's Cancel); undici closes the socket. */
  signal?: AbortSignal;
}

import { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS } from './defaults';

export { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS };

export class TransportError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export async function httpSend(call: HttpCall, options: TransportOptions = {}): Promise<HttpResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const clock = options.clock ?? (() => performance.now());
  let url: URL;
  try {
    url = new URL(call.url);
  } catch {
    throw new TransportError(
      `"${call.url}" is not an absolute URL; check the base URL variable of the environment (e.g. base_url = http://127.0.0.1:8080)`,
      'bad-url',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TransportError(`"${call.url}" uses ${url.protocol}; only http: and https: URLs can be sent`, 'bad-url');
  }
  const started = clock();
  if (options.signal?.aborted) throw cancelled(url);
  // The whole exchange's deadline: a plain timer cleared when the exchange ends. AbortSignal.timeout
  // keeps a weakly held timer alive for the full timeout after the response (one per request of a
  // `send --all`), which cost about 4% of the CPU of sending 2,000 requests.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DOMException('the exchange timed out', 'TimeoutError')), timeoutMs);
  timer.unref();
  const signal = options.signal ? AbortSignal.any([deadline.signal, options.signal]) : deadline.signal;
  try {
    const res = await request(url, {
      method: call.method,
      headers: call.headers,
      // A blank body on GET/HEAD would be refused by undici; there is nothing to send anyway.
      body: call.body === '' ? undefined : call.body,
      signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of res.body) {
      bytes += (chunk as Buffer).length;
      if (bytes > maxBytes) {
        res.body.destroy();
        throw new TransportError(
          `the response from ${url.origin} is larger than ${maxBytes} bytes and was cut off; raise --max-bytes if this is expected`,
          'too-large',
        );
      }
      chunks.push(chunk as Buffer);
    }
    return {
      status: res.statusCode,
      headers: res.headers,
      bodyText: Buffer.concat(chunks).toString('utf8'),
      durationMs: clock() - started,
      bytes,
    };
  } catch (err) {
    if (options.signal?.aborted) throw cancelled(url);
    throw describeNetworkError(err, url, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

function cancelled(url: URL): TransportError {
  return new TransportError(
    `cancelled: the request to ${url.origin} was stopped before an answer came; send it again when ready`,
    'cancelled',
  );
}

function describeNetworkError(err: unknown, url: URL, timeoutMs: number): Error {
  if (err instanceof TransportError) return err;
  const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const undiciErrors = undiciErrorClasses();
  // AbortSignal.timeout rejects with a DOMException named TimeoutError (numeric code 23).
  const timedOut =
    e?.name === 'TimeoutError' ||
    e?.name === 'AbortError' ||
    err instanceof undiciErrors.HeadersTimeoutError ||
    err instanceof undiciErrors.BodyTimeoutError;
  const code = timedOut ? 'timeout' : typeof e?.code === 'string' ? e.code : (e?.cause?.code ?? 'unknown');
  if (timedOut) {
    return new TransportError(
      `no complete response from ${url.origin} within ${timeoutMs / 1000} s; check the server is up, or raise --timeout`,
      'timeout',
    );
  }
  if (code === 'ECONNREFUSED') {
    return new TransportError(
      `nothing is listening at ${url.origin} (connection refused); start the server (for the local sandbox: payout-http sandbox) or fix the base URL of the environment`,
      code,
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new TransportError(
      `the host "${url.hostname}" could not be resolved; check the base URL of the environment and your network`,
      code,
    );
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') {
    return new TransportError(`${url.origin} closed the connection before answering; retry, and check the server's logs`, code);
  }
  if (typeof code === 'string' && /CERT|SSL|TLS/.test(code)) {
    return new TransportError(
      `TLS failed for ${url.origin} (${code}); check the address uses the right scheme and the certificate is trusted`,
      code,
    );
  }
  return new TransportError(`the request to ${url.origin} failed (${code}: ${e?.message ?? String(err)})`, String(code));
}
