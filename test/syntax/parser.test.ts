import assert from 'node:assert/strict';
import { absoluteSpan, blockAt, parseHttpFile, requestByName } from '../../engine/syntax/parser';
import { propertyValue } from '../../engine/syntax/json';
import { bigHttpFile } from './bigFile';
import { assertSpansInside, assertTiles, at, codes } from './helpers';

const DESIGN_EXAMPLE = `@userEmail = alice@example.com

### Quote a scan-to-pay order
# @name quote
POST {{base_url}}/api/v2/orders/review-sell-order
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}",
  "currency": "USDT",
  "fiatAmount": 100000
}

### Pay the merchant
POST {{base_url}}/api/v2/orders/create-sell-order
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}",
  "externalOrderId": "{{$uuid}}",
  "currency": "USDT",
  "fiatAmount": {{quote.response.body.$.data.fiatAmount}},
  "userEmail": "{{userEmail}}",
  "bankCode": "970436",
  "content": "Coffee",
  "extendInfo": null
}
`;

function parseOne(text: string) {
  const file = parseHttpFile(text);
  assertTiles(file);
  file.blocks.forEach(assertSpansInside);
  return file;
}

/** The only block of a text holding one request (after `###`). */
function block(text: string) {
  const file = parseOne(text);
  return file.blocks[file.blocks.length - 1];
}

describe('syntax/parser: the design example', () => {
  const file = parseOne(DESIGN_EXAMPLE);

  it('splits the preamble and two requests', () => {
    assert.equal(file.blocks.length, 3);
    assert.equal(file.requests.length, 2);
    assert.equal(file.blocks[0].requestLine, undefined);
    assert.deepEqual(
      file.blocks.map((b) => b.separator?.title),
      [undefined, 'Quote a scan-to-pay order', 'Pay the merchant'],
    );
  });

  it('reads file variables with absolute spans', () => {
    assert.equal(file.variables.length, 1);
    const v = file.variables[0];
    assert.equal(v.name, 'userEmail');
    assert.equal(v.value, 'alice@example.com');
    assert.equal(file.text.slice(v.nameSpan.start, v.nameSpan.end), 'userEmail');
    assert.equal(file.text.slice(v.valueSpan.start, v.valueSpan.end), 'alice@example.com');
  });

  it('reads the request line, name, headers and JSON body', () => {
    const [quote, pay] = file.requests;
    assert.equal(quote.name, 'quote');
    assert.equal(pay.name, undefined, 'a several-word title is not a name');
    assert.equal(requestByName(file, 'quote'), quote);
    const rl = quote.requestLine!;
    assert.equal(rl.method, 'POST');
    assert.equal(rl.url, '{{base_url}}/api/v2/orders/review-sell-order');
    assert.equal(at(quote, rl.urlSpan), rl.url);
    assert.equal(at(quote, rl.methodSpan), 'POST');
    assert.deepEqual(
      quote.headers.map((h) => [h.name, h.value, at(quote, h.valueSpan)]),
      [['Content-Type', 'application/json', 'application/json']],
    );
    assert.equal(quote.body?.kind, 'json');
    assert.equal(at(quote, quote.body.span), quote.body.text);
    assert.ok(quote.body.text.startsWith('{') && quote.body.text.endsWith('}'), 'trailing blank lines are not body');
    assert.deepEqual(quote.problems, []);
    assert.deepEqual(pay.problems, []);
  });

  it('parses an unquoted template as a JSON value and records it', () => {
    const pay = file.requests[1];
    const json = pay.body!.json!;
    assert.deepEqual(json.errors, []);
    const node = propertyValue(json.root, 'fiatAmount')!;
    const ref = json.templates.get(node.offset)!;
    assert.equal(ref.kind, 'request');
    assert.equal(ref.name, 'quote');
    assert.equal(ref.path, 'response.body.$.data.fiatAmount');
    assert.equal(at(pay, ref.span), '{{quote.response.body.$.data.fiatAmount}}');
    assert.equal(node.length, ref.span.end - ref.span.start, 'the value node covers the whole template');
    assert.equal(propertyValue(json.root, 'extendInfo')?.type, 'null');
  });

  it('lists every reference in order with its kind', () => {
    const pay = file.requests[1];
    assert.deepEqual(
      pay.references.map((r) => [r.kind, r.name]),
      [
        ['variable', 'base_url'],
        ['variable', 'partnerCode'],
        ['system', '$uuid'],
        ['request', 'quote'],
        ['variable', 'userEmail'],
      ],
    );
    for (const r of pay.references) assert.equal(at(pay, r.span), `{{${r.expression}}}`);
  });

  it('finds the block at an offset', () => {
    const off = file.text.indexOf('"currency"');
    assert.equal(blockAt(file, off), file.requests[0]);
    assert.equal(blockAt(file, 0), file.blocks[0]);
    assert.equal(blockAt(file, file.text.length), file.blocks[2]);
    const r = file.requests[1].references[0];
    const abs = absoluteSpan(file.requests[1], r.span);
    assert.equal(file.text.slice(abs.start, abs.end), '{{base_url}}');
  });
});

