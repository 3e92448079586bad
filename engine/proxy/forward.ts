// The forwarding half of the inspecting proxy: a node:http server on loopback that passes every
// request to the upstream and every response back as it arrives (streamed, never buffered first),
// with the method, path, query, end-to-end headers and body unchanged. A copy of each body (up to
// a limit) is kept on the side for inspection, which starts only when the exchange is over, so
// the check never delays or alters what passes.
//
// Failures are passed on in kind: when the upstream refuses, resets or drops the connection, the
// client's connection is reset too (it gets a network error, not an HTTP answer the proxy made up);
// when the client gives up waiting, the upstream request is abandoned. The proxy has no timeout of
// its own: the client's timeout decides, as it would without the proxy.
import { createServer, request as httpRequest, Agent as HttpAgent, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { CapturedBody, ExchangeFailure, HeaderPairs, RawExchange } from './exchange';

/** Headers that belong to one connection, not to the request (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface ForwarderOptions {
  /** Where requests go: `http(s)://host:port[/base]`; a base path is put before each request's path. */
  upstream: URL;
  /** Default 0: a free port. */
  port?: number;
  /** How much of each body is kept for inspection (default 1 MiB); the forwarding is never cut. */
  captureLimit?: number;
  onExchange(exchange: RawExchange): void;
}

export interface Forwarder {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Pairs from Node's flat rawHeaders, without hop-by-hop headers (nor those `Connection` names). */
export function endToEndHeaders(raw: readonly string[]): HeaderPairs {
  const pairs: HeaderPairs = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i], raw[i + 1]]);
  const named = new Set(
    pairs.filter(([n]) => n.toLowerCase() === 'connection').flatMap(([, v]) => v.split(',').map((t) => t.trim().toLowerCase())),
  );
  return pairs.filter(([n]) => !HOP_BY_HOP.has(n.toLowerCase()) && !named.has(n.toLowerCase()));
}

class Capture {
  private chunks: Buffer[] = [];
  private kept = 0;
  size = 0;
  constructor(private readonly limit: number) {}
  add(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.kept >= this.limit) return;
    const part = chunk.length > this.limit - this.kept ? chunk.subarray(0, this.limit - this.kept) : chunk;
    this.chunks.push(part);
    this.kept += part.length;
  }
  body(): CapturedBody {
    return { bytes: Buffer.concat(this.chunks), size: this.size, truncated: this.size > this.kept };
  }
}

/** A system error code in words; the code itself is kept beside it. */
export function describeUpstreamError(err: NodeJS.ErrnoException, upstream: string, gotHeaders: boolean): ExchangeFailure {
  const code = err.code;
  const where = `the upstream ${upstream}`;
  if (gotHeaders)
    return {
      side: 'upstream',
      code,
      message: `${where} broke off the response midway (${code ?? err.message}); the client's response was cut the same way`,
    };
  const what =
    code === 'ECONNREFUSED'
      ? 'refused the connection (nothing listens there)'
      : code === 'ECONNRESET'
        ? 'reset the connection before answering'
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? 'could not be found (DNS)'
          : code === 'ETIMEDOUT'
            ? 'did not accept the connection in time'
            : err.message === 'socket hang up'
              ? 'closed the connection without answering'
              : `failed: ${err.message}`;
  return {
    side: 'upstream',
    code: code ?? (err.message === 'socket hang up' ? 'ECONNRESET' : undefined),
    message: `${where} ${what}; the client's connection was reset, as a direct request would have failed`,
  };
}

export function startForwarder(options: ForwarderOptions): Promise<Forwarder> {
  const upstream = options.upstream;
  const limit = options.captureLimit ?? 1024 * 1024;
  const secure = upstream.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const basePath = upstream.pathname.replace(/\/+$/, '');
  const upstreamLabel = upstream.origin + basePath;
  let nextId = 1;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const id = nextId++;
    const startedAt = Date.now();
    const target = req.url ?? '/';
    const requestHeaders = endToEndHeaders(req.rawHeaders);
    const reqCapture = new Capture(limit);
    const resCapture = new Capture(limit);
    let head: { status: number; headers: HeaderPairs } | undefined;
    let complete = false;
    let failure: ExchangeFailure | undefined;
    let done = false;

    const finish = () => {
      if (done) return;
      done = true;
      const exchange: RawExchange = {
        id,
        startedAt,
        ms: Date.now() - startedAt,
        method: req.method ?? 'GET',
        target,
        requestHeaders,
        requestBody: reqCapture.body(),
        ...(head ? { response: { ...head, body: resCapture.body(), complete } } : {}),
        ...(failure ? { failure } : {}),
      };
      // After the client has its last byte: the inspection never holds up the exchange.
      setImmediate(() => options.onExchange(exchange));
    };

    // The upstream gets the Host it expects; everything else end to end as received.
    const headers = requestHeaders.map(([n, v]): [string, string] => (n.toLowerCase() === 'host' ? [n, upstream.host] : [n, v]));
    const upReq = send({
      protocol: upstream.protocol,
      hostname: upstream.hostname.replace(/^\[|\]$/g, ''),
      port: upstream.port || undefined,
      method: req.method,
      path: basePath + target,
      headers: headers.flat(),
      agent,
    });

    req.on('data', (chunk: Buffer) => reqCapture.add(chunk));
    req.pipe(upReq);

    upReq.on('response', (upRes) => {
      head = { status: upRes.statusCode ?? 502, headers: endToEndHeaders(upRes.rawHeaders) };
      res.writeHead(head.status, upRes.statusMessage, head.headers.flat());
      upRes.on('data', (chunk: Buffer) => resCapture.add(chunk));
      upRes.pipe(res);
      upRes.on('end', () => (complete = true));
      upRes.on('aborted', () => {
        failure ??= describeUpstreamError(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }), upstreamLabel, true);
        res.destroy();
        finish();
      });
    });

    upReq.on('error', (err: NodeJS.ErrnoException) => {
      if (done) return;
      failure ??= describeUpstreamError(err, upstreamLabel, head !== undefined);
      // No HTTP answer of our own: the client's connection fails as the upstream's did.
      if (!res.headersSent) req.socket.resetAndDestroy();
      else res.destroy();
      finish();
    });

    res.on('finish', finish);
    res.on('close', () => {
      if (done || res.writableFinished) return;
      // The client went away first (its own timeout, or it was stopped): stop asking the upstream.
      failure ??= {
        side: 'client',
        message: head
          ? `the client closed the connection before the response was complete (${resCapture.size} bytes passed)`
          : `the client closed the connection after ${Date.now() - startedAt} ms with no answer from the upstream ${upstreamLabel} yet (its own timeout); the upstream request was abandoned`,
      };
      upReq.destroy();
      finish();
    });
  };

  const server = createServer(handle);
  // The client's timeouts decide, not ours.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  server.timeout = 0;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        close: () =>
          new Promise<void>((r) => {
            agent.destroy();
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}
