// The body bounds (the catalogue's depth and size decisions): lint's look at the text
// (surelyWithinBounds) must never call a body fine that the measure the sandbox applies
// (bodyBoundsProblem, on the parsed body) refuses, and the rule built on both must still report
// what the sandbox refuses.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { bodyBoundsProblem, MAX_BODY_DEPTH, MAX_EXTEND_INFO_BYTES, surelyWithinBounds } from '../../engine/catalogue/decisions';
import { lintText } from '../../engine/language';

/** A value nested `depth` deep: arrays inside objects inside arrays … (`{}` is 1 deep). */
function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let d = 0; d < depth; d++) v = d % 2 ? { a: v } : [v];
  return v;
}

/** The test's question for a body written compactly: the text and its extendInfo's text length. */
function sure(body: Record<string, unknown>): boolean {
  const info = 'extendInfo' in body ? JSON.stringify(body.extendInfo).length : 0;
  return surelyWithinBounds(JSON.stringify(body), info);
}

describe('body bounds seen from the text (surelyWithinBounds)', () => {
  it('never calls a body fine that bodyBoundsProblem refuses (property)', () => {
    const value = fc.jsonValue({ maxDepth: MAX_BODY_DEPTH + 4 });
    fc.assert(
      fc.property(value, fc.option(value), fc.integer({ min: 0, max: MAX_BODY_DEPTH + 3 }), (other, info, depth) => {
        const body: Record<string, unknown> = { other, deep: nested(depth) };
        if (info !== null) body.extendInfo = info;
        if (sure(body)) assert.equal(bodyBoundsProblem(body), undefined);
      }),
      { numRuns: 500 },
    );
  });

  it('depth: 32 levels are fine from the text, 33 are left to the parse (which refuses them)', () => {
    const fine = { extendInfo: nested(MAX_BODY_DEPTH - 1) };
    assert.equal(sure(fine), true);
    assert.equal(bodyBoundsProblem(fine), undefined);
    const deep = { extendInfo: nested(MAX_BODY_DEPTH) };
    assert.equal(sure(deep), false);
    assert.equal(bodyBoundsProblem(deep)?.kind, 'depth');
  });

  it('brackets inside strings, and escaped quotes, do not count as nesting', () => {
    const text = JSON.stringify({ note: `\\"${'['.repeat(40)}"` });
    assert.equal(surelyWithinBounds(text, 0), true);
  });

  it('size: an extendInfo whose text could stringify to the limit is left to the parse', () => {
    // `1e20` is 4 characters and stringifies to 21: the text's length alone is no bound.
    const numbers = `[${Array(800).fill('1e20').join(',')}]`;
    const text = `{"extendInfo":${numbers}}`;
    assert.equal(surelyWithinBounds(text, numbers.length), false);
    assert.equal(bodyBoundsProblem(JSON.parse(text) as Record<string, unknown>)?.kind, 'size');
    assert.ok(MAX_EXTEND_INFO_BYTES < 21 * 800);
  });
});

describe('payout/body-too-large through the text look', () => {
  const sell = (extendInfo: string) =>
    `POST https://sandbox.example/api/v2/orders/create-sell-order\nContent-Type: application/json\n\n` +
    `{ "partnerCode": "P", "externalOrderId": "o-1", "currency": "USDT", "fiatAmount": 100000, "userEmail": "a@b.c", ` +
    `"bankCode": "970436", "bankAccountNumber": "1", "content": "c", "extendInfo": ${extendInfo} }\n`;
  const codes = (text: string) => lintText(text, { fileDir: '/nonexistent', loadEnvironment: () => ({}) }).map((d) => d.code);

  it('reports a body nested too deep and an extendInfo too large, and nothing for a small one', () => {
    assert.ok(codes(sell(JSON.stringify(nested(MAX_BODY_DEPTH)))).includes('payout/body-too-large'));
    assert.ok(codes(sell(JSON.stringify({ qrType: 'x', data: 'y'.repeat(MAX_EXTEND_INFO_BYTES) }))).includes('payout/body-too-large'));
    assert.ok(!codes(sell('{ "qrType": "x" }')).includes('payout/body-too-large'));
  });
});
