// The order object (doc 1 §2.3) as the sandbox fills it: the bank transfer from the request (or the
// recipient of a cashout), the token transfer and fees as quoted by review-sell-order/review-cashout,
// against the real sandbox. Where the document says "not shown", the sandbox's choices of docs/sandbox.md
// ("Choices where the documents say not shown": paidAmount is the requested fiatAmount, memo empty,
// txHash set on SUCCESS only, the fund address `sandbox-fund-` and the partner code in lower case) are checked.
import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localClients, verifiedUser, type V2Client } from './client';

describe('sandbox order object (real process)', function () {
  let sb: SandboxProcess;
  let v2: V2Client;
  let user: string;
  const bankNameOf = async (bankCode: string, fiatCurrency = 'VND') =>
    ((await v2.call('v2.bank.get-supported-banks', { fiatCurrency })).body.data.banks as { bankCode: string; bankName: string }[]).find(
      (b) => b.bankCode === bankCode,
    )!.bankName;

  before(async () => {
    sb = await startSandboxProcess({ args: ['--kyc-delay', '0'] });
    ({ v2 } = localClients(sb.home));
    user = await verifiedUser(v2);
  });
  after(async () => sb?.stop());

  it('scan-to-pay: the bank transfer is the request, the token transfer and fees are the quote', async () => {
    const quote = (await v2.call('v2.orders.review-sell-order', { currency: 'USDT', fiatAmount: 250000 })).body.data;
    const r = await v2.call('v2.orders.create-sell-order', {
      externalOrderId: `obj-${randomUUID()}`,
      currency: 'USDT',
      fiatAmount: 250000,
      userEmail: user,
      bankCode: '970436',
      bankAccountNumber: '0123456789',
      content: 'Table 4',
      extendInfo: null,
    });
    assert.equal(r.body.success, true, r.body.message);
    const o = r.body.data;
    assert.equal(o.fiatAmount, quote.totalPayment);
    assert.equal(o.descriptions, '');
    assert.deepEqual(o.fees, { systemFee: quote.systemFee, processingFee: quote.processingFee });
    assert.equal(o.tokenTransfer.currency, 'USDT');
    assert.equal(o.tokenTransfer.amount, quote.tokenAmount);
    assert.equal(o.tokenTransfer.price, quote.price);
    assert.equal(o.tokenTransfer.txHash, '', 'no transaction before the order succeeds');
    assert.ok(['ERC20', 'TRC20', 'TON'].includes(o.tokenTransfer.network), o.tokenTransfer.network);
    assert.equal(o.bankTransfer.bankCode, '970436');
    assert.equal(o.bankTransfer.bankName, await bankNameOf('970436'));
    assert.equal(o.bankTransfer.bankAccountNumber, '0123456789');
    const holder = (await v2.call('v2.bank.account.verify', { bankCode: '970436', bankAccountNumber: '0123456789' })).body.data;
    assert.equal(o.bankTransfer.bankAccountName, holder.bankAccountName);
    assert.equal(o.bankTransfer.contentPayment, 'Table 4');
    assert.equal(o.bankTransfer.totalPayment, 250000);
    assert.equal(o.paidAmount, 250000);
    assert.equal(o.tokenTransfer.memo, '');
    // The address the tokens go to is the partner's sandbox fund: the generated code (LOCAL and six hex
    // digits, upper case) in lower case, the same for every order of the partner (docs/sandbox.md).
    assert.match(v2.creds.partnerCode, /^LOCAL[0-9A-F]{6}$/);
    assert.equal(o.tokenTransfer.address, `sandbox-fund-local${v2.creds.partnerCode.slice('LOCAL'.length).toLowerCase()}`);
    assert.match(o.bankTransfer.qrUrl, new RegExp(`/${o.externalOrderId}`));
    // The sandbox's log names each order it creates.
    assert.ok(sb.output().includes(`order ${o.externalOrderId} created (SELL)`), sb.output());
  });

  it('cashout: the bank transfer is the recipient of extendInfo, the token transfer the quote', async () => {
    const quote = (
      await v2.call('v2.orders.review-cashout', { userEmail: user, cryptoCurrency: 'USDT', fiatCurrency: 'VND', fiatAmount: 300000 })
    ).body.data;
    const r = await v2.call('v2.orders.create-cashout', {
      externalOrderId: `obj-${randomUUID()}`,
      userEmail: user,
      cryptoCurrency: 'USDT',
      fiatCurrency: 'VND',
      fiatAmount: 300000,
      extendInfo: { recipientName: 'LE VAN C', recipientNumber: '0123456789', recipientBankCode: '970415' },
    });
    assert.equal(r.body.success, true, r.body.message);
    const o = r.body.data;
    assert.equal(o.fiatAmount, quote.totalPayment);
    assert.equal(o.tokenTransfer.amount, quote.tokenAmount);
    assert.equal(o.tokenTransfer.price, quote.price);
    assert.equal(o.bankTransfer.bankAccountName, 'LE VAN C');
    assert.equal(o.bankTransfer.bankAccountNumber, '0123456789');
    assert.equal(o.bankTransfer.bankCode, '970415');
    assert.equal(o.bankTransfer.bankName, await bankNameOf('970415'));
    assert.equal(o.bankTransfer.contentPayment, '', 'no transferContent sent');
    assert.equal(o.bankTransfer.expiresAt, '');
    assert.equal(o.bankTransfer.totalPayment, 300000, 'what the recipient receives');
    assert.equal(o.paidAmount, 300000);
    assert.deepEqual(o.fees, { systemFee: quote.systemFee, processingFee: quote.processingFee });
    assert.equal(o.tokenTransfer.txHash, '', 'no transaction before the order succeeds');
    assert.equal(o.tokenTransfer.memo, '');
  });

  // docs/sandbox.md: create-sell-order verifies accounts in the bank-verify currencies only (doc 1 §8:
  // VND, NGN, GHS, ZAR, KES); an IDR order to an account that belongs to nobody is created, naming no holder.
  it('scan-to-pay outside the bank-verify currencies: an account of nobody is not verified, and no holder is named', async () => {
    const r = await v2.call('v2.orders.create-sell-order', {
      externalOrderId: `obj-${randomUUID()}`,
      currency: 'USDT',
      fiatAmount: 100000,
      fiatCurrency: 'IDR',
      userEmail: user,
      bankCode: '93600014',
      bankAccountNumber: '9990001111',
      content: 'Kopi',
      extendInfo: null,
    });
    assert.equal(r.body.success, true, r.body.message);
    assert.equal(r.body.data.bankTransfer.bankAccountNumber, '9990001111');
    assert.equal(r.body.data.bankTransfer.bankAccountName, '');
    assert.equal(r.body.data.bankTransfer.bankName, await bankNameOf('93600014', 'IDR'));
  });
});