describe('syntax/parser: features', () => {
  it('takes a one-word ### title as the name, and # @name / // @name over it', () => {
    assert.equal(block('### balance\nPOST {{base_url}}/api/v2/wallet/balance\n').name, 'balance');
    assert.equal(block('### balance\n# @name other\nGET https://x.test\n').name, 'other');
    assert.equal(block('###\n// @name viaSlash\nGET https://x.test\n').name, 'viaSlash');
    assert.equal(block('###\n# @name=eq\nGET https://x.test\n').name, 'eq');
  });

  it('reads directives and comments', () => {
    const b = block('###\n# a comment\n// another\n# @note keep this   \n# @no-log\nGET https://x.test\n');
    assert.deepEqual(
      b.directives.map((d) => [d.name, d.value]),
      [
        ['note', 'keep this'],
        ['no-log', ''],
      ],
    );
    assert.equal(at(b, b.directives[0].valueSpan), 'keep this');
    assert.equal(at(b, b.directives[0].nameSpan), 'note');
    assert.deepEqual(
      b.comments.map((c) => at(b, c)),
      ['# a comment', '// another'],
    );
  });

  it('reads a URL-only line as GET, lower-case methods, and the HTTP version', () => {
    const g = block('###\nhttps://example.test/v3/public/version\n').requestLine!;
    assert.equal(g.method, 'GET');
    assert.deepEqual(g.methodSpan, { start: g.span.start, end: g.span.start });
    assert.equal(g.url, 'https://example.test/v3/public/version');
    const p = block('###\npost {{base_url}}/x HTTP/1.1\n').requestLine!;
    assert.equal(p.method, 'POST');
    assert.equal(p.url, '{{base_url}}/x');
    assert.equal(p.httpVersion, 'HTTP/1.1');
  });

  it('joins multi-line query continuations to the URL', () => {
    const b = block('###\nGET {{plant_base_url}}/plant/search/tags\n    ?tags=a\n    &x=1\nAccept: application/json\n');
    assert.equal(b.requestLine!.url, '{{plant_base_url}}/plant/search/tags?tags=a&x=1');
    assert.equal(b.headers.length, 1);
  });

  it('stops headers at the first blank line; the rest is the body', () => {
    const b = block('###\nPOST https://x.test\nA: 1\nB:2\n\nhello\nworld\n\n\n');
    assert.deepEqual(
      b.headers.map((h) => [h.name, h.value]),
      [
        ['A', '1'],
        ['B', '2'],
      ],
    );
    assert.equal(b.body?.kind, 'text');
    assert.equal(b.body?.text, 'hello\nworld');
  });

  it('reads ?? assertions anywhere after the request line, even inside a JSON body', () => {
    const b = block(
      '###\nPOST https://x.test\n?? status == 201\n\n{\n  "a": 1,\n?? body data.status == AWAITING_PAYMENT\n  "b": 2\n}\n?? signature valid\n?? header content-type contains json\n',
    );
    assert.deepEqual(
      b.assertions.map((a) => [a.subject, a.path, a.operator, a.expected]),
      [
        ['status', undefined, '==', '201'],
        ['body', 'data.status', '==', 'AWAITING_PAYMENT'],
        ['signature', undefined, 'valid', undefined],
        ['header', 'content-type', 'contains', 'json'],
      ],
    );
    assert.deepEqual(b.body!.json!.errors, [], 'the assertion line is not part of the JSON');
    assert.ok(!b.body!.text.includes('??'));
    assert.equal(propertyValue(b.body!.json!.root, 'b')?.value, 2);
    assert.deepEqual(codes(b), []);
  });

  it('reads `< ./file.json` as a file body', () => {
    const b = block('###\nPOST https://x.test\nContent-Type: application/json\n\n< ./bodies/kyc.json\n');
    assert.equal(b.body?.kind, 'file');
    assert.equal(b.body?.filePath?.value, './bodies/kyc.json');
    assert.equal(at(b, b.body.filePath.span), './bodies/kyc.json');
  });

  it('keeps templates inside strings, even with quotes in them', () => {
    const b = block('###\nPOST https://x.test\n\n{"at": "{{$datetime "YYYY-MM-DD"}}", "n": {{amount}}}\n');
    assert.deepEqual(b.body!.json!.errors, []);
    assert.equal(b.body!.json!.templates.size, 1);
    assert.deepEqual(
      b.references.map((r) => [r.name, r.args]),
      [
        ['$datetime', ['YYYY-MM-DD']],
        ['amount', undefined],
      ],
    );
  });

  it('treats comment lines after a JSON body as comments', () => {
    const b = block('###\nPOST https://x.test\n\n{"a": 1}\n\n# note\n// other\n');
    assert.equal(b.body?.text, '{"a": 1}');
    assert.deepEqual(
      b.comments.map((c) => at(b, c)),
      ['# note', '// other'],
    );
    assert.deepEqual(codes(b), []);
  });

  it('does not count templates in comments as references', () => {
    const b = block('###\n# uses {{nothing}}\nGET https://x.test/{{id}}\n');
    assert.deepEqual(
      b.references.map((r) => r.name),
      ['id'],
    );
  });

  it('accepts a body that is only templates inside an array', () => {
    const b = block('###\nPOST https://x.test\n\n[{{a}}, {{b}}]\n');
    assert.deepEqual(b.body!.json!.errors, []);
    assert.equal(b.body!.json!.templates.size, 2);
  });

  it('reads a body starting with a template as JSON only when the request says JSON', () => {
    const t = block('###\nPOST https://x.test\n\n{{greeting}} world\n');
    assert.equal(t.body?.kind, 'text');
    assert.deepEqual(codes(t), []);
    const j = block('###\nPOST https://x.test\nContent-Type: application/json\n\n{{payload}}\n');
    assert.equal(j.body?.kind, 'json');
    assert.equal(j.body.json!.templates.get(j.body.json!.root!.offset)?.name, 'payload');
  });

  it('allows variables and requests in the preamble', () => {
    const file = parseOne('@host = https://x.test\nGET {{host}}/a\n\n### next\nGET {{host}}/b\n');
    assert.equal(file.requests.length, 2);
    assert.equal(file.blocks[0].requestLine?.url, '{{host}}/a');
  });
});

