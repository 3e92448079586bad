import assert from 'node:assert/strict';
import { buildCanonical, jsString, SECRET_PLACEHOLDER } from '../../engine/signing/canonical';
import type { SignedTemplate } from '../../engine/catalogue/types';
import { requestTemplate, responseTemplate, endpoint } from './templates';

const SECRET = 'test-secret-Zq81';

describe('signing/canonical', () => {
  describe('jsString: values as a JS template literal prints them', () => {
    const cases: [string, unknown, string][] = [
      ['undefined', undefined, 'undefined'],
      ['null', null, 'null'],
      ['true', true, 'true'],
      ['false', false, 'false'],
      ['100000.00 from JSON', JSON.parse('100000.00'), '100000'],
      ['1e21', 1e21, '1e+21'],
      ['1e-7', 1e-7, '1e-7'],
      ['0.1 + 0.2', 0.1 + 0.2, '0.30000000000000004'],
      ['-0', -0, '0'],
      ['a big integer from JSON', JSON.parse('12345678901234567890'), '12345678901234567000'],
      ['NaN', NaN, 'NaN'],
      ['array', ['USDT', 'ETH'], 'USDT,ETH'],
      ['object', { a: 1 }, '[object Object]'],
      ['null-prototype object (would throw in a template literal)', Object.create(null), '[object Object]'],
      ['symbol (would throw in a template literal)', Symbol('x'), 'Symbol(x)'],
      ['bigint', 10n, '10'],
      ['unicode string', 'Cà phê', 'Cà phê'],
    ];
    for (const [name, value, text] of cases) it(name, () => assert.equal(jsString(value), text));
  });

  it('the design example: fiatAmount 100000.00 and an omitted bankAccountNumber', () => {
    const body = JSON.parse(`{
      "partnerCode": "partnerCode", "externalOrderId": "externalOrderId", "currency": "USDT",
      "fiatAmount": 100000.00, "userEmail": "alice@example.com", "bankCode": "970436",
      "content": "Coffee", "extendInfo": null }`);
    const c = buildCanonical(requestTemplate('v2.orders.create-sell-order'), body);
    assert.equal(c.display, 'partnerCode|externalOrderId|USDT|100000|970436|undefined|Coffee|alice@example.com|<secretKey>');
    assert.equal(c.withSecret(SECRET), `partnerCode|externalOrderId|USDT|100000|970436|undefined|Coffee|alice@example.com|${SECRET}`);
    assert.deepEqual(
      c.omitted.map((o) => [o.field, o.signedAs]),
      [['bankAccountNumber', 'undefined']],
    );
    assert.ok(c.omitted[0].note, 'the document says what happens when bankAccountNumber is omitted');
    assert.deepEqual(c.segments[5], { field: 'bankAccountNumber', text: 'undefined', omitted: true });
  });

  it('an omitted fiatAmount is signed as 0 on scan-to-pay (doc 1 §4.12, §4.13), as undefined on cashout (§4.16)', () => {
    const review = buildCanonical(requestTemplate('v2.orders.review-sell-order'), { partnerCode: 'P', currency: 'USDT' });
    assert.equal(review.display, 'P|USDT|0|<secretKey>');
    assert.deepEqual(
      review.omitted.map((o) => o.signedAs),
      ['0'],
    );
    const cashout = buildCanonical(requestTemplate('v2.orders.create-cashout'), {
      partnerCode: 'P',
      externalOrderId: 'O',
      userEmail: 'u@x.io',
      cryptoCurrency: 'USDT',
    });
    assert.equal(cashout.display, 'P|O|u@x.io|USDT|undefined|undefined|<secretKey>');
    assert.deepEqual(
      cashout.omitted.map((o) => o.field),
      ['fiatCurrency', 'fiatAmount'],
    );
  });

  it('a present null is `null`, a present undefined counts as omitted', () => {
    const t = requestTemplate('v2.orders.review-sell-order');
    assert.equal(buildCanonical(t, { partnerCode: 'P', currency: null, fiatAmount: null }).display, 'P|null|null|<secretKey>');
    const c = buildCanonical(t, { partnerCode: 'P', currency: 'USDT', fiatAmount: undefined });
    assert.equal(c.display, 'P|USDT|0|<secretKey>');
    assert.equal(c.omitted.length, 1);
  });

  it('the response examples of doc 1: rejected KYC profile, check-access, bank list', () => {
    assert.equal(
      buildCanonical(responseTemplate('v2.user.get-kyc-information'), {
        kycStatus: 'REJECTED',
        kycSupplementStatus: 'NONE',
        rejectReason: 'blurry',
      }).display,
      'undefined|REJECTED|<secretKey>',
    );
    assert.equal(buildCanonical(responseTemplate('v2.user.check-access-service'), { access: true }).display, 'true|<secretKey>');
    const banks = buildCanonical(responseTemplate('v2.bank.get-supported-banks'), { banks: [] });
    assert.equal(banks.display, SECRET_PLACEHOLDER);
    assert.equal(banks.withSecret(SECRET), SECRET, 'an empty template signs the secret alone');
  });

  it('signs only the template fields, in template order, whatever the body order', () => {
    const t = requestTemplate('v2.orders.prices');
    const c = buildCanonical(t, {
      signature: 'x',
      service: 'SELL',
      network: 'TRC20',
      fiatCurrency: 'VND',
      currencies: 'USDT,ETH',
      partnerCode: 'P',
    });
    assert.equal(c.display, 'P|USDT,ETH|TRC20|<secretKey>');
    assert.equal(endpoint('v2.orders.prices').signedString, t);
  });

  it('never puts the secret in display, segments or omitted', () => {
    const t: SignedTemplate = {
      segments: [
        { field: 'a', omittedAs: 'undefined' },
        { field: 'b', omittedAs: '0' },
      ],
    };
    const c = buildCanonical(t, { a: 'x' });
    c.withSecret(SECRET);
    assert.ok(!JSON.stringify({ s: c.segments, o: c.omitted, d: c.display }).includes(SECRET));
    assert.equal(c.withSecret(SECRET), `x|0|${SECRET}`);
  });

  it('does not read inherited properties as values', () => {
    const t: SignedTemplate = { segments: [{ field: 'toString', omittedAs: 'undefined' }] };
    assert.equal(buildCanonical(t, {}).display, 'undefined|<secretKey>');
  });

  // Killed mutants of the `input is an object` guard (docs/testing.md): a non-object body has no fields,
  // even when it carries properties of the template's names.
  it('a body that is not a plain object (null, an array, a function, text) signs every field as omitted', () => {
    const t: SignedTemplate = {
      segments: [
        { field: 'partnerCode', omittedAs: 'undefined' },
        { field: 'fiatAmount', omittedAs: '0' },
      ],
    };
    const carrying = <T extends object>(o: T) => Object.assign(o, { partnerCode: 'P', fiatAmount: 5 });
    for (const input of [null, undefined, 'P', carrying(['x']), carrying(() => 0)]) {
      const c = buildCanonical(t, input as unknown as Record<string, unknown>);
      assert.equal(c.withSecret('s'), 'undefined|0|s', String(input));
      assert.deepEqual(
        c.omitted.map((o) => o.field),
        ['partnerCode', 'fiatAmount'],
      );
    }
  });
});
