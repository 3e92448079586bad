// Doc 1 §4.0 and error 5 (INVALID_REQUEST_DATA): the checks every endpoint runs on its fields before
// its business logic (required, type, allowed values, minimum, each with the field's own code where
// the catalogue gives one), and the bounds on what a body may ask the sandbox to store
// (docs/sandbox.md, "Limits": 32 levels of nesting, 16 KiB of extendInfo), against the real sandbox.
import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { endpointById } from '../../engine/catalogue/index';
import { buildCanonical } from '../../engine/signing/canonical';
import { signText } from '../../engine/signing/rsa';
import { sellOrderBody } from './fixtures';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localClients, verifiedUser, type V2Client, type V3Client } from './client';

/** `{"a":{"a":...{}}}`: a JSON value `levels` deep ({} is 1). */
const nested = (levels: number): object => (levels <= 1 ? {} : { a: nested(levels - 1) });
/** `[[...[]]]`, `levels` deep. */
const nestedArrays = (levels: number): unknown[] => (levels <= 1 ? [] : [nestedArrays(levels - 1)]);

describe('sandbox request validation and body limits (real process)', function () {
  let sb: SandboxProcess;
  let v2: V2Client;
  let v3: V3Client;
  let user: string;
  const sellFields = (more: Record<string, unknown> = {}) => sellOrderBody(user, more);

  /**
   * A signed POST whose JSON text has `raw` spliced in as literal JSON (e.g. `1e999`, which
   * JSON.stringify cannot write): signed over `values`, the values the sandbox parses it to.
   */
  async function postRaw(endpointId: string, values: Record<string, unknown>, raw: Record<string, string>) {
    const endpoint = endpointById(endpointId)!;
    const body: Record<string, unknown> = { partnerCode: v2.creds.partnerCode, ...values };
    body.signature = signText(buildCanonical(endpoint.signedString!, body).withSecret(v2.creds.secretKey), v2.creds.privateKey);
    let text = JSON.stringify({ ...body, ...Object.fromEntries(Object.keys(raw).map((k) => [k, `__RAW_${k}__`])) });
    for (const [k, json] of Object.entries(raw)) text = text.replace(`"__RAW_${k}__"`, json);
    const res = await fetch(v2.url + endpoint.path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text });
    return (await res.json()) as { success: boolean; errorCode: number; message: string };
  }

  before(async () => {
    sb = await startSandboxProcess({ args: ['--kyc-delay', '0'] });
    ({ v2, v3 } = localClients(sb.home));
    user = await verifiedUser(v2);
    await v3.login(user);
  });
  after(async () => sb?.stop());

  it('5 names one missing field ("field ... it") or every missing field at once ("fields ... them")', async () => {
    const one = await v2.call('v2.wallet.balance', {});
    assert.equal(one.body.errorCode, 5);
    assert.equal(one.body.message, 'Missing required field: currency. Send it in the JSON body.');
    const two = await v2.call('v2.orders.create-sell-order', sellFields({ currency: undefined, content: undefined }));
    assert.equal(two.body.errorCode, 5);
    assert.equal(two.body.message, 'Missing required fields: currency, content. Send them in the JSON body.');
  });

  it('5: a required field sent as null is missing; an optional one sent as null is accepted', async () => {
    const r = await v2.call('v2.wallet.balance', { currency: null });
    assert.equal(r.body.errorCode, 5);
    assert.match(r.body.message, /^Missing required field: currency\./);
    const quote = await v2.call('v2.orders.review-sell-order', {
      currency: 'USDT',
      fiatAmount: 100000,
      tokenAmount: null,
      fiatCurrency: null,
    });
    assert.equal(quote.body.success, true, quote.body.message);
  });

  it('the fields the document says are "not rejected as missing" reach the operation: 18 and 46, not 5', async () => {
    // Doc 1 §4.13: an omitted bankAccountNumber is signed as `undefined`; the account then cannot be verified.
    const account = await v2.call('v2.orders.create-sell-order', sellFields({ bankAccountNumber: undefined }));
    assert.equal(account.body.errorCode, 18, account.body.message);
    // Doc 1 §4.16: an omitted fiatCurrency or fiatAmount fails with 46; an omitted extendInfo with 18.
    const cashout = (more: Record<string, unknown>) =>
      v2.call('v2.orders.create-cashout', {
        externalOrderId: `val-${randomUUID()}`,
        userEmail: user,
        cryptoCurrency: 'USDT',
        fiatCurrency: 'VND',
        fiatAmount: 200000,
        extendInfo: { recipientName: 'TRAN THI BINH', recipientNumber: '0123456789', recipientBankCode: '970415' },
        ...more,
      });
    assert.equal((await cashout({ fiatCurrency: undefined })).body.errorCode, 46);
    assert.equal((await cashout({ fiatAmount: undefined })).body.errorCode, 46);
    assert.equal((await cashout({ extendInfo: undefined })).body.errorCode, 18);
    assert.equal((await cashout({ extendInfo: null })).body.errorCode, 18);
    // The other required fields are still missing fields.
    const user5 = await cashout({ cryptoCurrency: undefined });
    assert.equal(user5.body.errorCode, 5);
    assert.match(user5.body.message, /^Missing required field: cryptoCurrency\./);
  });

  it('5: a value of another type names the field, the type and what was sent', async () => {
    const str = await v2.call('v2.wallet.balance', { currency: 5 });
    assert.equal(str.body.errorCode, 5);
    assert.equal(str.body.message, 'currency must be a string, not 5: send it as a string');
    const obj = await v2.call('v2.orders.create-sell-order', sellFields({ extendInfo: ['PH'] }));
    assert.equal(obj.body.errorCode, 5);
    assert.equal(obj.body.message, 'extendInfo must be an object, not ["PH"]: send it as an object');
    // A long value is echoed only in part (its first 40 characters as JSON), so the message stays readable.
    const long = await v2.call('v2.orders.create-sell-order', sellFields({ extendInfo: ['x'.repeat(100)] }));
    assert.equal(long.body.message, `extendInfo must be an object, not ["${'x'.repeat(38)}: send it as an object`);
    const text = await v2.call('v2.orders.create-cashout', {
      externalOrderId: `val-${randomUUID()}`,
      userEmail: user,
      cryptoCurrency: 'USDT',
      fiatCurrency: 'VND',
      fiatAmount: 200000,
      extendInfo: 'TRAN THI BINH',
    });
    assert.equal(text.body.errorCode, 5, text.body.message);
    assert.match(text.body.message, /^extendInfo must be an object/);
  });

  it('5: a number too large to be finite (1e999 parses to Infinity) is not a number', async () => {
    const r = await postRaw(
      'v2.orders.review-cashout',
      { userEmail: user, cryptoCurrency: 'USDT', fiatCurrency: 'VND', fiatAmount: Infinity },
      { fiatAmount: '1e999' },
    );
    assert.equal(r.errorCode, 5, r.message);
    assert.match(r.message, /^fiatAmount must be a number, not null/);
    const fine = await postRaw(
      'v2.orders.review-cashout',
      { userEmail: user, cryptoCurrency: 'USDT', fiatCurrency: 'VND', fiatAmount: 200000 },
      { fiatAmount: '2e5' },
    );
    assert.equal(fine.success, true, fine.message);
  });

  it("a value outside the allowed list: the field's own code (6 network, 53 fiatCurrency), else 5", async () => {
    const network = await v2.call('v2.orders.prices', { currencies: 'USDT', network: 'TRC21' });
    assert.equal(network.body.errorCode, 6);
    assert.equal(network.body.message, 'network "TRC21" is not one of ERC20, TRC20, TON: send one of those values');
    const fiat = await v2.call('v2.bank.account.verify', { bankCode: '970436', bankAccountNumber: '0123456789', fiatCurrency: 'USD' });
    assert.equal(fiat.body.errorCode, 53);
    const service = await v2.call('v2.user.check-access-service', { userEmail: user, service: 'LENDING' });
    assert.equal(service.body.errorCode, 5);
    assert.match(service.body.message, /^service "LENDING" is not one of SCAN_TO_PAY, ON_RAMP, OFF_RAMP/);
    // Each allowed value passes.
    for (const n of ['ERC20', 'TRC20', 'TON'])
      assert.notEqual((await v2.call('v2.orders.prices', { currencies: 'USDT', network: n })).body.errorCode, 5, n);
  });

  it('generate-philippines-qrcode: amount 200 is the minimum (199.99 is 5, 200 a QR code)', async () => {
    const post = async (body: unknown) => {
      const res = await fetch(`${sb.url}/api/v2/public/generate-philippines-qrcode`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { success: boolean; errorCode: number; message: string; data: { qrContent: string } | null };
    };
    const below = await post({ amount: 199.99 });
    assert.equal(below.errorCode, 5);
    assert.equal(below.message, 'amount 199.99 is below the minimum of 200: send at least 200');
    const at = await post({ amount: 200 });
    assert.equal(at.success, true, at.message);
    assert.match(at.data!.qrContent, /^000201/);
    assert.equal((await post({})).errorCode, 5);
  });

  it('/v3 runs the same checks: a missing field and a value outside the list are INVALID_REQUEST_DATA', async () => {
    const missing = await v3.request('POST', '/v3/cashout/quotes', { cryptoCurrency: 'USDT', fiatAmount: 200000 });
    assert.equal(missing.body.code, 'INVALID_REQUEST_DATA');
    assert.match(missing.body.message, /fiatCurrency/);
    const outside = await v3.request('POST', '/v3/cashout/quotes', { cryptoCurrency: 'USDT', fiatCurrency: 'EUR', fiatAmount: 200000 });
    assert.equal(outside.body.code, 'INVALID_REQUEST_DATA');
    assert.match(outside.body.message, /^fiatCurrency "EUR" is not one of VND, PHP, IDR/);
  });

  it('limits: a body 32 levels deep is accepted, 33 is refused with 5 (arrays count as levels)', async () => {
    // The body is one level, extendInfo the rest: VND orders store extendInfo as sent.
    const deepest = await v2.call('v2.orders.create-sell-order', sellFields({ extendInfo: nested(31) }));
    assert.equal(deepest.body.success, true, deepest.body.message);
    const tooDeep = await v2.call('v2.orders.create-sell-order', sellFields({ extendInfo: nested(32) }));
    assert.equal(tooDeep.body.errorCode, 5);
    assert.match(tooDeep.body.message, /nests more than 32 levels deep/);
    const arrays = await v2.call('v2.orders.create-sell-order', sellFields({ extendInfo: { list: nestedArrays(31) } }));
    assert.equal(arrays.body.errorCode, 5);
    assert.match(arrays.body.message, /nests more than 32 levels deep/);
    // Breadth is not depth: many shallow members side by side.
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`m${i}`, { v: [i] }]));
    const broad = await v2.call('v2.orders.create-sell-order', sellFields({ extendInfo: wide }));
    assert.equal(broad.body.success, true, broad.body.message);
  });

  it('limits: extendInfo of 16,384 bytes as JSON is stored, one byte more is refused with 5 (bytes, not characters)', async () => {
    // {"note":"<k chars>"} is k + 11 bytes.
    const atLimit = await v2.call('v2.orders.create-sell-order', sellFields({ extendInfo: { note: 'x'.repeat(16384 - 11) } }));
    assert.equal(atLimit.body.success, true, atLimit.body.message);
    const over = await v2.call('v2.orders.create-sell-order', sellFields({ extendInfo: { note: 'x'.repeat(16384 - 10) } }));
    assert.equal(over.body.errorCode, 5);
    assert.equal(
      over.body.message,
      'extendInfo is 16385 bytes as JSON, more than the 16384 the sandbox stores with an order: send only the documented members',
    );
    // 10,000 characters of two bytes each: 20,011 bytes.
    const wideChars = await v2.call('v2.orders.create-sell-order', sellFields({ extendInfo: { note: 'é'.repeat(10000) } }));
    assert.equal(wideChars.body.errorCode, 5);
    assert.match(wideChars.body.message, /^extendInfo is 20011 bytes/);
  });

  it('limits on /v3 too: a scan-to-pay order 33 levels deep is INVALID_REQUEST_DATA, 32 is created', async () => {
    const order = (extendInfo: unknown) =>
      v3.request('POST', '/v3/scan-to-pay/orders', {
        externalOrderId: `val-${randomUUID()}`,
        currency: 'USDT',
        fiatAmount: 150000,
        bankCode: '970436',
        bankAccountNumber: '0123456789',
        content: 'Coffee',
        extendInfo,
      });
    const tooDeep = await order(nested(32));
    assert.equal(tooDeep.body.code, 'INVALID_REQUEST_DATA');
    assert.match(tooDeep.body.message, /nests more than 32 levels deep/);
    const deepest = await order(nested(31));
    assert.equal(deepest.body.code, 'SUCCESS', deepest.body.message);
  });
});