describe('syntax/parser: problems name the fix', () => {
  const problem = (text: string, code: string) => {
    const b = block(text);
    const p = b.problems.find((x) => x.code === code);
    assert.ok(p, `expected ${code}, got ${JSON.stringify(b.problems)}`);
    return { b, p };
  };

  it('header after the body', () => {
    const { b, p } = problem('###\nPOST https://x.test\n\n{"a": 1}\nContent-Type: application/json\n', 'syntax/header-after-body');
    assert.equal(at(b, p.span), 'Content-Type: application/json');
    assert.match(p.message, /move it up/);
    assert.deepEqual(b.body!.json!.errors, [], 'not also a JSON error');
  });

  it('headers but no request line', () => {
    const { b, p } = problem('###\nContent-Type: application/json\n\n{"a":1}\n', 'syntax/no-request-line');
    assert.match(p.message, /METHOD URL/);
    assert.equal(b.requestLine, undefined);
    assert.equal(b.headers.length, 1);
  });

  it('a body with no request line', () => {
    const { b } = problem('###\n{"a": 1}\n', 'syntax/no-request-line');
    assert.equal(b.body?.kind, 'json');
  });

  it('unterminated {{', () => {
    const { b, p } = problem('###\nGET https://x.test/{{id\nA: {{b}}\n', 'syntax/unterminated-template');
    assert.equal(at(b, p.span), '{{id');
    assert.match(p.message, /add `}}`/);
    assert.deepEqual(
      b.references.map((r) => r.name),
      ['b'],
      'the next line is not swallowed',
    );
  });

  it('JSON syntax errors, including a trailing comma', () => {
    const { p } = problem('###\nPOST https://x.test\n\n{"a": 1,}\n', 'syntax/json');
    assert.match(p.message, /Trailing comma/);
    const { p: p2 } = problem('###\nPOST https://x.test\n\n{"a" 1}\n', 'syntax/json');
    assert.match(p2.message, /Colon expected/);
  });

  it('unknown method', () => {
    const { b, p } = problem('###\nGTE https://x.test\n', 'syntax/unknown-method');
    assert.equal(at(b, p.span), 'GTE');
    assert.match(p.message, /GET, POST/);
  });

  it('body not separated from the headers by a blank line', () => {
    const { b } = problem('###\nPOST https://x.test\nContent-Type: application/json\n{"a": 1}\n', 'syntax/missing-blank-line');
    assert.equal(b.body?.kind, 'json');
    assert.deepEqual(b.body.json!.errors, []);
  });

  it('a header pushed into the body by a stray blank line', () => {
    problem('###\nPOST https://x.test\nA: 1\n\nB: 2\n\nhello\n', 'syntax/header-after-blank-line');
  });

  it('comments inside JSON, templates that are not a whole value', () => {
    problem('###\nPOST https://x.test\n\n{\n  // why\n  "a": 1\n}\n', 'syntax/json-comment');
    problem('###\nPOST https://x.test\n\n{"a": 1{{x}}}\n', 'syntax/template-not-a-value');
  });

  it('request line mistakes', () => {
    problem('###\nPOST\n', 'syntax/missing-url');
    problem('###\nGET example.test/x\n', 'syntax/url-without-scheme');
    problem('###\n?? status == 200\nGET https://x.test\n', 'syntax/assertion-before-request');
  });

  it('names, variables, templates and assertions', () => {
    problem('###\n# @name\nGET https://x.test\n', 'syntax/empty-name');
    problem('###\n# @name two words\nGET https://x.test\n', 'syntax/invalid-name');
    problem('@novalue\n', 'syntax/variable-without-value');
    problem('@1x = 2\n', 'syntax/invalid-variable-name');
    problem('GET https://x.test/{{}}\n', 'syntax/empty-template');
    problem('GET https://x.test/{{$nope}}\n', 'syntax/unknown-system-variable');
    problem('GET https://x.test/{{q.response.bogus}}\n', 'syntax/invalid-request-reference');
    problem('GET https://x.test/{{a + b}}\n', 'syntax/unsupported-template');
    problem('GET https://x.test\n??\n', 'syntax/empty-assertion');
    problem('GET https://x.test\n?? status 200\n', 'syntax/assertion-without-operator');
    problem('GET https://x.test\n?? js response.ok\n', 'syntax/unknown-assertion-subject');
  });

  it('every problem has a stable code, a severity and a message with a fix', () => {
    const b = block('###\nGTE x\nA: {{b\n\n{"a": 1,\n');
    assert.ok(b.problems.length >= 3);
    for (const p of b.problems) {
      assert.match(p.code, /^syntax\/[a-z-]+$/);
      assert.ok(['error', 'warning', 'info'].includes(p.severity));
      assert.match(p.message, /:/, 'message says what is wrong, then what to do');
    }
  });
});

describe('syntax/parser: broken input', () => {
  it('unclosed braces', () => {
    const b = block('###\nPOST https://x.test\n\n{"a": {"b": [1, 2\n');
    assert.ok(b.body!.json!.errors.length > 0);
    assert.deepEqual(codes(b), ['syntax/json'], 'one error, not one per unclosed level');
    assert.match(b.problems[0].message, /Closing bracket `\]` expected/);
    assert.equal(b.body!.json!.root?.type, 'object', 'the tree is still there for completion');
  });

  it('a JSON body cut in half', () => {
    const full = DESIGN_EXAMPLE;
    const cut = full.slice(0, full.indexOf('"bankCode"') + 5);
    const file = parseOne(cut);
    assert.equal(file.requests.length, 2);
    assert.ok(codes(file.requests[1]).includes('syntax/json'));
  });

  it('an unterminated block comment at the very end keeps every node inside its block', () => {
    // jsonc-parser measures `{/*` as 4 characters long; found by the property test below.
    for (const text of ['{/*', 'GET https://x.test\n\n{/*', 'POST https://x.test\n\n{"a": 1 /* cut']) {
      const file = parseOne(text);
      assertTiles(file);
      for (const b of file.blocks) assertSpansInside(b);
    }
  });

  it('binary garbage', () => {
    const bytes = Array.from({ length: 4096 }, (_, i) => String.fromCharCode((i * 7919 + 13) % 65536));
    const text = bytes.join('') + '\u0000\uD800\n###\n\uDFFF{{\r\r\n###';
    const file = parseOne(text);
    assert.ok(file.blocks.length >= 3);
  });

  it('CRLF line endings', () => {
    const text = DESIGN_EXAMPLE.replace(/\n/g, '\r\n');
    const file = parseOne(text);
    assert.equal(file.requests.length, 2);
    const [quote, pay] = file.requests;
    assert.equal(quote.name, 'quote');
    assert.equal(quote.requestLine!.url, '{{base_url}}/api/v2/orders/review-sell-order');
    assert.equal(quote.headers[0].value, 'application/json');
    assert.deepEqual(quote.problems, []);
    assert.deepEqual(pay.body!.json!.errors, []);
    assert.ok(!quote.body!.text.endsWith('\r'));
  });

  it('a lone CR as line break', () => {
    const file = parseOne('###\rGET https://x.test\rA: 1\r\rhello\r');
    assert.equal(file.requests[0].headers[0].name, 'A');
    assert.equal(file.requests[0].body?.text, 'hello');
  });

  it('a file of only ###', () => {
    const file = parseOne('###');
    assert.equal(file.blocks.length, 2);
    assert.equal(file.blocks[0].text, '');
    assert.equal(file.blocks[1].separator?.title, undefined);
    assert.equal(file.requests.length, 0);
    const many = parseOne('###\n###\n###\n');
    assert.equal(many.blocks.length, 4);
  });

  it('an empty file and a non-string', () => {
    assert.equal(parseOne('').blocks.length, 1);
    assert.equal(parseHttpFile(undefined as unknown as string).blocks.length, 1);
  });

  it('a huge single line and deep nesting', () => {
    parseOne(`###\nPOST https://x.test\n\n${'['.repeat(5000)}${']'.repeat(5000)}\n`);
    parseOne(`###\nGET https://x.test/${'{{a}}'.repeat(10000)}\n`);
  });
});

