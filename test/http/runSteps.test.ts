// kulala's and JetBrains' `run` lines executed (issue 23 left them read, not run): `run #Name` sends
// that request first, each time; from this file or a file brought in by `import`; `run ./file.http`
// sends that file's requests; `(@var=value)` is what those runs resolve with; a block of `run`
// lines alone runs when the whole file is sent. Over a real socket, to a node:http server that
// answers with what it received.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PayoutSession } from '../../engine/http/session';
import { findRunTarget, runStepsOf } from '../../engine/syntax/runLines';
import { parseHttpFile } from '../../engine/syntax/parser';
import type { SendResult } from '../../engine/http/types';

describe('http: `run` lines (kulala, JetBrains)', function () {
  this.timeout(30_000);
  let server: Server;
  let base: string;
  const received: string[] = [];
  before(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(`${req.method} ${req.url}`);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ token: `tok-${received.length}` }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  function session(files: Record<string, string>, main = 'main.http') {
    const dir = mkdtempSync(join(tmpdir(), 'payout-run-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const reported: SendResult[] = [];
    const s = new PayoutSession({
      filePath: join(dir, main),
      environment: { name: 'test', variables: { host: base }, sources: [], problems: [], local: false, defined: true },
      deps: { sleep: () => Promise.resolve(), onResult: (r) => reported.push(r) },
    });
    return { s, reported };
  }

  it('reads run lines: the target by ### title, @name or request line, and the (@var=value) list', () => {
    const file = parseHttpFile(
      '### Request 1\nGET {{host}}/one\n\n###\nPOST {{host}}/two HTTP/1.1\n\n### use\nrun #Request 1 (@page=2, @q = a b)\nrun #POST {{host}}/two\nrun ./other.http\nrun #\nrun #x (oops)\nGET {{host}}/use\n',
    );
    const use = file.blocks.find((b) => b.name === 'use')!;
    assert.deepEqual(
      runStepsOf(use).map((st) => [
        st.kind,
        'target' in st ? st.target : 'path' in st ? st.path : st.problem,
        'overrides' in st ? st.overrides : {},
      ]),
      [
        ['request', 'Request 1', { page: '2', q: 'a b' }],
        ['request', 'POST {{host}}/two', {}],
        ['file', './other.http', {}],
        ['invalid', 'no request named after `#`: write `run #Name`, Name being its ### title or # @name', {}],
        ['request', 'x (oops)', {}],
      ],
    );
    assert.equal(findRunTarget(file.requests, 'Request 1'), file.requests[0]);
    assert.equal(findRunTarget(file.requests, 'POST {{host}}/two'), file.requests[1]);
    assert.equal(findRunTarget(file.requests, 'use'), use);
    assert.equal(findRunTarget(file.requests, 'nothing'), undefined);
    // A variable named __proto__ is one like any other, not the overrides' prototype.
    const [proto] = runStepsOf(parseHttpFile('### a\nrun #b (@__proto__=x)\nGET https://x.test\n').requests[0]);
    assert.ok(proto.kind === 'request' && Object.getPrototypeOf(proto.overrides) === Object.prototype);
    assert.deepEqual(Object.entries(proto.overrides), [['__proto__', 'x']]);
  });

  it("sends the run target first, every time the request is sent, with the run's variables", async () => {
    received.length = 0;
    const { s, reported } = session({
      'main.http':
        '@page = 1\n\n### Main\nGET {{host}}/main?page={{page}}\n\n### Email\nrun #Main (@page=9)\n\nGET {{host}}/email?t={{Main.response.body.token}}&page={{page}}\n',
    });
    const email = s.request('Email')!;
    await s.send(email);
    await s.send(email);
    assert.deepEqual(received, ['GET /main?page=9', 'GET /email?t=tok-1&page=1', 'GET /main?page=9', 'GET /email?t=tok-3&page=1']);
    assert.deepEqual(
      reported.map((r) => [r.prepared.label, r.ok]),
      [
        ['Main', true],
        ['Email', true],
        ['Main', true],
        ['Email', true],
      ],
    );
  });

  it('finds the target in an imported file, and runs a whole file, its results labelled with its name', async () => {
    received.length = 0;
    const { s, reported } = session({
      'lib.http': '### Login\nPOST {{host}}/login\n\n###\nGET {{host}}/lib-unnamed\n',
      'steps.http': 'GET {{host}}/step-1?v={{v}}\n\n###\nGET {{host}}/step-2\n',
      'main.http': 'import ./lib.http\n\n### use\nrun #Login\nrun #GET {{host}}/lib-unnamed\nrun ./steps.http (@v=7)\nGET {{host}}/use\n',
    });
    const r = await s.send(s.request('use')!);
    assert.equal(r.ok, true, r.error);
    assert.deepEqual(received, ['POST /login', 'GET /lib-unnamed', 'GET /step-1?v=7', 'GET /step-2', 'GET /use']);
    assert.deepEqual(
      reported.map((x) => x.prepared.label),
      ['lib.http: Login', 'lib.http: #2', 'steps.http: #1', 'steps.http: #2', 'use'],
    );
  });

  it('Send All runs a block of run lines at its place, and does not send its target twice', async () => {
    received.length = 0;
    const { s } = session({
      'main.http': '###\nrun #Second\n\n### First\nGET {{host}}/first\n\n### Second\nGET {{host}}/second\n',
    });
    const results = await s.sendAll();
    assert.deepEqual(received, ['GET /second', 'GET /first']);
    assert.deepEqual(
      results.map((r) => [r.prepared.label, r.ok]),
      [
        ['run #Second', true],
        ['First', true],
        ['Second', true],
      ],
    );
    assert.equal(s.plan(s.sendAllBlocks).length, 2);
  });

  it('fails the request, naming the line and the fix, when a run cannot be done; never sends it', async () => {
    received.length = 0;
    const { s } = session({
      'main.http':
        '### a\nrun #Nowhere\nGET {{host}}/a\n\n### b\nrun ./missing.http\nGET {{host}}/b\n\n### c\nrun ./notes.txt\nGET {{host}}/c\n\n### d\nrun #d\nGET {{host}}/d\n\n### e\nrun #a (oops)\nGET {{host}}/e\n',
    });
    const a = await s.send(s.request('a')!);
    assert.match(a.error!, /run #Nowhere: no request is named Nowhere in this file: give one that name \(### Nowhere, or # @name\)/);
    const b = await s.send(s.request('b')!);
    assert.match(
      b.error!,
      /run \.\/missing\.http: cannot read \.\/missing\.http \(.*missing\.http: no such file\): check the path, relative to this file/,
    );
    const c = await s.send(s.request('c')!);
    assert.match(c.error!, /notes\.txt is not a request file: name a \.http or \.rest file/);
    const d = await s.send(s.request('d')!);
    assert.match(d.error!, /in a cycle through d/);
    const e = await s.send(s.request('e')!);
    assert.match(e.error!, /no request is named a \(oops\)/);
    assert.deepEqual(received, []);
  });

  it('stops files that run each other', async () => {
    received.length = 0;
    const { s, reported } = session({
      'main.http': '### go\nrun ./other.http\nGET {{host}}/go\n',
      'other.http': '### back\nrun ./main.http\nGET {{host}}/back\n',
    });
    const r = await s.send(s.request('go')!);
    assert.equal(r.ok, false);
    assert.match(r.error!, /run \.\/other\.http: 1 of its 1 request\(s\) failed/);
    // The innermost says why, and nothing was sent.
    assert.match(reported[0].error!, /more than 8 files deep \(do the files run each other\?\)/);
    assert.deepEqual(received, []);
  });
});
