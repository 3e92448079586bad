// Scripts (JetBrains HTTP Client, httpYac, kulala): `< {% … %}` / `< ./pre.js` above the request
// line, `> {% … %}` / `> ./handler.js` below it, and `>> file` / `>>! file`. They are parts of the
// request block with exact ranges and are never read as (or sent with) the body.
import assert from 'node:assert/strict';
import { parseHttpFile } from '../../engine/syntax/parser';
import type { RequestBlock } from '../../engine/syntax/types';
import { assertSpansInside, assertTiles, at, codes } from './helpers';

function only(text: string): RequestBlock {
  const file = parseHttpFile(text);
  assertTiles(file);
  file.blocks.forEach(assertSpansInside);
  assert.equal(file.requests.length, 1, 'one request');
  return file.requests[0];
}

describe('syntax/parser: scripts', () => {
  it('reads a response handler after a JSON body, with no JSON error and the body ending before it', () => {
    const b = only(`POST https://example.com/login
Content-Type: application/json

{"user": "a"}

> {%
  client.global.set("token", response.body.token);
%}
`);
    assert.deepEqual(codes(b), []);
    assert.equal(b.body?.text, '{"user": "a"}');
    assert.equal(b.scripts.length, 1);
    const [s] = b.scripts;
    assert.equal(s.phase, 'post');
    assert.equal(s.kind, 'inline');
    assert.equal(s.source, '\n  client.global.set("token", response.body.token);\n');
    assert.equal(at(b, s.span), '> {%\n  client.global.set("token", response.body.token);\n%}');
    assert.equal(at(b, s.sourceSpan), s.source);
  });

  it('reads a pre-request script above the request line, keeping the request', () => {
    const b = only(`### login
< {%
  request.variables.set("t", Date.now())
  < not a body
  > not a handler
  { not json
%}
GET https://example.com/x?t={{t}}
`);
    assert.deepEqual(codes(b), []);
    assert.equal(b.requestLine?.url, 'https://example.com/x?t={{t}}');
    assert.equal(b.body, undefined);
    assert.deepEqual(
      b.scripts.map((s) => [s.phase, s.kind]),
      [['pre', 'inline']],
    );
    assert.match(b.scripts[0].source, /< not a body\n {2}> not a handler\n {2}\{ not json\n$/);
    // Templates inside a script are the script's text, not references.
    assert.deepEqual(
      b.references.map((r) => r.name),
      ['t'],
    );
  });

  it('reads file scripts, in file order, with the path as written', () => {
    const b = only(`< ./pre.js
POST https://example.com/x
Content-Type: text/plain

hello
> ./handler.js
> {% client.log(1) %}
`);
    assert.deepEqual(codes(b), []);
    assert.equal(b.body?.text, 'hello');
    assert.deepEqual(
      b.scripts.map((s) => [s.phase, s.kind, s.source, at(b, s.span)]),
      [
        ['pre', 'file', './pre.js', '< ./pre.js'],
        ['post', 'file', './handler.js', '> ./handler.js'],
        ['post', 'inline', ' client.log(1) ', '> {% client.log(1) %}'],
      ],
    );
  });

  it('reads a handler right below the headers (no body)', () => {
    const b = only('GET https://example.com/x\nAccept: */*\n> {% client.test("ok", () => {}) %}\n');
    assert.deepEqual(codes(b), []);
    assert.equal(b.headers.length, 1);
    assert.equal(b.body, undefined);
    assert.equal(b.scripts[0].phase, 'post');
  });

  it('reads `>> file` and `>>! file` into outputRedirect, not the body', () => {
    const b = only('GET https://example.com/x\n\n> {% client.log(1) %}\n>>! ./out/x.json\n');
    assert.deepEqual(codes(b), []);
    assert.equal(b.body, undefined);
    assert.equal(b.outputRedirect?.path, './out/x.json');
    assert.equal(b.outputRedirect?.force, true);
    assert.equal(at(b, b.outputRedirect.span), '>>! ./out/x.json');
    assert.equal(at(b, b.outputRedirect.pathSpan), './out/x.json');
    const c = only('POST https://example.com/x\n\nbody text\n\n>> out.json\n');
    assert.equal(c.body?.text, 'body text');
    assert.deepEqual([c.outputRedirect?.path, c.outputRedirect?.force], ['out.json', false]);
  });

  it('works with CRLF line breaks', () => {
    const b = only('GET https://example.com/x\r\n\r\n> {%\r\n client.log(1)\r\n%}\r\n>> a.json\r\n');
    assert.deepEqual(codes(b), []);
    assert.equal(b.scripts[0].source, '\r\n client.log(1)\r\n');
    assert.equal(b.outputRedirect?.path, 'a.json');
  });

  it('reports an unterminated script, running it to the end of the block', () => {
    const b = only('GET https://example.com/x\n\n> {%\n client.log(1)\n\n');
    assert.deepEqual(codes(b), ['syntax/unterminated-script']);
    assert.equal(b.scripts[0].source, '\n client.log(1)');
    assert.equal(b.body, undefined);
  });

  it('reports text after `%}` and lines below the handler, which are neither sent nor run', () => {
    const b = only('GET https://example.com/x\n\n> {% a() %} junk\nstray\n# a comment\n?? status == 200\n');
    assert.deepEqual(codes(b), ['syntax/text-after-script', 'syntax/text-after-handler']);
    assert.equal(b.comments.length, 1);
    assert.equal(b.assertions.length, 1);
  });

  it('keeps `>` glued to text in a body as body text, and a `<` body line as a file body', () => {
    const b = only('POST https://example.com/x\n\n>quoted\n');
    assert.equal(b.body?.text, '>quoted');
    assert.equal(b.scripts.length, 0);
    const c = only('POST https://example.com/x\n\n< ./payload.json\n');
    assert.equal(c.body?.kind, 'file');
    assert.equal(c.scripts.length, 0);
  });

  it('reuses a block with scripts after an edit elsewhere', () => {
    const text = '### a\nGET https://example.com/a\n\n> {% client.log(1) %}\n### b\nGET https://example.com/b\n';
    const first = parseHttpFile(text);
    const a = first.blocks[1];
    const second = parseHttpFile(text.replace('/b', '/bb'), first);
    assert.equal(second.blocks[1], a);
    assert.equal(a.scripts.length, 1);
  });
});