describe('syntax/parser: a generated 5,000-request file', () => {
  it('parses without a problem', function () {
    const text = bigHttpFile(5000);
    assert.ok(text.length > 1_800_000, `about 1.9 MB (${text.length})`);
    const file = parseHttpFile(text);
    assertTiles(file);
    assert.equal(file.requests.length, 5000);
    for (const b of file.blocks) assert.deepEqual(b.problems, [], b.text.slice(0, 40));
    assert.equal(file.requests[4999].name, 'order4999');
    assert.equal(file.variables.length, 2);
  });
});

// Only a `###` at the start of a line separates (after LF, CRLF or a lone CR, or at the very start);
// anywhere else it is text of the request. Issue 17: both directions were unguarded.
describe('syntax/parser: where `###` separates', () => {
  const REQUEST = '###\nPOST {{base_url}}/api/v2/orders/create-sell-order\nContent-Type: application/json\n\n';

  it('does not split at `###` inside a JSON string: "Coffee ### Tea" stays one request', () => {
    const file = parseOne(`${REQUEST}{\n  "content": "Coffee ### Tea",\n  "currency": "USDT"\n}\n`);
    assert.equal(file.blocks.length, 2);
    assert.equal(file.requests.length, 1);
    const b = file.requests[0];
    assert.deepEqual(b.problems, []);
    assert.equal(b.body?.kind, 'json');
    assert.equal(propertyValue(b.body.json!.root, 'content')?.value, 'Coffee ### Tea');
    assert.equal(propertyValue(b.body.json!.root, 'currency')?.value, 'USDT');
  });

  it('does not split at `###` inside a URL, a header value, a comment or a title', () => {
    const file = parseOne(
      '###\n# note ### more\nGET https://x.test/a###b\nX-Tag: a ### b\n\n### A title ### with hashes\nGET https://x.test/c\n',
    );
    assert.equal(file.blocks.length, 3);
    const [first, second] = file.requests;
    assert.equal(first.requestLine!.url, 'https://x.test/a###b');
    assert.equal(first.headers[0].value, 'a ### b');
    assert.equal(second.separator?.title, 'A title ### with hashes');
  });

  it('does not split at an indented `###` (not at the start of its line)', () => {
    const file = parseOne(`${REQUEST}{\n  "a": 1\n}\n  ### indented\n`);
    assert.equal(file.blocks.length, 2);
  });

  for (const [name, eol] of [
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['a lone CR', '\r'],
  ] as const) {
    it(`separates at \`###\` after ${name}, and the title holds no line break`, () => {
      const text = `GET https://x.test/one${eol}${eol}### second${eol}GET https://x.test/two${eol}###${eol}GET https://x.test/three${eol}`;
      const file = parseOne(text);
      assert.equal(file.blocks.length, 3);
      assert.deepEqual(
        file.requests.map((r) => r.requestLine!.url),
        ['https://x.test/one', 'https://x.test/two', 'https://x.test/three'],
      );
      assert.equal(file.blocks[1].start, text.indexOf('### second'));
      assert.equal(file.blocks[1].separator?.title, 'second');
      assert.equal(file.blocks[1].name, 'second');
      assert.equal(file.blocks[2].separator?.title, undefined);
      for (const b of file.requests) assert.deepEqual(b.problems, []);
    });
  }

  it('separates at `###` right after a lone CR that ends a JSON body', () => {
    const file = parseOne('###\rPOST https://x.test\rContent-Type: application/json\r\r{"a": 1}\r###\rGET https://x.test/b');
    assert.equal(file.requests.length, 2);
    assert.deepEqual(file.requests[0].problems, []);
    assert.equal(file.requests[0].body?.text, '{"a": 1}');
    assert.equal(file.requests[1].requestLine!.url, 'https://x.test/b');
  });

  it('separates at `###` at the very start and at the very end of the file (no line break after it)', () => {
    const start = parseOne('### first\nGET https://x.test/a\n');
    assert.equal(start.blocks[0].text, '');
    assert.equal(start.blocks[1].separator?.title, 'first');
    const end = parseOne('GET https://x.test/a\n###');
    assert.equal(end.blocks.length, 2);
    assert.equal(end.requests.length, 1);
    assert.equal(end.blocks[1].text, '###');
    assert.equal(end.blocks[1].separator?.span.end, 3);
    assert.equal(end.requests[0].text, 'GET https://x.test/a\n');
    const titled = parseOne('GET https://x.test/a\r### last');
    assert.equal(titled.blocks[1].separator?.title, 'last');
  });

  it('separates at `###` ending the file after CRLF or a lone CR; a `###` ending a line does not', () => {
    for (const eol of ['\r\n', '\r']) {
      const file = parseOne(`GET https://x.test/a${eol}###`);
      assert.equal(file.blocks.length, 2, JSON.stringify(eol));
      assert.equal(file.blocks[1].text, '###');
      assert.equal(file.requests[0].requestLine!.url, 'https://x.test/a');
    }
    const inLine = parseOne('GET https://x.test/a###');
    assert.equal(inLine.blocks.length, 1);
    assert.equal(inLine.requests[0].requestLine!.url, 'https://x.test/a###');
  });

  it('the block at an offset: a separator`s first `#` belongs to its block, the line break before it to the one above', () => {
    const text = 'GET https://x.test/a\r\n### b\r\nGET https://x.test/b\r### c\nGET https://x.test/c\n';
    const file = parseOne(text);
    assert.equal(file.blocks.length, 3);
    for (const title of ['b', 'c']) {
      const start = text.indexOf(`### ${title}`);
      assert.equal(blockAt(file, start).separator?.title, title);
      assert.equal(blockAt(file, start - 1), file.blocks[title === 'b' ? 0 : 1]);
      assert.equal(blockAt(file, start + 1).separator?.title, title);
    }
  });

  it('a `####` line is a separator whose title skips the extra hashes', () => {
    const file = parseOne('#### heading\nGET https://x.test\n');
    assert.equal(file.blocks.length, 2);
    assert.equal(file.blocks[1].separator?.title, 'heading');
  });
});

