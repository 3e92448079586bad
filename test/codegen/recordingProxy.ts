// Between generated programs and the local sandbox. Each program gets its own base URL,
// `/pass~RUN` (or `/tamper~RUN`, which flips one character of data.signature in the reply), so
// programs run side by side are told apart; every exchange is recorded as the program sent it.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Exchange {
  /** The run it belongs to: the RUN of its base URL. */
  run: string;
  path: string;
  requestBody: string;
  responseBody: string;
}

export interface RecordingProxy {
  server: Server;
  url: string;
  exchanges: Exchange[];
}

/** A reply the test gives itself instead of the sandbox (a stand-in for the service), by URL. */
export type OwnAnswer = (url: string) => { status: number; body: string } | undefined;

export function startRecordingProxy(target: string, answer: OwnAnswer = () => undefined): Promise<RecordingProxy> {
  const exchanges: Exchange[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const requestBody = Buffer.concat(chunks).toString('utf8');
      const [, mode = '', run = '', path = '/'] = /^\/([a-z]+)(?:~([^/]+))?(\/.*)?$/.exec(req.url ?? '') ?? [];
      const reply = (status: number, body: string) => {
        exchanges.push({ run, path, requestBody, responseBody: body });
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      };
      const own = answer(req.url ?? '');
      if (own) return reply(own.status, own.body);
      const headers: Record<string, string> = { 'content-type': req.headers['content-type'] ?? 'application/json' };
      if (req.headers.authorization) headers.authorization = req.headers.authorization;
      const out = httpRequest(new URL(path, target), { method: req.method, headers }, (r) => {
        const parts: Buffer[] = [];
        r.on('data', (c: Buffer) => parts.push(c));
        r.on('end', () => {
          let body = Buffer.concat(parts).toString('utf8');
          if (mode === 'tamper') {
            const at = body.indexOf('"signature":"') + '"signature":"'.length;
            body = body.slice(0, at) + (body[at] === 'A' ? 'B' : 'A') + body.slice(at + 1);
          }
          reply(r.statusCode ?? 500, body);
        });
      });
      out.on('error', (e) => reply(502, JSON.stringify({ proxyError: e.message })));
      out.end(requestBody);
    });
  });
  return new Promise((r) =>
    server.listen(0, '127.0.0.1', () => r({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, exchanges })),
  );
}
