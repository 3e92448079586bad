// A loopback receiver for order webhooks (doc 1 §6): each POST body is the order object with its
// signature, checked with the service public key over the order template. Delivery headers,
// retries and the expected acknowledgment are "not shown" (doc 1 §6.7): we answer 200 with
// `{"received":true}` to any POST, whatever its path, and report every delivery to the caller.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { verifyWebhookPayload } from './verify';
import type { Verdict } from './verify';
import type { CandidateSource } from '../signing';

export interface WebhookDelivery {
  receivedAt: number;
  method: string;
  path: string;
  /** The order as received (secret-free: the service never sends the secretKey). */
  order?: Record<string, unknown>;
  verdict: Verdict;
  bodyText: string;
}

export interface WebhookListenerOptions {
  port?: number;
  /** Loopback only by default: the receiver is for local development. */
  host?: string;
  servicePublicKey?: KeyObject;
  secretKey?: string;
  /** Largest body accepted (an order object is about 1 KiB). */
  maxBytes?: number;
  now?: () => number;
  /** Values at hand for explaining a signature that does not verify (what was sent earlier). */
  explainSources?: () => readonly CandidateSource[];
  onDelivery(delivery: WebhookDelivery): void;
}

export interface WebhookListener {
  url: string;
  port: number;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function startWebhookListener(options: WebhookListenerOptions): Promise<WebhookListener> {
  const host = options.host ?? '127.0.0.1';
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const now = options.now ?? Date.now;
  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'POST') {
      res.writeHead(405, { 'content-type': 'application/json', allow: 'POST' });
      res.end(JSON.stringify({ received: false, message: 'webhooks are delivered with POST' }));
      return;
    }
    let text: string | undefined;
    try {
      text = await readBody(req, maxBytes);
    } catch {
      return; // the client went away; nothing to answer
    }
    if (text === undefined) {
      res.writeHead(413, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: false, message: `body larger than ${maxBytes} bytes` }));
      return;
    }
    const result = verifyWebhookPayload(text, options.servicePublicKey, options.secretKey, options.explainSources);
    const { order, ...verdict } = result;
    try {
      options.onDelivery({ receivedAt: now(), method: req.method, path: req.url ?? '/', order, verdict, bodyText: text });
    } finally {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: true }));
    }
  };
  // node:http does not await a handler; every path of `answer` ends the response itself.
  const server: Server = createServer((req, res) => void answer(req, res));
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        new Error(
          err.code === 'EADDRINUSE'
            ? `port ${options.port} on ${host} is already in use; pick another with --port, or stop what listens there`
            : `could not listen on ${host}:${options.port ?? 0} (${err.message})`,
        ),
      );
    });
    server.listen(options.port ?? 0, host, () => {
      const port = (server.address() as AddressInfo).port;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${port}/`,
        port,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}