// What the editor shows for each syntax problem: the squiggle's severity and the text it underlines.
describe('syntax/parser: each problem underlines its own text, at its severity', () => {
  const cases: [text: string, code: string, severity: 'error' | 'warning', underlined: string][] = [
    ['###\nPOST\n', 'syntax/missing-url', 'error', 'POST'],
    ['###\nGET example.test/x HTTP/1.1\n', 'syntax/url-without-scheme', 'warning', 'example.test/x'],
    ['###\n?? status == 200\nGET https://x.test\n', 'syntax/assertion-before-request', 'warning', '?? status == 200'],
    ['###\n# @name\nGET https://x.test\n', 'syntax/empty-name', 'error', '# @name'],
    ['###\n# @name two words\nGET https://x.test\n', 'syntax/invalid-name', 'warning', 'two words'],
    ['@novalue\n', 'syntax/variable-without-value', 'error', '@novalue'],
    ['@1x = 2\n', 'syntax/invalid-variable-name', 'error', '@1x = 2'],
    ['GET https://x.test/{{}}\n', 'syntax/empty-template', 'error', '{{}}'],
    ['GET https://x.test/{{$nope}}\n', 'syntax/unknown-system-variable', 'warning', '{{$nope}}'],
    ['GET https://x.test/{{q.response.bogus}}\n', 'syntax/invalid-request-reference', 'warning', '{{q.response.bogus}}'],
    ['GET https://x.test/{{a + b}}\n', 'syntax/unsupported-template', 'warning', '{{a + b}}'],
    ['GET https://x.test/{{id\n', 'syntax/unterminated-template', 'error', '{{id'],
    ['GET https://x.test\n??\n', 'syntax/empty-assertion', 'error', '??'],
    ['GET https://x.test\n?? status 200\n', 'syntax/assertion-without-operator', 'warning', '?? status 200'],
    ['GET https://x.test\n?? js response.ok\n', 'syntax/unknown-assertion-subject', 'warning', '?? js response.ok'],
    ['###\nGTE https://x.test\n', 'syntax/unknown-method', 'warning', 'GTE'],
    ['###\nPOST https://x.test\nA: 1\n{"a": 1}\n', 'syntax/missing-blank-line', 'error', '{"a": 1}'],
    ['###\nPOST https://x.test\nA: 1\n\nB: 2\nC: 3\n\nhello\n', 'syntax/header-after-blank-line', 'warning', 'B: 2\nC: 3'],
    ['###\nPOST https://x.test\n\n{\n  // why\n  "a": 1\n}\n', 'syntax/json-comment', 'warning', '// why'],
    ['###\nPOST https://x.test\n\n{"a": 1{{x}}}\n', 'syntax/template-not-a-value', 'error', '{{x}}'],
    [
      '###\nPOST https://x.test\n\n{"a": 1}\nContent-Type: application/json  \n',
      'syntax/header-after-body',
      'error',
      'Content-Type: application/json',
    ],
    ['###\nContent-Type: application/json\n', 'syntax/no-request-line', 'error', 'Content-Type: application/json'],
    ['###\n{"a": 1}\n', 'syntax/no-request-line', 'error', '{"a": 1}'],
    ['###\nPOST https://x.test\n\n{"a": 1,}\n', 'syntax/json', 'error', '}'],
  ];
  for (const [text, code, severity, underlined] of cases) {
    it(`${code}: ${severity} on \`${underlined.replace(/\n/g, '\\n')}\``, () => {
      const b = block(text);
      assert.deepEqual(
        b.problems.map((p) => [p.code, p.severity, at(b, p.span)]),
        [[code, severity, underlined]],
      );
    });
  }

  it('messages quote the line and propose the fix', () => {
    const message = (text: string) => block(text).problems[0].message;
    assert.equal(message('@novalue\n'), '`@novalue` defines no value: write `@novalue = value`.');
    assert.equal(
      message('@ = 1\n'),
      '`(empty)` is not a usable variable name: start with a letter or `_` and use letters, digits, `_`, `-` or `.`, e.g. `@userEmail = alice@example.com`.',
    );
    assert.equal(message('###\nPOST\n'), '`POST` has no URL: write `POST {{base_url}}/api/v2/...`.');
    assert.equal(
      message('###\nGTE https://x.test\n'),
      'Unknown method `GTE` (sent as written): check the spelling, the usual ones are GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, TRACE, CONNECT.',
    );
    assert.equal(
      message('###\nGET example.test/x\n'),
      '`example.test/x` is not an absolute URL: start it with https:// or with a variable, e.g. `{{base_url}}/api/v2/...`.',
    );
    assert.match(message('###\n# @name 2 words!\nGET https://x.test\n'), /e\.g\. `_2_words_`\.$/);
    assert.equal(
      message('GET https://x.test\n?? status 200\n'),
      '`?? status 200` has no operator: write e.g. `?? status == 200` (operators: == != === !== > >= < <= contains includes startsWith endsWith matches exists isTrue isFalse isNumber isString isBoolean isArray valid invalid).',
    );
    assert.equal(message('GET https://x.test\n?? signature\n'), 'Write `?? signature valid` or `?? signature invalid`.');
    assert.equal(message('GET https://x.test\n?? schema\n'), 'Write `?? schema valid` or `?? schema invalid`.');
  });
});

