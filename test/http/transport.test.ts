import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpSend, type TransportError } from '../../engine/http/transport';

// A real server on loopback per behaviour: a large body, a silent one, a normal one.
describe('http/transport: undici with a size cap, a timeout and messages that say what to do', () => {
  let server: Server;
  let base: string;
  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('x'.repeat(64 * 1024));
      } else if (req.url === '/silent') {
        // never answers: the client's timeout must end it
      } else if (req.url === '/trickle') {
        // answers at once, then a byte of body every 50 ms without end: no gap reaches undici's
        // per-chunk body timeout, so only the deadline of the whole exchange can end it
        res.writeHead(200, { 'content-type': 'text/plain' });
        const tick = setInterval(() => res.write('x'), 50);
        res.on('close', () => clearInterval(tick));
      } else {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ method: req.method, body, type: req.headers['content-type'] }));
        });
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });

  it('sends the bytes given and returns status, headers, body and size', async () => {
    const r = await httpSend({ method: 'POST', url: `${base}/echo`, headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' });
    assert.equal(r.status, 201);
    assert.deepEqual(JSON.parse(r.bodyText), { method: 'POST', body: '{"a":1}', type: 'application/json' });
    assert.equal(r.bytes, r.bodyText.length);
    assert.ok(r.durationMs >= 0);
  });

  it('refuses a body over the cap', async () => {
    await assert.rejects(
      httpSend({ method: 'GET', url: `${base}/big`, headers: {} }, { maxBytes: 1024 }),
      (e: TransportError) => e.code === 'too-large' && /larger than 1024 bytes/.test(e.message),
    );
  });

  it('ends a silent exchange at the timeout, saying what to do', async () => {
    await assert.rejects(
      httpSend({ method: 'GET', url: `${base}/silent`, headers: {} }, { timeoutMs: 300 }),
      (e: TransportError) => e.code === 'timeout' && /raise --timeout/.test(e.message),
    );
  });

  it('ends an exchange whose body never finishes at the timeout of the whole exchange', async () => {
    await assert.rejects(
      httpSend({ method: 'GET', url: `${base}/trickle`, headers: {} }, { timeoutMs: 300 }),
      (e: TransportError) => e.code === 'timeout' && /within 0.3 s/.test(e.message),
    );
  });

  it('names a refused connection and the fix', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await assert.rejects(
      httpSend({ method: 'GET', url: `http://127.0.0.1:${port}/`, headers: {} }),
      (e: TransportError) => e.code === 'ECONNREFUSED' && /payout-http sandbox/.test(e.message),
    );
  });

  it('refuses URLs it cannot send', async () => {
    await assert.rejects(httpSend({ method: 'GET', url: '/relative', headers: {} }), /not an absolute URL/);
    await assert.rejects(httpSend({ method: 'GET', url: 'ftp://example.com/x', headers: {} }), /only http: and https:/);
  });

  it('sends a GET with a blank body as a GET without one', async () => {
    const r = await httpSend({ method: 'GET', url: `${base}/echo`, headers: {}, body: '' });
    assert.equal(JSON.parse(r.bodyText).method, 'GET');
  });
});
