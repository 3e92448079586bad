// The forms of REST Client, httpYac, JetBrains and kulala files beyond scripts (issue 23), each
// read as its own tool reads it, with exact ranges.
import assert from 'node:assert/strict';
import { parseHttpFile } from '../../engine/syntax/parser';
import type { ParsedFile } from '../../engine/syntax/types';
import { assertSpansInside, assertTiles, at, codes } from './helpers';

function parse(text: string): ParsedFile {
  const file = parseHttpFile(text);
  assertTiles(file);
  file.blocks.forEach(assertSpansInside);
  return file;
}

describe('syntax/parser: forms of the peers', () => {
  it('`<> path` is a response reference, not the body', () => {
    const [b] = parse('GET https://example.com/x\n\n<> ./previous-response.200.json\n').requests;
    assert.deepEqual(codes(b), []);
    assert.equal(b.body, undefined);
    assert.equal(b.responseRef?.path, './previous-response.200.json');
    assert.equal(at(b, b.responseRef.pathSpan), './previous-response.200.json');
  });

  it('a request target continued on indented lines, with HTTP/1.1 at the end or on a line of its own', () => {
    const [b] = parse('GET http://example.com:8080\n    /api\n    /html\n    ?id=123\n    &value=content HTTP/1.1\nAccept: */*\n').requests;
    assert.deepEqual(codes(b), []);
    assert.equal(b.requestLine?.url, 'http://example.com:8080/api/html?id=123&value=content');
    assert.equal(b.requestLine?.httpVersion, 'HTTP/1.1');
    assert.equal(at(b, b.requestLine.urlSpan), 'http://example.com:8080\n    /api\n    /html\n    ?id=123\n    &value=content');
    assert.equal(b.headers.length, 1);
    // JetBrains spec §4.2.1: any indented line continues the target, trimmed.
    const [j] = parse('http://example.com/\n    api\n    /get\n').requests;
    assert.equal(j.requestLine?.url, 'http://example.com/api/get');
    const [c] = parse('GET https://x.test/get\n  ?a=1\n  &b=2\nHTTP/1.1\nAccept: */*\n').requests;
    assert.deepEqual(codes(c), []);
    assert.equal(c.requestLine?.url, 'https://x.test/get?a=1&b=2');
    assert.equal(c.requestLine?.httpVersion, 'HTTP/1.1');
    assert.equal(at(c, c.requestLine.span), 'GET https://x.test/get\n  ?a=1\n  &b=2\nHTTP/1.1');
  });

  it('a request line after a blank line starts a new request (httpYac), keeping names and bodies apart', () => {
    const file = parse(
      '# @name one\nPOST https://x.test/a\nContent-Type: text/plain\n\nhello\n\nGET https://x.test/b\n\nPOST https://x.test/c\nContent-Type: application/json\n\n{"a": 1}\n',
    );
    assert.deepEqual(
      file.requests.map((r) => [r.requestLine?.method, r.requestLine?.url, r.body?.text, r.name]),
      [
        ['POST', 'https://x.test/a', 'hello', 'one'],
        ['GET', 'https://x.test/b', undefined, undefined],
        ['POST', 'https://x.test/c', '{"a": 1}', undefined],
      ],
    );
    assert.deepEqual(file.requests.flatMap(codes), []);
    assert.deepEqual(
      file.blocks.map((b) => b.separator),
      [undefined, undefined, undefined],
    );
  });

  it('keeps a body line that is no request line, or a request line without a blank line above, in the body', () => {
    const file = parse('POST https://x.test/a\n\nline one\nGET https://x.test/b\n\nget https://x.test/c\n');
    assert.equal(file.requests.length, 1);
    assert.equal(file.requests[0].body?.text, 'line one\nGET https://x.test/b\n\nget https://x.test/c');
  });

  it('reuses split blocks after an edit elsewhere, and splits again after an edit inside', () => {
    const text = 'GET https://x.test/a\n\nGET https://x.test/b\n### c\nGET https://x.test/c\n';
    const first = parse(text);
    const [a, b] = first.blocks;
    const second = parseHttpFile(text.replace('/c', '/cc'), first);
    assert.equal(second.blocks[0], a);
    assert.equal(second.blocks[1], b);
    assert.equal(second.blocks[1].start, text.indexOf('GET https://x.test/b'));
    const edited = text.replace('/a', '/aa');
    const third = parseHttpFile(edited, second);
    assertTiles(third);
    assert.deepEqual(
      third.requests.map((r) => r.requestLine?.url),
      ['https://x.test/aa', 'https://x.test/b', 'https://x.test/c'],
    );
    assert.deepEqual(
      third.blocks.map((x) => x.text),
      parseHttpFile(edited).blocks.map((x) => x.text),
    );
  });

  it('reads GRAPHQL and WebDAV methods without a problem, any other token with a warning', () => {
    const file = parse(
      'GRAPHQL https://x.test/graphql\n\nquery { a }\n###\nPROPFIND https://x.test/dav\n###\nPURGE https://x.test/cache\n',
    );
    assert.deepEqual(
      file.requests.map((r) => [r.requestLine?.method, r.problems.map((p) => [p.code, p.severity])]),
      [
        ['GRAPHQL', []],
        ['PROPFIND', []],
        ['PURGE', [['syntax/unknown-method', 'warning']]],
      ],
    );
  });

  it("reads kulala's `import` and `run` as directives, not requests", () => {
    const file = parse('import ./shared.http\n\n###\nrun #login\nrun ./other.http (@user=alice)\n');
    assert.equal(file.requests.length, 0);
    assert.deepEqual(
      file.blocks.flatMap((b) => b.directives.map((d) => [d.name, d.value, at(b, d.valueSpan)])),
      [
        ['import', './shared.http', './shared.http'],
        ['run', '#login', '#login'],
        ['run', './other.http (@user=alice)', './other.http (@user=alice)'],
      ],
    );
    assert.deepEqual(file.blocks.flatMap(codes), []);
  });

  it("reads httpYac's `/* */` comments, `{{ }}` script blocks and a saved response, none of them sent", () => {
    const [b] = parse(
      '/*\n a comment\n GET https://not.a/request\n*/\n{{\n  exports.x = 1;\n}}\nPOST https://x.test/a\nContent-Type: application/json\n\n{"a": 1}\n\n{{@response\n  test("ok", () => {});\n}}\n\nHTTP/2.0 200\ncontent-type: application/json\n\n{"ok": true}\n',
    ).requests;
    assert.deepEqual(codes(b), []);
    assert.equal(b.requestLine?.url, 'https://x.test/a');
    assert.equal(b.body?.text, '{"a": 1}');
    assert.equal(b.comments.length, 1);
    assert.match(at(b, b.comments[0]), /^\/\*[^]*\*\/$/);
    assert.deepEqual(
      b.httpyacScripts?.map((s) => at(b, s.sourceSpan)),
      ['  exports.x = 1;\n', '  test("ok", () => {});\n'],
    );
    assert.equal(at(b, b.savedResponse!), 'HTTP/2.0 200\ncontent-type: application/json\n\n{"ok": true}');
  });
});