describe('syntax/parser: titles, names and a byte-order mark', () => {
  it('reads a file saved with a byte-order mark: the first request line is still a request', () => {
    const file = parseOne('\uFEFFPOST {{base_url}}/api/v2/wallet/balance\nContent-Type: application/json\n\n{"a": 1}\n');
    assert.equal(file.requests.length, 1);
    assert.equal(file.requests[0].requestLine?.method, 'POST');
    assert.equal(file.requests[0].requestLine?.url, '{{base_url}}/api/v2/wallet/balance');
    assert.deepEqual(file.requests[0].problems, []);
  });

  it('trims blanks and extra hashes around a `###` title, tabs included', () => {
    const b = block('###\t# \tbalance \t\nPOST {{base_url}}/api/v2/wallet/balance\n');
    assert.equal(b.separator?.title, 'balance');
    assert.equal(at(b, b.separator.titleSpan!), 'balance');
    assert.equal(b.name, 'balance');
    assert.equal(block('### \t \nGET https://x.test\n').separator?.title, undefined);
  });

  it('finds a request by name, the first one when two share it', () => {
    const file = parseOne('### a\nGET https://x.test/1\n\n### a\nGET https://x.test/2\n\n### b\nGET https://x.test/3\n');
    assert.equal(requestByName(file, 'a')?.requestLine?.url, 'https://x.test/1');
    assert.equal(requestByName(file, 'b')?.requestLine?.url, 'https://x.test/3');
    assert.equal(requestByName(file, 'c'), undefined);
  });
});

// Issue 17: what the request-line, header, body, assertion and name parsing must give, case by case.
describe('syntax/parser: request lines', () => {
  const line = (text: string) => block(`###\n${text}\n`).requestLine!;

  it('reads the URL after any run of blanks, a tab included, and the HTTP version in any case', () => {
    assert.deepEqual([line('GET \t  https://x.test/a').url, line('GET\thttps://x.test/a').url], ['https://x.test/a', 'https://x.test/a']);
    const v = line('GET https://x.test/a   http/2');
    assert.deepEqual([v.url, v.httpVersion], ['https://x.test/a', 'HTTP/2']);
    const urlOnly = line('https://x.test/a HTTP/1.1');
    assert.deepEqual([urlOnly.method, urlOnly.url, urlOnly.httpVersion], ['GET', 'https://x.test/a', 'HTTP/1.1']);
    const b = block('###\nPOST \t https://x.test/a HTTP/1.1\n');
    assert.equal(at(b, b.requestLine!.urlSpan), 'https://x.test/a');
    assert.equal(at(b, b.requestLine!.span), 'POST \t https://x.test/a HTTP/1.1');
  });

  it('accepts absolute URLs in any case, a variable or a path; warns on anything else', () => {
    for (const url of ['https://x.test', 'HTTP://X.TEST', '{{base_url}}/a', '/api/v2/x']) {
      assert.deepEqual(codes(block(`###\nGET ${url}\n`)), [], url);
    }
    for (const url of ['ftp://x.test', 'x.test', 'localhost:8080/a']) {
      assert.deepEqual(codes(block(`###\nGET ${url}\n`)), ['syntax/url-without-scheme'], url);
    }
  });

  it('a method alone has no URL: the message writes the method in upper case', () => {
    const b = block('###\npost\n');
    assert.deepEqual(
      b.problems.map((p) => [p.code, p.message]),
      [['syntax/missing-url', '`post` has no URL: write `POST {{base_url}}/api/v2/...`.']],
    );
    assert.equal(b.requestLine?.method, 'POST');
    assert.deepEqual(b.requestLine?.urlSpan, { start: b.requestLine.span.end, end: b.requestLine.span.end });
  });

  it('joins `?` and `&` lines only right after the request line; the URL span runs to the last one', () => {
    const b = block('###\nGET https://x.test/a\n  ?p=1\n  &q=2\nAccept: json\n');
    assert.equal(b.requestLine!.url, 'https://x.test/a?p=1&q=2');
    assert.equal(at(b, b.requestLine!.urlSpan), 'https://x.test/a\n  ?p=1\n  &q=2');
    assert.equal(at(b, b.requestLine!.span), 'GET https://x.test/a\n  ?p=1\n  &q=2');
    const late = block('###\nGET https://x.test/a\nAccept: json\n?p=1\n');
    assert.equal(late.requestLine!.url, 'https://x.test/a');
    assert.deepEqual(codes(late), ['syntax/missing-blank-line']);
  });

  it('a query line under a method with no URL becomes the URL', () => {
    const b = block('###\nGET\n?p=1\n');
    assert.equal(b.requestLine!.url, '?p=1');
    assert.equal(at(b, b.requestLine!.urlSpan), '?p=1');
  });
});

