// Requests in the peers' forms (issue 23) sent by the session over a real socket, to a plain
// node:http server that answers with what it received: a GRAPHQL request goes out as httpYac and
// kulala send it, scripts and `>>` lines are never part of what is sent, a WebDAV method is sent
// as written, and kulala's and REST Client's reference forms resolve from a real response, and
// REST Client's `{{name.request.…}}` from what that request really sent (a bearer token never).
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PayoutSession } from '../../engine/http/session';

describe('http: requests written for other tools, sent over a socket', function () {
  this.timeout(30_000);
  let server: Server;
  let base: string;
  const received: { method: string; url: string; contentType?: string; body: string }[] = [];
  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        received.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'], body });
        if (req.url === '/xml') {
          res.writeHead(200, { 'content-type': 'application/xml', 'set-cookie': ['sid=s-1; Path=/; HttpOnly', 'theme=dark'] });
          res.end('<replies><reply id="r-7">first</reply><reply id="r-8">second</reply></replies>');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json', server: 'echo' });
        res.end(JSON.stringify({ json: { token: 'tok-1' }, method: req.method }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  function session(text: string) {
    return new PayoutSession({
      filePath: join(mkdtempSync(join(tmpdir(), 'payout-peers-')), 'peers.http'),
      text,
      environment: { name: 'test', variables: { host: base, id: '7' }, sources: [], problems: [], local: false, defined: true },
      deps: { sleep: () => Promise.resolve() },
    });
  }

  it('sends GRAPHQL as a POST of {query, variables}, and nothing of scripts or redirects', async () => {
    received.length = 0;
    const s = session(
      '### q\nGRAPHQL {{host}}/graphql\n\nquery Q($id: ID!) { user(id: $id) { name } }\n\n{"id": "{{id}}"}\n\n> {%\n  client.global.set("x", 1);\n%}\n>> ./out.json\n',
    );
    const r = await s.send(s.request('q')!);
    assert.equal(r.response?.status, 200);
    assert.deepEqual(received, [
      {
        method: 'POST',
        url: '/graphql',
        contentType: 'application/json',
        body: JSON.stringify({ query: 'query Q($id: ID!) { user(id: $id) { name } }', variables: { id: '7' } }),
      },
    ]);
  });

  it('sends a WebDAV method as written, and a request split off without ### on its own', async () => {
    received.length = 0;
    const s = session('### dav\nPROPFIND {{host}}/dav\nDepth: 1\nGET {{host}}/after\n');
    await s.send(s.request('dav')!);
    assert.deepEqual(
      received.map((x) => [x.method, x.url, x.body]),
      [['PROPFIND', '/dav', '']],
    );
  });

  it("resolves kulala's and REST Client's reference forms from the responses", async () => {
    received.length = 0;
    const s = session(
      "### login\nPOST {{host}}/login\nContent-Type: application/json\n\n{}\n\n### replies\nGET {{host}}/xml\n\n### use\nGET {{host}}/use?t={{login.response.body.json.token}}&s={{login.response.headers['server']}}&r={{replies.response.body.//reply[2]/@id}}&c={{replies.response.cookies.sid.value}}\n",
    );
    await s.send(s.request('login')!);
    await s.send(s.request('replies')!);
    const r = await s.send(s.request('use')!);
    assert.equal(r.response?.status, 200, JSON.stringify(r.prepared.problems));
    assert.equal(received[received.length - 1].url, '/use?t=tok-1&s=echo&r=r-8&c=s-1');
  });

  it("resolves REST Client's `{{name.request.body…}}` and `{{name.request.headers.X}}` from what that request sent", async () => {
    received.length = 0;
    const s = session(
      '### login\nPOST {{host}}/login\nContent-Type: application/json\nX-Trace: tr-{{id}}\n\n{"user": {"id": "u-{{id}}"}}\n\n### use\nPOST {{host}}/use?trace={{login.request.headers.X-Trace}}\nContent-Type: application/json\n\n{"echo": {{login.request.body.$.user}}, "all": {{login.request.body.*}}}\n',
    );
    await s.send(s.request('login')!);
    const r = await s.send(s.request('use')!);
    assert.equal(r.response?.status, 200, JSON.stringify(r.prepared.problems));
    const last = received[received.length - 1];
    assert.equal(last.url, '/use?trace=tr-7');
    assert.deepEqual(JSON.parse(last.body), { echo: { id: 'u-7' }, all: { user: { id: 'u-7' } } });
  });
});
