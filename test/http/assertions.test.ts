import assert from 'node:assert/strict';
import { parseHttpFile } from '../../engine/syntax/parser';
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