describe('syntax/parser: headers, bodies and lines without a request line', () => {
  it('a header value may be empty, and the value span is the trimmed value', () => {
    const b = block('###\nGET https://x.test\nX-Empty:\nX-Spaced:   a b  \n');
    assert.deepEqual(
      b.headers.map((h) => [h.name, h.value, at(b, h.nameSpan), at(b, h.valueSpan), at(b, h.span)]),
      [
        ['X-Empty', '', 'X-Empty', '', 'X-Empty:'],
        ['X-Spaced', 'a b', 'X-Spaced', 'a b', 'X-Spaced:   a b'],
      ],
    );
  });

  it('a body with no request line, starting with `[` or `<`, is a body, with the body message', () => {
    for (const body of ['[1, 2]', '< ./body.json']) {
      const b = block(`###\n${body}\n`);
      assert.deepEqual(
        b.problems.map((p) => [p.code, p.message, at(b, p.span)]),
        [
          [
            'syntax/no-request-line',
            'This body has no request line: add `METHOD URL` and the headers above it, then a blank line, e.g. `POST {{base_url}}/api/v2/account/verify`.',
            body,
          ],
        ],
        body,
      );
      // `< ./body.json` above any request line is, as for JetBrains, a pre-request script (with
      // the same problem); `[1, 2]` stays a body.
      if (body.startsWith('<')) assert.deepEqual([b.body, b.scripts[0]?.source], [undefined, './body.json']);
      else assert.ok(b.body, body);
    }
  });

  it('headers with no request line: one problem, with the header message, the headers read', () => {
    const b = block('###\nContent-Type: application/json\nX-A: 1\nnot a header\n');
    assert.deepEqual(
      b.problems.map((p) => [p.code, p.message]),
      [
        [
          'syntax/no-request-line',
          'This header has no request line above it: add `METHOD URL` first, e.g. `POST {{base_url}}/api/v2/account/verify`.',
        ],
      ],
    );
    assert.deepEqual(
      b.headers.map((h) => h.name),
      ['Content-Type', 'X-A'],
    );
    assert.equal(b.body?.text, 'not a header');
  });

  it('a method followed by a colon is a request line, not a header', () => {
    const b = block('###\nGET: https://x.test/a\n');
    assert.equal(b.requestLine?.method, 'GET');
    assert.deepEqual(b.headers, []);
  });

  it('reads a JSON body by its content type, whatever the header name case, also a `+json` type', () => {
    for (const type of ['content-type: application/json', 'CONTENT-TYPE: application/vnd.api+json']) {
      const b = block(`###\nPOST https://x.test\n${type}\n\n{{payload}}\n`);
      assert.equal(b.body?.kind, 'json', type);
    }
    assert.equal(block('###\nPOST https://x.test\nContent-Type: text/plain\n\n{{payload}}\n').body?.kind, 'text');
    assert.equal(block('###\nPOST https://x.test\nX-Type: application/json\n\n{{payload}}\n').body?.kind, 'text');
  });

  it('a `< file` line followed by more text is a text body; `<@ file` is a file body', () => {
    const text = block('###\nPOST https://x.test\n\n< ./a.json\nmore\n');
    assert.equal(text.body?.kind, 'text');
    assert.equal(text.body?.text, '< ./a.json\nmore');
    const at2 = block('###\nPOST https://x.test\n\n<@ ./a.json  \n');
    assert.equal(at2.body?.kind, 'file');
    assert.equal(at2.body?.filePath?.value, './a.json');
    assert.equal(at(at2, at2.body.filePath.span), './a.json');
  });

  it('a text body of header-like lines with no blank line after them is a body, without a warning', () => {
    const b = block('###\nPOST https://x.test\nA: 1\n\nB: 2\nC: 3\n');
    assert.equal(b.body?.text, 'B: 2\nC: 3');
    assert.deepEqual(codes(b), []);
  });

  it('keeps comment lines inside a JSON body, and the comments of a block in document order', () => {
    const b = block('###\n# before\nPOST https://x.test\n\n{\n# inside\n"a": 1\n}\n\n# after\n');
    assert.equal(b.body?.text, '{\n# inside\n"a": 1\n}');
    assert.deepEqual(
      b.comments.map((c) => at(b, c)),
      ['# before', '# after'],
    );
  });
});

describe('syntax/parser: assertions', () => {
  const assertions = (text: string) =>
    block(`###\nGET https://x.test\n${text}\n`).assertions.map((a) => [a.subject, a.path, a.operator, a.expected]);

  it('reads subject, path, operator and expected value, the expected value trimmed and kept whole', () => {
    assert.deepEqual(assertions('?? body data.items contains two words  '), [['body', 'data.items', 'contains', 'two words']]);
    assert.deepEqual(assertions('?? body data a == 1'), [['body', 'data a', '==', '1']]);
    assert.deepEqual(assertions('?? body data.id exists'), [['body', 'data.id', 'exists', undefined]]);
    assert.deepEqual(assertions('??\tstatus == 201'), [['status', undefined, '==', '201']]);
    assert.deepEqual(assertions('?? duration < 500'), [['duration', undefined, '<', '500']]);
  });

  it('a word after `??` is the subject even when it is also an operator', () => {
    const b = block('###\nGET https://x.test\n?? exists\n');
    assert.deepEqual(
      b.assertions.map((a) => [a.subject, a.operator]),
      [['exists', undefined]],
    );
    assert.deepEqual(codes(b), ['syntax/unknown-assertion-subject']);
  });

  it('only status, duration, signature and schema need an operator', () => {
    for (const text of ['?? body', '?? body data.x', '?? header x-trace']) {
      assert.deepEqual(codes(block(`###\nGET https://x.test\n${text}\n`)), [], text);
    }
    for (const text of ['?? duration', '?? signature', '?? schema', '?? status']) {
      assert.deepEqual(codes(block(`###\nGET https://x.test\n${text}\n`)), ['syntax/assertion-without-operator'], text);
    }
  });

  it('`??` must be followed by a blank or the end of the line: `??x` is body text', () => {
    const b = block('###\nPOST https://x.test\n\nhello\n??x == 1\n');
    assert.deepEqual(b.assertions, []);
    assert.equal(b.body?.text, 'hello\n??x == 1');
  });

  it('templates in assertions and in body lines after an assertion are references', () => {
    const b = block('###\nPOST https://x.test\n?? body id == {{id}}\n\n{"a": "{{x}}",\n?? body b == {{y}}\n"b": "{{z}}"}\n');
    assert.deepEqual(
      b.references.map((r) => r.name),
      ['id', 'x', 'y', 'z'],
    );
    assert.deepEqual(codes(b), []);
  });
});

describe('syntax/parser: variables, directives and names', () => {
  it('a variable value is a reference region; the variable name is not', () => {
    const file = parseOne('@a = {{b}} and {{c}}\n@{{d}} = 1\n');
    assert.deepEqual(
      file.blocks[0].references.map((r) => r.name),
      ['b', 'c'],
    );
    const v = file.variables[0];
    assert.equal(file.text.slice(v.valueSpan.start, v.valueSpan.end), '{{b}} and {{c}}');
  });

  it('reads `@name=value` without blanks, and says how to write a variable without a value', () => {
    const file = parseOne('@a=1\n@b   =   two words  \n');
    assert.deepEqual(
      file.variables.map((v) => [v.name, v.value, file.text.slice(v.valueSpan.start, v.valueSpan.end)]),
      [
        ['a', '1', '1'],
        ['b', 'two words', 'two words'],
      ],
    );
    assert.equal(block('@\n').problems[0].message, '`@` defines no value: write `@name = value`.');
    assert.equal(block('@ab cd\n').problems[0].code, 'syntax/variable-without-value');
  });

  it('a directive without a value has an empty value right after its name', () => {
    const b = block('###\n# @no-log\n# @name   spaced  \nGET https://x.test\n');
    const [noLog, name] = b.directives;
    assert.deepEqual(noLog.valueSpan, { start: noLog.nameSpan.end, end: noLog.nameSpan.end });
    assert.equal(at(b, name.valueSpan), 'spaced');
    assert.equal(b.name, 'spaced');
  });

  it('the last `@name` with a value names the request, by its first word; a title names it only when it is one word', () => {
    assert.equal(block('### t\n# @name first\n# @name second\n# @name\nGET https://x.test\n').name, 'second');
    assert.equal(block('###\n# @name two words\nGET https://x.test\n').name, 'two');
    assert.equal(block('### my-quote_2\nGET https://x.test\n').name, 'my-quote_2');
    assert.equal(block('### 2nd\nGET https://x.test\n').name, undefined);
    assert.equal(block('### a.b\nGET https://x.test\n').name, undefined);
  });
});

