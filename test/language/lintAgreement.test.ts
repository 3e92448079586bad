// Lint that agrees with the service (issue 13): a field the service requires is an error whether or
// not it is signed; values and answers the documents do not list are warnings that say they are
// assumptions (and hover marks them); an explicit null in a signed field, a secret variable in the
// body, a missing Content-Type (which send and curl add), a number beyond JSON's range.
import assert from 'node:assert/strict';
import type { MarkupContent } from 'vscode-languageserver-types';
import type { LanguageService } from '../../engine/language';
import { open, service, failWhenARuleThrows } from './fixture';
import { messageText } from '../helpers/messageText';

// A fresh service per test (fixture.ts, `service`): a parse or lint result cached by an earlier test
// must not answer for this one.
let svc: LanguageService;
beforeEach(() => {
  svc = service();
});

function lint(request: string, body: Record<string, unknown> | string, headers = 'Content-Type: application/json\n') {
  const text = `### t\n${request}\n${headers}\n${typeof body === 'string' ? body : JSON.stringify(body, null, 2)}\n`;
  return svc.diagnostics(open(svc, text)).map((d) => ({ code: String(d.code), severity: d.severity, message: messageText(d.message) }));
}
const ERROR = 1;
const WARNING = 2;
const INFORMATION = 3;
const only = (ds: ReturnType<typeof lint>, code: string) => ds.filter((d) => d.code === code);

const sell = {
  partnerCode: '{{partnerCode}}',
  externalOrderId: 'o-1',
  currency: 'USDT',
  fiatAmount: 100000,
  bankCode: 'VCB',
  bankAccountNumber: '0123',
  content: 'Coffee',
  userEmail: 'alice@example.com',
  extendInfo: null,
};
const cashout = {
  partnerCode: '{{partnerCode}}',
  externalOrderId: 'c-1',
  userEmail: 'alice@example.com',
  cryptoCurrency: 'USDT',
  fiatCurrency: 'VND',
  fiatAmount: 500000,
  extendInfo: { recipientName: 'NGUYEN VAN A', recipientNumber: '0123', recipientBankCode: '970436' },
};
const without = (o: Record<string, unknown>, ...names: string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !names.includes(k)));

