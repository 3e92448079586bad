import assert from 'node:assert/strict';
import { ASSERTION_OPERATORS, parseHttpFile } from '../../engine/syntax/parser';
import { evaluateAssertions, readPath, type AssertionContext } from '../../engine/http/assertions';

// Assertions come from the real parser, so these tests also pin the `??` line forms we document.
function check(lines: string[], ctx: Partial<AssertionContext>) {
  const file = parseHttpFile(`GET http://x/y\n\n${lines.join('\n')}\n`);
  const block = file.requests[0];
  assert.equal(block.assertions.length, lines.length, 'every line parsed as an assertion');
  return evaluateAssertions(block.assertions, { status: 201, headers: {}, body: undefined, durationMs: 12, ...ctx });
}

const envelope = {
  success: true,
  errorCode: 0,
  semanticCode: 'SUCCESS',
  data: { status: 'AWAITING_PAYMENT', fiatAmount: 100000, items: [{ name: 'a' }, { name: 'b' }], empty: null },
};

describe('http/assertions: httpYac-style ?? lines against a response', () => {
  it('holds for the forms of the brief', () => {
    const r = check(
      [
        '?? status == 201',
        '?? body success == true',
        '?? body semanticCode == SUCCESS',
        '?? body data.status == AWAITING_PAYMENT',
        '?? signature valid',
      ],
      { body: envelope, verdict: { state: 'verified', signedDisplay: 'x|<secretKey>' } },
    );
    assert.deepEqual(
      r.map((a) => a.ok),
      [true, true, true, true, true],
    );
  });

  it('takes every operator the parser accepts: === and !== as == and !=', () => {
    const r = check(['?? status === 201', '?? status !== 500', '?? status === 500', '?? status !== 201'], {});
    assert.deepEqual(
      r.map((a) => a.ok),
      [true, true, false, false],
    );
    assert.ok(
      r.every((a) => !a.message?.startsWith('unknown operator')),
      JSON.stringify(r),
    );
  });

  it('fails with a message naming what was expected and what was found', () => {
    const r = check(['?? status == 200', '?? body data.status == SUCCESS', '?? body data.missing exists', '?? signature valid'], {
      body: envelope,
      verdict: { state: 'not-verified', signedDisplay: '', reason: 'altered' },
    });
    assert.deepEqual(
      r.map((a) => a.ok),
      [false, false, false, false],
    );
    assert.equal(r[0].message, 'expected status == 200, got 201');
    assert.equal(r[1].message, 'expected body data.status == SUCCESS, got "AWAITING_PAYMENT"');
    assert.equal(r[2].message, 'expected body data.missing exists, got (absent)');
    assert.match(r[3].message!, /valid, but it is not verified/);
  });

  it('compares by the type of the actual value', () => {
    const r = check(
      [
        '?? body data.fiatAmount == 100000',
        '?? body data.fiatAmount == "100000"',
        '?? body data.fiatAmount > 99999.5',
        '?? body data.fiatAmount <= 100000',
        '?? body success != false',
        '?? body data.empty == null',
        '?? body errorCode == 0',
      ],
      { body: envelope },
    );
    assert.deepEqual(
      r.map((a) => a.ok),
      [true, true, true, true, true, true, true],
    );
    const wrong = check(['?? body data.status == 0', '?? body success == "yes"'], { body: envelope });
    assert.deepEqual(
      wrong.map((a) => a.ok),
      [false, false],
    );
  });

  it('reads arrays, lengths, headers, duration and text operators', () => {
    const r = check(
      [
        '?? body data.items[1].name == b',
        '?? body data.items.length == 2',
        '?? body data.items isArray',
        '?? header content-type contains json',
        '?? duration < 1000',
        '?? body data.status startsWith AWAITING',
        '?? body data.status matches ^AWAIT.*$',
        '?? body semanticCode isString',
      ],
      { body: envelope, headers: { 'Content-Type': 'application/json; charset=utf-8' } },
    );
    assert.deepEqual(
      r.map((a) => a.ok),
      [true, true, true, true, true, true, true, true],
    );
  });

  it('reports an invalid regular expression instead of throwing', () => {
    const [r] = check(['?? body data.status matches ([a-'], { body: envelope });
    assert.equal(r.ok, false);
    assert.match(r.message!, /not a valid regular expression/);
  });

  it('`?? schema valid|invalid` reads the OpenAPI schema outcome; with none to compare with, both fail saying why', () => {
    const matches = { endpointId: 'plant-store.getPlantById', problems: [] };
    const off = { endpointId: 'openapi.getPlantOne', problems: [{ path: '$.id', message: 'expected string, got number 1' }] };
    assert.deepEqual(
      check(['?? schema valid', '?? schema invalid'], { schema: matches }).map((a) => a.ok),
      [true, false],
    );
    const [valid, invalid] = check(['?? schema valid', '?? schema invalid'], { schema: off });
    assert.equal(valid.ok, false);
    assert.equal(
      valid.message,
      "expected the response to be valid against openapi.getPlantOne's schema, but it has 1 problem(s): $.id: expected string, got number 1",
    );
    assert.equal(invalid.ok, true);
    const none = check(['?? schema valid', '?? schema invalid'], {});
    assert.deepEqual(
      none.map((a) => a.ok),
      [false, false],
    );
    assert.match(none[0].message!, /no OpenAPI response schema documents this response .*add the document with `# @openapi/);
    assert.match(check(['?? schema == 1'], { schema: matches })[0].message!, /`\?\? schema valid` or `\?\? schema invalid`/);
  });

  it('readPath accepts JSONPath-ish prefixes', () => {
    assert.deepEqual(readPath(envelope, '$.data.items[0].name'), { found: true, value: 'a' });
    assert.deepEqual(readPath(envelope, 'data.nope.deeper'), { found: false, value: undefined });
    assert.deepEqual(readPath([{ id: 3 }], '[0].id'), { found: true, value: 3 });
  });
});

describe('http/assertions: every operator both ways, and what a failure says', () => {
  const body = {
    success: true,
    errorCode: 0,
    data: {
      status: 'AWAITING_PAYMENT',
      fiatAmount: 100000,
      amountText: '10',
      tags: ['a', 'b'],
      items: [{ name: 'a' }, { name: 'b' }],
      empty: null,
      'a.b': 'dotted',
      flag: false,
    },
  };
  const oks = (lines: string[], ctx: Partial<AssertionContext> = { body }) => check(lines, ctx).map((a) => a.ok);

  it('equality: quoted text, numbers, booleans, null and JSON values; an empty expected value matches nothing', () => {
    assert.deepEqual(
      oks([
        "?? body data.status == 'AWAITING_PAYMENT'",
        '?? body data.status == "AWAITING_PAYMENT"',
        '?? body success == "true"',
        '?? body data.flag == false',
        '?? body data.empty == null',
        '?? body data.empty != 0',
        '?? body data.tags == ["a","b"]',
        '?? body data.items[0] == {"name": "a"}',
        '?? body data.missing != x',
      ]),
      [true, true, true, true, true, true, true, true, true],
    );
    assert.deepEqual(
      oks([
        '?? body errorCode ==',
        '?? body data.status == "AWAITING_PAYMENT',
        '?? body data.tags == ["a"]',
        '?? body data.tags == [a, b]',
        '?? body data.flag == true',
        '?? body data.empty == "null"',
        '?? body data.missing == x',
        '?? body data.status != AWAITING_PAYMENT',
      ]),
      [false, false, false, false, false, false, false, false],
    );
  });

  it('comparisons: both sides of each boundary, numeric text read as a number, text that is no number never compares', () => {
    assert.deepEqual(
      oks([
        '?? body data.fiatAmount >= 100000',
        '?? body data.fiatAmount > 100000',
        '?? body data.fiatAmount < 100000',
        '?? body data.fiatAmount < 100001',
        '?? body data.fiatAmount <= 99999',
        '?? body data.amountText > 9',
        '?? body data.amountText > "9"',
        '?? body data.status > 1',
        '?? body data.status < 1',
        '?? body data.fiatAmount > lots',
        '?? body data.missing < 1',
      ]),
      [true, false, false, true, false, true, true, false, false, false, false],
    );
  });

  it('text operators: contains on text and on an array element, includes, startsWith, endsWith, matches; each fails on an absent value', () => {
    assert.deepEqual(
      oks([
        '?? body data.status contains PAY',
        '?? body data.tags contains b',
        '?? body data.tags includes "a"',
        '?? body data.status includes "WAIT"',
        '?? body data.status endsWith PAYMENT',
        '?? body data.status startsWith "AWAIT"',
      ]),
      [true, true, true, true, true, true],
    );
    assert.deepEqual(
      oks([
        '?? body data.status contains paid',
        '?? body data.tags contains c',
        '?? body data.status endsWith AWAITING',
        '?? body data.status startsWith PAYMENT',
        '?? body data.status matches ^PAY',
        '?? body data.missing contains undefined',
        '?? body data.missing startsWith undefined',
        '?? body data.missing endsWith undefined',
        '?? body data.missing matches .*',
      ]),
      [false, false, false, false, false, false, false, false, false],
    );
  });

  it('type operators hold only for their type, and a failure names the operator and the value found', () => {
    assert.deepEqual(
      oks([
        '?? body success isTrue',
        '?? body data.flag isFalse',
        '?? body errorCode isNumber',
        '?? body data.flag isBoolean',
        '?? body data.tags isArray',
        '?? body data.empty exists',
        '?? body data',
      ]),
      [true, true, true, true, true, true, true],
    );
    const r = check(
      [
        '?? body data.flag isTrue',
        '?? body success isFalse',
        '?? body data.amountText isNumber',
        '?? body data.amountText isBoolean',
        '?? body data.items[0] isString',
        '?? body data.status isArray',
        '?? body data.missing isTrue',
      ],
      { body },
    );
    assert.deepEqual(
      r.map((a) => a.ok),
      [false, false, false, false, false, false, false],
    );
    assert.deepEqual(
      r.map((a) => a.message),
      [
        'expected body data.flag isTrue, got false',
        'expected body success isFalse, got true',
        'expected body data.amountText isNumber, got "10"',
        'expected body data.amountText isBoolean, got "10"',
        'expected body data.items[0] isString, got {"name":"a"}',
        'expected body data.status isArray, got "AWAITING_PAYMENT"',
        'expected body data.missing isTrue, got (absent)',
      ],
    );
  });

  it('paths: $ and a bare body are the whole body, ["a.b"] is one key, nothing is found through null or text', () => {
    assert.deepEqual(readPath(body, '$'), { found: true, value: body });
    assert.deepEqual(readPath(body, undefined), { found: true, value: body });
    assert.deepEqual(readPath(undefined, '$'), { found: false, value: undefined });
    assert.deepEqual(readPath(body, 'data["a.b"]'), { found: true, value: 'dotted' });
    assert.deepEqual(readPath(body, '$data.status'), { found: true, value: 'AWAITING_PAYMENT' });
    assert.deepEqual(readPath(body, 'data.empty.x'), { found: false, value: undefined });
    assert.deepEqual(readPath(body, 'data.status.length'), { found: false, value: undefined });
    assert.deepEqual(readPath(body, 'data.items[2]'), { found: false, value: undefined });
    assert.deepEqual(readPath(body, 'data.empty'), { found: true, value: null });
    const [whole] = check(['?? body == x'], { body: 'plain text' });
    assert.deepEqual([whole.ok, whole.message], [false, 'expected body == x, got "plain text"']);
    assert.equal(check(['?? body exists'], { body: undefined })[0].ok, false);
  });

  it('headers: matched without regard to case, repeated values joined, and a missing name says how to write it', () => {
    const headers = { 'Set-Cookie': ['a=1', 'b=2'], 'X-Request-Id': 'r-1' };
    const r = check(
      [
        '?? header set-cookie == a=1, b=2',
        '?? header x-request-id == r-1',
        '?? header X-Trace exists',
        '?? header exists',
        '?? header x-request-id startsWith q',
      ],
      { headers },
    );
    assert.deepEqual(
      r.map((a) => a.ok),
      [true, true, false, false, false],
    );
    assert.equal(r[2].message, 'expected header X-Trace exists, got (absent)');
    assert.equal(r[3].message, 'name the header, e.g. `?? header content-type contains json`');
    assert.equal(r[4].message, 'expected header x-request-id startsWith q, got "r-1"');
  });

  it('status and duration: duration in whole milliseconds, failures named by the subject', () => {
    const r = check(['?? duration == 12', '?? duration < 12', '?? status >= 300'], { durationMs: 12.4 });
    assert.deepEqual(
      r.map((a) => a.ok),
      [true, false, false],
    );
    assert.equal(r[1].message, 'expected duration < 12, got 12');
    assert.equal(r[2].message, 'expected status >= 300, got 201');
  });

  it('`?? signature invalid` holds only for a signature that did not verify; not checked or not checkable fail both ways', () => {
    const verified = { state: 'verified' as const, signedDisplay: 'x|<secretKey>' };
    const altered = { state: 'not-verified' as const, signedDisplay: '', reason: 'altered' };
    const noKey = { state: 'not-checkable' as const, reason: 'no service public key' };
    assert.deepEqual(oks(['?? signature valid', '?? signature invalid'], { verdict: verified }), [true, false]);
    assert.deepEqual(oks(['?? signature valid', '?? signature invalid'], { verdict: altered }), [false, true]);
    const [v, i] = check(['?? signature valid', '?? signature invalid'], { verdict: noKey });
    assert.deepEqual([v.ok, i.ok], [false, false]);
    assert.equal(v.message, 'expected the response signature to be valid, but it is not checkable (no service public key)');
    assert.equal(i.actual, 'not checkable (no service public key)');
    const [none] = check(['?? signature invalid'], {});
    assert.equal(none.message, 'expected the response signature to be invalid, but it is not checked');
    const [verifiedInvalid] = check(['?? signature invalid'], { verdict: verified });
    assert.equal(verifiedInvalid.message, 'expected the response signature to be invalid, but it is verified');
    const [wrongOp] = check(['?? signature == verified'], { verdict: verified });
    assert.deepEqual([wrongOp.ok, wrongOp.message], [false, 'signature assertions are `?? signature valid` or `?? signature invalid`']);
  });

  it('an operator or subject that does not apply fails naming what to use instead', () => {
    const [op] = check(['?? body data.status valid'], { body });
    assert.equal(op.ok, false);
    assert.equal(op.message, `unknown operator "valid"; use one of ${ASSERTION_OPERATORS.join(', ')}`);
    const [subject] = check(['?? cookie session == 1'], { body });
    assert.deepEqual(
      [subject.ok, subject.message],
      [false, 'unknown subject "cookie"; use status, body, header, signature, schema or duration'],
    );
  });

  it('`?? schema invalid` on a matching response, and a long problem list shown by its first three', () => {
    const matches = { endpointId: 'plant-store.getPlantById', problems: [] };
    const [invalid] = check(['?? schema invalid'], { schema: matches });
    assert.equal(invalid.message, "expected the response to be invalid against plant-store.getPlantById's schema, but it matches");
    assert.equal(invalid.actual, 'matches plant-store.getPlantById');
    const problems = ['$.a', '$.b', '$.c', '$.d'].map((path) => ({ path, message: 'missing' }));
    const [valid] = check(['?? schema valid'], { schema: { endpointId: 'e', problems } });
    assert.equal(valid.actual, '4 problem(s): $.a: missing; $.b: missing; $.c: missing');
  });
});

// Issue 17, found by the second mutation run of http-more: quotes at the edges, a number written
// another way, an absent header, a key named with `$`, and what a holding or inapplicable line reports.
describe('http/assertions: quotes, numbers written another way, absent headers, and what a holding line reports', () => {
  const body = {
    data: { note: '', quoted: '"abc', apostrophe: "'abc", quote: '"', inches: '5"', feet: "6'", fiatAmount: 100000, $ref: '#/x' },
  };
  const run = (lines: string[], ctx: Partial<AssertionContext> = { body }) => check(lines, ctx);

  it('an empty quoted value is the empty text; a quote not closed or not opened, or a lone quote, is compared as written', () => {
    assert.deepEqual(
      run([
        '?? body data.note == ""',
        "?? body data.note == ''",
        '?? body data.quoted == "abc',
        "?? body data.apostrophe == 'abc",
        '?? body data.quote == "',
        '?? body data.quoted contains "a',
        '?? body data.inches == 5"',
        "?? body data.feet == 6'",
      ]).map((a) => a.ok),
      [true, true, true, true, true, true, true, true],
    );
    assert.deepEqual(
      run(['?? body data.quoted == abc', '?? body data.note == "x"']).map((a) => a.ok),
      [false, false],
    );
  });

  it('a number equals the same number written with decimals or an exponent', () => {
    assert.deepEqual(
      run(['?? body data.fiatAmount == 100000.00', '?? body data.fiatAmount == 1e5', '?? body data.fiatAmount == "100000.0"']).map(
        (a) => a.ok,
      ),
      [true, true, true],
    );
    assert.equal(run(['?? body data.fiatAmount == 100000.01'])[0].ok, false);
  });

  it('an absent header matches no pattern, not even .*, and contains nothing', () => {
    const r = run(['?? header X-Trace matches .*', '?? header X-Trace contains undefined', '?? header X-Trace != r-1'], {
      headers: { 'X-Request-Id': 'r-1' },
    });
    assert.deepEqual(
      r.map((a) => a.ok),
      [false, false, true],
    );
    assert.equal(r[0].message, 'expected header X-Trace matches .*, got (absent)');
  });

  it('a key with `$` in its name is read as written; only a leading `$` or `$.` is the root', () => {
    assert.deepEqual(readPath(body, 'data.$ref'), { found: true, value: '#/x' });
    assert.deepEqual(readPath(body, '$.data.$ref'), { found: true, value: '#/x' });
    assert.equal(run(['?? body data.$ref == "#/x"'])[0].ok, true);
  });

  it('a holding line carries no failure message; `?? schema` with another operator fails and says it was not checked without a schema', () => {
    for (const r of run(['?? body data.fiatAmount == 100000', '?? body data.note exists', '?? status == 201']))
      assert.deepEqual([r.ok, r.message], [true, undefined], r.text);
    const matches = { endpointId: 'e', problems: [] };
    const [eq, exists] = run(['?? schema == matches', '?? schema exists'], { schema: matches });
    assert.deepEqual([eq.ok, exists.ok], [false, false]);
    assert.equal(exists.message, 'schema assertions are `?? schema valid` or `?? schema invalid`');
    // nothing after the operator: compared with the empty text, and the failure shows the operator alone
    const [noValue] = run(['?? body data.fiatAmount ==']);
    assert.deepEqual([noValue.ok, noValue.message], [false, 'expected body data.fiatAmount == , got 100000']);
    const [none] = run(['?? schema valid'], {});
    assert.equal(none.actual, 'not checked');
  });
});