describe('syntax/parser: once the body has started', () => {
  it('header-like lines after a body that started without a blank line stay in the body', () => {
    const b = block('###\nPOST https://x.test\nA: 1\nhello\nB: 2\n');
    assert.deepEqual(
      b.headers.map((h) => h.name),
      ['A'],
    );
    assert.equal(b.body?.text, 'hello\nB: 2');
    const headerless = block('###\nX-A: 1\n{"a": 1}\nX-B: 2\n');
    assert.deepEqual(
      headerless.headers.map((h) => h.name),
      ['X-A'],
    );
  });

  it('an assertion without an operator keeps its path', () => {
    const a = block('###\nGET https://x.test\n?? body data.x\n').assertions[0];
    assert.deepEqual([a.subject, a.path, a.operator], ['body', 'data.x', undefined]);
  });
});

// Issue 17, parser.ts lines 635 to the end: a body's own problems (read at parse time) and names.
describe('syntax/parser: problems of a body, and the name a bad @name suggests', () => {
  it('each body problem says what is wrong and how to fix it', () => {
    const message = (text: string, code: string) => block(text).problems.find((p) => p.code === code)?.message;
    assert.equal(
      message('###\nPOST https://x.test\n\n{"a": 1{{x}}}\n', 'syntax/template-not-a-value'),
      '`{{x}}` is outside quotes but is not a whole JSON value: put it in a string (`"{{x}}"`) or separate it from the text around it.',
    );
    assert.equal(
      message('###\nPOST https://x.test\n\n{\n  // why\n  "a": 1\n}\n', 'syntax/json-comment'),
      'Comments inside a JSON body are sent to the service, which expects plain JSON: remove the comment or move it above the request line.',
    );
    assert.equal(
      message('###\nPOST https://x.test\nA: 1\n\nB: 2\n\nhello\n', 'syntax/header-after-blank-line'),
      'These lines look like headers but come after the blank line that ends the headers, so they are sent as body: remove the blank line above them.',
    );
    assert.equal(
      message('###\n# @name\nGET https://x.test\n', 'syntax/empty-name'),
      'Give the request a name: `# @name quote` (one word), then refer to it as `{{quote.response.body.$.data.x}}`.',
    );
  });

  it('a bad name suggests one word: each run of other characters becomes one `_`, and `_` goes before a leading digit only', () => {
    const suggestion = (name: string) =>
      /e\.g\. `(.*)`\.$/.exec(block(`###\n# @name ${name}\nGET https://x.test\n`).problems[0].message)?.[1];
    assert.equal(suggestion('a1  b!!'), 'a1_b_');
    assert.equal(suggestion('9 lives, 2 go'), '_9_lives_2_go');
  });

  it('JSON errors before a header written below the body are still reported, with the header', () => {
    const b = block('###\nPOST https://x.test\n\n{"a": 1 "b": 2}\nContent-Type: application/json\n');
    assert.deepEqual(
      b.problems.map((p) => [p.code, at(b, p.span)]),
      [
        ['syntax/header-after-body', 'Content-Type: application/json'],
        ['syntax/json', '"b"'],
      ],
    );
  });

  it('a header below the body is found after CRLF, after a blank line, and with blanks before its colon', () => {
    for (const text of [
      '###\r\nPOST https://x.test\r\n\r\n{"a": 1}\r\nContent-Type: application/json\r\n',
      '###\nPOST https://x.test\n\n{"a": 1}\n\nContent-Type: application/json\n',
      '###\nPOST https://x.test\n\n{"a": 1}\nContent-Type : application/json\n',
    ]) {
      const b = block(text);
      assert.deepEqual(
        b.problems.map((p) => p.code),
        ['syntax/header-after-body'],
        JSON.stringify(text),
      );
      assert.match(at(b, b.problems[0].span), /^Content-Type ?: application\/json$/);
    }
  });

  it('only a header right after the value is singled out: after other stray text, that text is the JSON error', () => {
    const b = block('###\nPOST https://x.test\n\n{"a": 1}\n"oops"\nX-A: 1\n');
    assert.deepEqual(
      b.problems.map((p) => [p.code, at(b, p.span)]),
      [['syntax/json', '"oops"']],
    );
  });

  it('a text body that starts with a header-like line and goes on with text gets no header warning', () => {
    const b = block('###\nPOST https://x.test\n\nNote: 1\nhello\n\nbye\n');
    assert.equal(b.body?.text, 'Note: 1\nhello\n\nbye');
    assert.deepEqual(codes(b), []);
  });

  it('only `@name` directives name a request: other directives beside it neither rename it nor are checked as names', () => {
    const b = block('###\n# @name quote\n# @timeout 5 s\n// @no-redirect\nGET https://x.test\n');
    assert.equal(b.name, 'quote');
    assert.deepEqual(codes(b), []);
  });

  it('says at parse time whether a JSON body is valid JSON once its templates are masked', () => {
    assert.equal(block('###\nPOST https://x.test\n\n{"a": {{n}}, "b": "{{s}}"}\n').body?.validJson, true);
    assert.equal(block('###\nPOST https://x.test\n\n{"a": 1,}\n').body?.validJson, false);
  });
});