describe('language/lint agrees with the service', () => {
  failWhenARuleThrows();
  it('a required signed field missing is an error (5), with the signed-as-undefined consequence in the same diagnostic', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['POST {{base_url}}/api/v2/orders/create-sell-order', without(sell, 'userEmail'), 'userEmail'],
      ['POST {{base_url}}/api/v2/orders/create-sell-order', without(sell, 'content'), 'content'],
      ['POST {{base_url}}/api/v2/orders/review-sell-order', { partnerCode: '{{partnerCode}}', fiatAmount: 100000 }, 'currency'],
      [
        'POST {{base_url}}/api/v2/user/submit-kyc',
        {
          partnerCode: '{{partnerCode}}',
          userEmail: 'a@example.com',
          firstName: 'A',
          lastName: 'B',
          type: 'PASSPORT',
          nationalId: '1',
          dateOfBirth: '1990-01-31',
          expiryDate: '2030-01-31',
          frontIdImage: 'data:image/jpeg;base64,AA',
          holdIdImage: 'data:image/jpeg;base64,AA',
          kycReport: 'data:application/pdf;base64,AA',
        },
        'nationality',
      ],
    ];
    for (const [line, body, field] of cases) {
      const ds = lint(line, body);
      const missing = only(ds, 'payout/required-field-missing').filter((d) => d.message.includes(`\`${field}\``));
      assert.equal(missing.length, 1, `${field}: ${JSON.stringify(ds)}`);
      assert.equal(missing[0].severity, ERROR);
      assert.match(missing[0].message, /5 INVALID_REQUEST_DATA/);
      assert.match(missing[0].message, /signed as the text `undefined`/);
      assert.deepEqual(only(ds, 'payout/signed-field-omitted'), [], 'one diagnostic per missing field');
    }
  });

  // Issue 24 changed this decision: the omission is not rejected as missing, but the account signed as
  // `undefined` cannot be verified, and the sandbox answers 18: an error naming 18, marked assumed.
  it('a signed field the document says is "not rejected as missing" is an error naming what follows (18, assumed)', () => {
    const ds = lint('POST {{base_url}}/api/v2/orders/create-sell-order', without(sell, 'bankAccountNumber'));
    const missing = only(ds, 'payout/required-field-missing');
    assert.equal(missing.length, 1);
    assert.equal(missing[0].severity, ERROR);
    assert.match(missing[0].message, /18 INVALID_BANK_ACCOUNT \(assumed/);
    assert.match(missing[0].message, /not rejected as missing/);
    assert.deepEqual(only(ds, 'payout/signed-field-omitted'), [], 'one diagnostic per missing field');
  });

  // Issue 24 changed this decision: the sandbox refuses these values, so lint errs too, naming the
  // code and saying it is assumed (they were warnings).
  it('values the documents do not list are errors that say they are assumptions; hover marks them', () => {
    const recipient = only(
      lint('POST {{base_url}}/api/v2/orders/create-cashout', {
        ...cashout,
        extendInfo: { ...cashout.extendInfo, recipientType: 'PRIVATE' },
      }),
      'payout/value-not-allowed',
    );
    assert.equal(recipient.length, 1);
    assert.equal(recipient[0].severity, ERROR);
    assert.match(recipient[0].message, /5 INVALID_REQUEST_DATA \(assumed\).*Assumption \(not in the document\).*PERSONAL and BUSINESS/);

    const network = only(
      lint('POST {{base_url}}/api/v2/orders/prices', { partnerCode: '{{partnerCode}}', currencies: 'USDT', network: 'BEP20' }),
      'payout/value-not-allowed',
    );
    assert.equal(network[0]?.severity, ERROR);
    assert.match(network[0].message, /6 TOKEN_NOT_SUPPORTED_ON_NETWORK \(assumed\).*Assumption.*answer 6/);

    const ceiling = only(
      lint('POST {{base_url}}/api/v2/orders/create-cashout', { ...cashout, fiatAmount: 20000000 }),
      'payout/amount-out-of-range',
    );
    assert.equal(ceiling[0]?.severity, ERROR);
    assert.match(ceiling[0].message, /above 14,000,000.*16 AMOUNT_OUT_OF_RANGE \(assumed\).*Assumption/);
    const floor = only(
      lint('POST {{base_url}}/api/v2/orders/create-cashout', { ...cashout, fiatAmount: 5000 }),
      'payout/amount-out-of-range',
    );
    assert.equal(floor[0]?.severity, ERROR, "the floor is the document's own figure");

    const text = `### p\nPOST {{base_url}}/api/v2/orders/prices\nContent-Type: application/json\n\n{\n  "network": "TON"\n}\n`;
    const hover = svc.hover(open(svc, text), { line: 5, character: 4 })?.contents as MarkupContent;
    assert.match(hover.value, /Project choice \(not shown in the document\).*answer 6/);
  });

  // Issue 24: the decisions the document leaves open are marked as assumptions in the hover too.
  it("hover marks the catalogue's decisions where the document is silent", () => {
    const hoverAt = (request: string, body: Record<string, unknown>, field: string) => {
      const text = `### h\n${request}\nContent-Type: application/json\n\n${JSON.stringify(body, null, 2)}\n`;
      const line = text.split('\n').findIndex((l) => l.startsWith(`  "${field}"`));
      return String((svc.hover(open(svc, text), { line, character: 4 })?.contents as MarkupContent).value);
    };
    const sellLine = 'POST {{base_url}}/api/v2/orders/create-sell-order';
    assert.match(hoverAt(sellLine, sell, 'bankAccountNumber'), /_Assumed \(not in the document\):_ missing: error 18 INVALID_BANK_ACCOUNT/);
    assert.match(
      hoverAt(sellLine, sell, 'externalOrderId'),
      /_Assumed \(not in the document\):_ `null` or `""` is refused like an absent field: error 5/,
    );
    assert.match(hoverAt(sellLine, { ...sell, fiatCurrency: 'VND' }, 'fiatCurrency'), /`null` is the field left out/);
    const kyc = { partnerCode: 'P', type: 'PASSPORT', backIdImage: 'x' };
    assert.match(hoverAt('POST {{base_url}}/api/v2/user/submit-kyc', kyc, 'backIdImage'), /Ignored when `type` is `PASSPORT`/);
  });

  it('an explicit null in a signed field gets its own diagnostic: signed as `null`, an assumption', () => {
    const ds = lint('POST {{base_url}}/api/v2/orders/create-sell-order', { ...sell, content: null });
    const d = only(ds, 'payout/signed-null');
    assert.equal(d.length, 1);
    assert.equal(d[0].severity, WARNING);
    assert.match(d[0].message, /`content` is null: it is signed as the text `null`, not as `undefined`.*Assumption/);
    assert.deepEqual(
      only(lint('POST {{base_url}}/api/v2/orders/create-sell-order', sell), 'payout/signed-null'),
      [],
      'extendInfo: null is not signed',
    );
  });

  it('a secret variable in a body field is an error', () => {
    for (const name of ['secretKey', 'privateKey', 'accessToken']) {
      const d = only(
        lint('POST {{base_url}}/api/v2/orders/create-sell-order', { ...sell, content: `pay {{${name}}}` }),
        'payout/secret-in-body',
      );
      assert.equal(d.length, 1, name);
      assert.equal(d[0].severity, ERROR);
      assert.match(d[0].message, new RegExp(`\\{\\{${name}\\}\\} in the body would send the secret in clear`));
    }
    assert.deepEqual(only(lint('POST {{base_url}}/api/v2/orders/create-sell-order', sell), 'payout/secret-in-body'), []);
  });

  // Issue 24: webhookSecretKey is a body field of create-sell-order and create-cashout; filled from its
  // own variable it is what the service expects, not a leak. In another field it still is one.
  it('webhookSecretKey written as its own variable in its own field is no secret in the body', () => {
    for (const [line, body] of [
      ['POST {{base_url}}/api/v2/orders/create-sell-order', sell],
      ['POST {{base_url}}/api/v2/orders/create-cashout', cashout],
    ] as const) {
      assert.deepEqual(only(lint(line, { ...body, webhookSecretKey: '{{webhookSecretKey}}' }), 'payout/secret-in-body'), [], line);
      const elsewhere = only(
        lint(line, { ...body, webhookSecretKey: '{{webhookSecretKey}}', externalOrderId: 'x{{webhookSecretKey}}' }),
        'payout/secret-in-body',
      );
      assert.equal(elsewhere.length, 1, line);
    }
  });

  it('payout rules stay out of requests to other APIs: a password posted to httpbin (kulala) is no secret-in-body', () => {
    const body = { username: 'alice', password: '{{PASSWORD}}' };
    for (const target of ['POST https://httpbin.org/post', 'POST {{host}}/login']) {
      assert.deepEqual(
        lint(target, body).filter((d) => d.code.startsWith('payout/') && d.code !== 'payout/undefined-variable'),
        [],
        target,
      );
    }
    // The same body to the payout service, or to a payout path at a literal address, is one.
    for (const target of ['POST {{base_url}}/api/v2/account/verify', 'POST https://payout.example/api/v2/account/verify']) {
      assert.equal(only(lint(target, body), 'payout/secret-in-body').length, 1, target);
    }
  });

  it('a missing Content-Type is information (send and curl add it); a wrong one stays an error', () => {
    const missing = only(lint('POST {{base_url}}/api/v2/orders/create-sell-order', sell, ''), 'payout/missing-content-type');
    assert.equal(missing[0]?.severity, INFORMATION);
    assert.match(missing[0].message, /send and curl add/);
    const wrong = only(
      lint('POST {{base_url}}/api/v2/orders/create-sell-order', sell, 'Content-Type: text/plain\n'),
      'payout/missing-content-type',
    );
    assert.equal(wrong[0]?.severity, ERROR);
  });

  it('1e400 says what to write instead: a finite number or a string, never Infinity', () => {
    const body = JSON.stringify(sell, null, 2).replace('"fiatAmount": 100000', '"fiatAmount": 1e400');
    const d = only(lint('POST {{base_url}}/api/v2/orders/create-sell-order', body), 'payout/number-signs-differently');
    assert.equal(d.length, 1);
    // A warning, as for 100000.00: the number is still sent, only signed as other text.
    assert.equal(d[0].severity, WARNING);
    assert.match(d[0].message, /Write a finite number.*or a string \("1e400"\)/);
    assert.doesNotMatch(d[0].message, /Write Infinity/);
  });
});
