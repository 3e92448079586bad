// What each order error tells the user (the guide: a message names the problem and the fix), for
// scan-to-pay and cashout orders on /api/v2 and the forced outcomes of doc 2 §3, against the real
// sandbox; and the edges of the order checks the other suites leave out.
import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { sellOrderBody } from './fixtures';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localClients, verifiedUser, type V2Client, type V3Client } from './client';

const id = () => `err-${randomUUID()}`;
const RECIPIENT = { recipientName: 'TRAN THI BINH', recipientNumber: '0123456789', recipientBankCode: '970415' };

describe('sandbox order errors and their messages (real process)', function () {
  let sb: SandboxProcess;
  let v2: V2Client;
  let v3: V3Client;
  let user: string;
  const sell = (fields: Record<string, unknown> = {}) =>
    v2.call('v2.orders.create-sell-order', sellOrderBody(user, { externalOrderId: id(), ...fields }));
  const cashout = (fields: Record<string, unknown> = {}) =>
    v2.call('v2.orders.create-cashout', {
      externalOrderId: id(),
      userEmail: user,
      cryptoCurrency: 'USDT',
      fiatCurrency: 'VND',
      fiatAmount: 200000,
      extendInfo: RECIPIENT,
      ...fields,
    });

  before(async () => {
    // 40 USDT: enough for small orders, not for a 2,000,000 VND one (80.84 USDT).
    sb = await startSandboxProcess({ args: ['--kyc-delay', '0'], config: { local: { funds: { USDT: 40 } } } });
    ({ v2, v3 } = localClients(sb.home));
    user = await verifiedUser(v2);
    await v3.login(user);
  });
  after(async () => sb?.stop());

  it('11, 13, 7, 15: the id already used, the unknown webhook key, the fund short, the unknown order', async () => {
    const first = await sell();
    assert.equal(first.body.success, true, first.body.message);
    const used = first.body.data.externalOrderId as string;
    assert.equal(
      (await sell({ externalOrderId: used })).body.message,
      `externalOrderId ${used} was already used: fetch that order with orders/details instead of creating it again`,
    );
    const hook = await sell({ webhookSecretKey: 'nobody' });
    assert.equal(hook.body.errorCode, 13);
    assert.match(hook.body.message, /^webhookSecretKey matches no registered webhook endpoint, so the order was not created: use the key/);
    // A null webhookSecretKey is no key: the order settles silently.
    assert.equal((await sell({ webhookSecretKey: null })).body.success, true);
    const holds = (await v2.call('v2.wallet.balance', { currency: 'USDT' })).body.data.balance as number;
    assert.ok(holds > 0 && holds < 80.84, String(holds));
    const short = await sell({ fiatAmount: 2_000_000 });
    assert.equal(short.body.errorCode, 7);
    assert.equal(short.body.message, `The fund holds ${holds} USDT but the order needs 80.84 USDT: top up the fund or lower the amount`);
    // 12: the sandbox's test account whose payout fails after creation; the order was refunded.
    const failed = await sell({ bankAccountNumber: '0000000012' });
    assert.equal(failed.body.errorCode, 12);
    assert.match(
      failed.body.message,
      /^The payout failed after the order was created: The payout was refused by the receiving bank .+ Create a new order with a new externalOrderId\.$/,
    );
    const unknown = id();
    assert.equal(
      (await v2.call('v2.orders.details', { externalOrderId: unknown })).body.message,
      `No order ${unknown} under this partner account: check the externalOrderId and the partner (and environment) that created it`,
    );
  });

  it('17, 56, 18, 65 on create-sell-order name the value and the fix', async () => {
    assert.equal(
      (await sell({ content: 'Cà phê' })).body.message,
      'content "Cà phê" has accents or special characters: use unaccented letters, digits and spaces only',
    );
    assert.equal(
      (await sell({ bankCode: '000000' })).body.message,
      "bankCode 000000 is not in the VND provider's list: take it from get-supported-banks or the QR decoding",
    );
    const empty = await sell({ bankAccountNumber: '' });
    assert.equal(empty.body.errorCode, 18);
    assert.match(empty.body.message, /bankAccountNumber is missing/);
    // Also where the sandbox verifies no account (PHP): an order needs an account to pay.
    const { bankAccountNumber: _, ...withoutAccount } = sellOrderBody(user, {
      externalOrderId: id(),
      fiatCurrency: 'PHP',
      fiatAmount: 500,
      bankCode: 'GXCHPHM2XXX',
      extendInfo: { qrType: 'ph.ppmi.p2m', PH: { recipientName: 'JUAN DELA CRUZ', additionalData: { a: 1 } } },
    });
    const noAccount = await v2.call('v2.orders.create-sell-order', withoutAccount);
    assert.equal(noAccount.body.errorCode, 18, noAccount.body.message);
    assert.match(noAccount.body.message, /bankAccountNumber is missing \(it was signed as `undefined`\); send it/);
    assert.equal(
      (await sell({ bankAccountNumber: '9990001111' })).body.message,
      'The bank account 9990001111 could not be verified: check it with bank/account/verify',
    );
    assert.equal(
      (await sell({ bankAccountNumber: '0000000065' })).body.message,
      'The recipient account 0000000065 is blacklisted: the payout cannot be made',
    );
  });

  it("create-sell-order: the quote's own errors stop the order: 24 below the minimum, 25 above the maximum, 46 for a fiat without provider (doc 1 §4.13)", async () => {
    const low = await sell({ fiatAmount: 1000 });
    assert.equal(low.body.errorCode, 24, low.body.message);
    assert.equal(low.body.semanticCode, 'SELL_AMOUNT_BELOW_MIN');
    const high = await sell({ fiatAmount: 60_000_000 });
    assert.equal(high.body.errorCode, 25, high.body.message);
    const none = await sell({ fiatCurrency: 'JPY' });
    assert.equal(none.body.errorCode, 46, none.body.message);
  });

  it('PHP extendInfo: the missing member is named; an all-digit name is refused only with an all-digit account', async () => {
    const ph = (PH: Record<string, unknown>, account = '123456789012') =>
      sell({
        fiatCurrency: 'PHP',
        fiatAmount: 500,
        bankCode: 'GXCHPHM2XXX',
        bankAccountNumber: account,
        extendInfo: { qrType: 'ph.ppmi.p2m', PH },
      });
    for (const recipientName of ['', null]) {
      const noName = await ph({ recipientName, additionalData: { a: 1 } });
      assert.equal(noName.body.errorCode, 18);
      assert.equal(noName.body.message, 'extendInfo.PH.recipientName is missing: pass it verbatim from the QR decoding');
    }
    const digits = await ph({ recipientName: '12345', additionalData: { a: 1 } });
    assert.equal(digits.body.errorCode, 18);
    assert.match(digits.body.message, /^extendInfo\.PH\.recipientName and the account number are both all digits/);
    const named = await ph({ recipientName: '12345', additionalData: { a: 1 } }, 'PH-ACCT-77');
    assert.equal(named.body.success, true, named.body.message);
    assert.equal(named.body.data.bankTransfer.bankAccountName, '12345');
    // extendInfo sent as null, or not sent at all: PH is missing either way.
    for (const extendInfo of [null, undefined]) {
      const missing = await sell({
        fiatCurrency: 'PHP',
        fiatAmount: 500,
        bankCode: 'GXCHPHM2XXX',
        bankAccountNumber: '123456789012',
        extendInfo,
      });
      assert.match(missing.body.message, /^extendInfo\.PH is required for PHP: send extendInfo \{ "qrType": \.\.\., "PH": /);
    }
  });

  it('create-cashout: what is missing from extendInfo is named; a recognised recipientType is accepted', async () => {
    // Doc 1 §4.16: 18 when extendInfo is missing; sent as null it is missing too.
    for (const extendInfo of [undefined, null]) {
      const none = await cashout({ extendInfo });
      assert.equal(none.body.errorCode, 18, String(extendInfo));
      assert.equal(
        none.body.message,
        // Issue 24: the validation (from the catalogue's decisions) answers it, in its own words.
        'extendInfo is missing (absent, null or ""): send it as { "recipientName", "recipientNumber", "recipientBankCode" }',
      );
    }
    const two = await cashout({ extendInfo: { recipientName: 'A', recipientNumber: '' } });
    assert.equal(two.body.errorCode, 18);
    assert.equal(
      two.body.message,
      'extendInfo lacks recipientNumber, recipientBankCode: send them (absent, null and "" count as not sent)',
    );
    const one = await cashout({ extendInfo: { ...RECIPIENT, recipientBankCode: undefined } });
    assert.equal(one.body.message, 'extendInfo lacks recipientBankCode: send it (absent, null and "" count as not sent)');
    const alien = await cashout({ extendInfo: { ...RECIPIENT, recipientType: 'ALIEN' } });
    assert.equal(alien.body.errorCode, 5);
    // The recognised values are the sandbox's choice (docs/sandbox.md: PERSONAL, BUSINESS); the message lists them.
    assert.equal(
      alien.body.message,
      'extendInfo.recipientType "ALIEN" is not one of PERSONAL, BUSINESS: send one of those values, or omit it',
    );
    const accent = await cashout({ extendInfo: { ...RECIPIENT, transferContent: 'Lương' } });
    assert.match(accent.body.message, /^extendInfo\.transferContent "Lương" has accents or special characters/);
    const typed = await cashout({ extendInfo: { ...RECIPIENT, recipientType: 'PERSONAL', transferContent: 'Salary' } });
    assert.equal(typed.body.success, true, typed.body.message);
    assert.equal(typed.body.data.bankTransfer.contentPayment, 'Salary');
    assert.equal(typed.body.data.bankTransfer.bankAccountName, 'TRAN THI BINH');
  });

  it('forced outcomes: an outcome not allowed, an order of another kind, a terminal order', async () => {
    const created = (await sell()).body.data.externalOrderId as string;
    const bad = await v3.request('POST', '/v3/simulate/scan-to-pay/outcomes', { orderId: created, outcome: 'MAYBE' });
    assert.equal(bad.body.code, 'INVALID_REQUEST_DATA');
    const other = await v3.request('POST', '/v3/simulate/cashout/outcomes', { orderId: created, outcome: 'SUCCESS' });
    assert.match(other.body.message, new RegExp(`^No cashout order ${created} under this partner: check the orderId`));
    const mine = await v3.request('POST', '/v3/simulate/scan-to-pay/outcomes', { orderId: created, outcome: 'SUCCESS' });
    assert.equal(mine.body.data.status, 'SUCCESS', mine.body.message);
    const done = await v2.call('v2.orders.details', { externalOrderId: created });
    assert.equal(done.body.data.descriptions, 'SUCCESS');
    assert.match(done.body.data.tokenTransfer.txHash, /^0x[0-9a-f]{32,}$/);
    const again = await v3.request('POST', '/v3/simulate/scan-to-pay/outcomes', { orderId: created, outcome: 'FAILED' });
    assert.equal(
      again.body.message,
      `Order ${created} is already SUCCESS, a terminal status: forced outcomes apply only to orders still in progress`,
    );
  });

  // Doc 1 §2.3: descriptions "holds the word for success, or the failure reason"; docs/sandbox.md: empty
  // while in progress, txHash set on SUCCESS only. Doc 2 §3: each endpoint takes its own kind of order.
  it('forced outcomes: FAILED gives the failure reason, PROCESSING leaves descriptions and txHash empty; the endpoint names its kind', async () => {
    const forced = async (kind: string, orderId: string, outcome: string) => {
      const r = await v3.request('POST', `/v3/simulate/${kind}/outcomes`, { orderId, outcome });
      assert.equal(r.body.code, 'SUCCESS', r.body.message);
      return (await v2.call('v2.orders.details', { externalOrderId: orderId })).body.data;
    };
    const inFlight = (await sell()).body.data.externalOrderId as string;
    const processing = await forced('scan-to-pay', inFlight, 'PROCESSING');
    assert.equal(processing.status, 'PROCESSING');
    assert.equal(processing.descriptions, '');
    assert.equal(processing.tokenTransfer.txHash, '');
    const failed = await forced('scan-to-pay', inFlight, 'FAILED');
    assert.equal(failed.status, 'ERROR');
    assert.equal(failed.descriptions, 'The payout failed (forced by the sandbox); the fund was refunded.');
    assert.equal(failed.tokenTransfer.txHash, '');
    // The sandbox's log names each move.
    assert.ok(sb.output().includes(`order ${inFlight} -> PROCESSING`), sb.output());
    assert.ok(sb.output().includes(`order ${inFlight} -> ERROR`), sb.output());
    const cash = await cashout({ fiatAmount: 50_000 });
    assert.equal(cash.body.success, true, cash.body.message);
    const wrongKind = await v3.request('POST', '/v3/simulate/scan-to-pay/outcomes', {
      orderId: cash.body.data.externalOrderId,
      outcome: 'SUCCESS',
    });
    assert.equal(wrongKind.body.code, 'TRANSACTION_NOT_FOUND');
    assert.match(
      wrongKind.body.message,
      new RegExp(`^No scan-to-pay order ${cash.body.data.externalOrderId} under this partner: check the orderId`),
    );
  });
});
