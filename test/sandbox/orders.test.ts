// Doc 1 §4.9-4.16, §2.3, §3.1: prices, banks, account verification, quotes, scan-to-pay and
// cashout orders with every documented check, against the real sandbox process.
import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { limitByName } from '../../engine/catalogue/index';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localClients, V2Client, type V3Client, verifiedUser, type LocalEnv } from './client';
import { credsOf, sellOrderBody, writeTestConfig, type TestConfig } from './fixtures';

const id = () => `ord-${randomUUID()}`;
const UTC7 = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('sandbox orders (real process)', function () {
  let sb: SandboxProcess;
  let cfg: TestConfig;
  let v2: V2Client;
  let v3: V3Client;
  let env: LocalEnv;
  let user: string;
  const as = (p: keyof TestConfig['partners']) => new V2Client(sb.url, credsOf(cfg.partners[p], env.servicePublicKey));
  const sell = (fields: Record<string, unknown> = {}, client = v2) =>
    client.call('v2.orders.create-sell-order', sellOrderBody(user, { externalOrderId: id(), ...fields }));
  const cashout = (fields: Record<string, unknown> = {}, client = v2) =>
    client.call('v2.orders.create-cashout', {
      externalOrderId: id(),
      userEmail: user,
      cryptoCurrency: 'USDT',
      fiatCurrency: 'VND',
      fiatAmount: 200000,
      extendInfo: { recipientName: 'TRAN THI BINH', recipientNumber: '0123456789', recipientBankCode: '970415', transferContent: 'Salary' },
      ...fields,
    });
  const balance = async (client = v2) => (await client.call('v2.wallet.balance', { currency: 'USDT' })).body.data.balance as number;

  before(async () => {
    cfg = writeTestConfig();
    sb = await startSandboxProcess({ config: cfg.file, args: ['--kyc-delay', '0'] });
    ({ v2, v3, env } = localClients(sb.home));
    user = await verifiedUser(v2);
  });
  after(async () => sb?.stop());

  it('prices: entries with live bounds, signed over network|<secretKey>; 6 and 14', async () => {
    const r = await v2.call('v2.orders.prices', { currencies: 'USDT,ETH', network: 'ERC20' });
    assert.equal(r.body.success, true);
    assert.deepEqual(
      r.body.data.currencies.map((c: { name: string }) => c.name),
      ['USDT', 'ETH'],
    );
    assert.ok(r.body.data.currencies[0].minSell > 0 && r.body.data.currencies[0].maxSell > r.body.data.currencies[0].minSell);
    assert.ok(v2.responseVerifies('v2.orders.prices', r.body.data));
    assert.equal((await v2.call('v2.orders.prices', { currencies: 'BTC', network: 'TRC20' })).body.errorCode, 6);
    assert.equal((await v2.call('v2.orders.prices', { currencies: 'USDT', network: 'TRC20', service: 'LEND' })).body.errorCode, 14);
  });

  it('banks: a list signed over <secretKey> alone; the documented empty list', async () => {
    const r = await v2.call('v2.bank.get-supported-banks', {});
    assert.ok(r.body.data.banks.some((b: { bankCode: string }) => b.bankCode === '970436'));
    assert.ok(v2.responseVerifies('v2.bank.get-supported-banks', r.body.data));
    const empty = await v2.call('v2.bank.get-supported-banks', { fiatCurrency: 'EMPTY' });
    assert.equal(empty.body.success, true);
    assert.deepEqual(empty.body.data.banks, []);
  });

  it('bank account verify: the holder, 53 outside the list, 1 for any VND failure, 18 elsewhere', async () => {
    const r = await v2.call('v2.bank.account.verify', { bankCode: '970436', bankAccountNumber: '0123456789' });
    assert.equal(r.body.success, true);
    assert.ok(r.body.data.bankAccountName);
    assert.ok(v2.responseVerifies('v2.bank.account.verify', r.body.data));
    assert.equal(
      (await v2.call('v2.bank.account.verify', { bankCode: '970436', bankAccountNumber: '1', fiatCurrency: 'PHP' })).body.errorCode,
      53,
    );
    assert.equal((await v2.call('v2.bank.account.verify', { bankCode: 'NOBANK', bankAccountNumber: '0123456789' })).body.errorCode, 1);
    assert.equal((await v2.call('v2.bank.account.verify', { bankCode: '970436', bankAccountNumber: '9991234567' })).body.errorCode, 1);
    assert.equal(
      (await v2.call('v2.bank.account.verify', { bankCode: '044', bankAccountNumber: '9991234567', fiatCurrency: 'NGN' })).body.errorCode,
      18,
    );
  });

  it('review-sell-order: quote by fiat, by token (fiatAmount undefined in the signed string), 24/25 with live bounds', async () => {
    const r = await v2.call('v2.orders.review-sell-order', { currency: 'USDT', fiatAmount: 100000 });
    const q = r.body.data;
    assert.equal(q.fiatAmount, 100000);
    assert.equal(q.totalPayment, 100000 + q.systemFee + q.processingFee);
    assert.ok(v2.responseVerifies('v2.orders.review-sell-order', q));
    const byToken = await v2.call('v2.orders.review-sell-order', { currency: 'USDT', tokenAmount: 10 });
    assert.equal(byToken.body.data.fiatAmount, undefined);
    assert.ok(v2.responseVerifies('v2.orders.review-sell-order', byToken.body.data));
    const prices = (await v2.call('v2.orders.prices', { currencies: 'USDT', network: 'TRC20' })).body.data.currencies[0];
    const low = await v2.call('v2.orders.review-sell-order', { currency: 'USDT', fiatAmount: prices.minSell - 1 });
    assert.equal(low.body.errorCode, 24);
    assert.ok(low.body.message.includes(prices.minSell.toLocaleString('en-US')));
    const high = await v2.call('v2.orders.review-sell-order', { currency: 'USDT', fiatAmount: prices.maxSell + 1 });
    assert.equal(high.body.errorCode, 25);
    assert.ok(high.body.message.includes(prices.maxSell.toLocaleString('en-US')));
    // An omitted fiatAmount is 0, below any minimum.
    assert.equal((await v2.call('v2.orders.review-sell-order', { currency: 'USDT' })).body.errorCode, 24);
  });

  it('create-sell-order: the order of §2.3, signed; the fund debited and the ledger written', async () => {
    const before = await balance();
    const externalOrderId = id();
    const sentAt = Math.floor(Date.now() / 1000) * 1000;
    const r = await sell({ externalOrderId });
    const answeredAt = Date.now();
    assert.equal(r.body.success, true, r.body.message);
    const o = r.body.data;
    assert.equal(o.type, 'SELL');
    assert.equal(o.status, 'AWAITING_PAYMENT');
    assert.equal(o.externalOrderId, externalOrderId);
    assert.ok(o.fiatAmount > 100000, 'fiatAmount is fee-inclusive');
    assert.equal(o.fiatAmount, 100000 + o.fees.systemFee + o.fees.processingFee);
    assert.match(o.createdAt, UTC7);
    assert.match(o.expiresAt, UTC7);
    const created = Date.parse(`${o.createdAt.replace(' ', 'T')}+07:00`);
    assert.ok(created >= sentAt && created <= answeredAt, 'createdAt is the creation time, written in UTC+7 without zone');
    assert.equal(Date.parse(`${o.expiresAt.replace(' ', 'T')}+07:00`) - created, (limitByName('order-lifetime')!.amount ?? 15) * 60_000);
    assert.equal(o.bankTransfer.expiresAt, '');
    assert.ok(o.tokenTransfer.address && o.tokenTransfer.network && o.bankTransfer.qrUrl);
    assert.ok(v2.orderVerifies(o));
    assert.ok(Math.abs(before - o.tokenTransfer.amount - (await balance())) < 1e-6);
    await v3.login(user);
    const ledger = (await v3.request('GET', `/v3/fund/ledger?externalOrderId=${externalOrderId}`)).body.data.entries;
    assert.deepEqual(
      ledger.map((e: { kind: string; amount: number }) => [e.kind, e.amount]),
      [['DEBIT', o.tokenTransfer.amount]],
    );
    const details = await v2.call('v2.orders.details', { externalOrderId });
    assert.deepEqual(details.body.data, o);
  });

  it('11: a repeated externalOrderId creates nothing and debits nothing', async () => {
    const externalOrderId = id();
    assert.equal((await sell({ externalOrderId })).body.success, true);
    const before = await balance();
    const again = await sell({ externalOrderId });
    assert.equal(again.body.errorCode, 11);
    assert.equal(again.body.semanticCode, 'DUPLICATE_TRANSACTION_ID');
    assert.equal(await balance(), before);
  });

  it('13: an unregistered webhookSecretKey; a registered one is accepted', async () => {
    const externalOrderId = id();
    assert.equal((await sell({ externalOrderId, webhookSecretKey: 'nobody' })).body.errorCode, 13);
    assert.equal((await v2.call('v2.orders.details', { externalOrderId })).body.errorCode, 15, 'not created');
    assert.equal((await sell({ webhookSecretKey: env.webhookSecretKey })).body.success, true);
  });

  it('34 for a user who is not verified; 64 for a high-risk e-mail; 27 for a malformed one', async () => {
    assert.equal((await sell({ userEmail: `nobody-${randomUUID()}@example.com` })).body.errorCode, 34);
    const risky = await verifiedUser(v2, `highrisk-${randomUUID()}@example.com`);
    assert.equal((await sell({ userEmail: risky })).body.errorCode, 64);
    assert.equal((await sell({ userEmail: 'not-an-email' })).body.errorCode, 27);
  });

  it('17 content with accents; 56 unknown bank; 18 unverifiable or omitted account; 65 blacklisted', async () => {
    assert.equal((await sell({ content: 'Cà phê' })).body.errorCode, 17);
    assert.equal((await sell({ content: 'Coffee!' })).body.errorCode, 17);
    assert.equal((await sell({ bankCode: '000000' })).body.errorCode, 56);
    assert.equal((await sell({ bankAccountNumber: '9990001111' })).body.errorCode, 18);
    assert.equal((await sell({ bankAccountNumber: undefined })).body.errorCode, 18);
    assert.equal((await sell({ bankAccountNumber: '0000000065' })).body.errorCode, 65);
  });

  it('extendInfo by fiatCurrency: PHP 44/18, GEL 1, BRL 18 (BR/AR/PE read in order), VND ignores it', async () => {
    const ph = (PH: unknown) =>
      sell({
        fiatCurrency: 'PHP',
        fiatAmount: 500,
        bankCode: 'GXCHPHM2XXX',
        bankAccountNumber: '123456789012',
        extendInfo: PH === undefined ? null : { qrType: 'ph.ppmi.p2m', PH },
      });
    assert.equal((await ph(undefined)).body.errorCode, 44);
    assert.equal((await ph({ additionalData: { a: 1 } })).body.errorCode, 18);
    assert.equal((await ph({ recipientName: 'JUAN DELA CRUZ' })).body.errorCode, 44);
    assert.equal((await ph({ recipientName: '12345', additionalData: { a: 1 } })).body.errorCode, 18);
    const good = await ph({ recipientName: 'JUAN DELA CRUZ', additionalData: { a: 1 } });
    assert.equal(good.body.success, true, good.body.message);
    assert.equal(good.body.data.bankTransfer.bankAccountName, 'JUAN DELA CRUZ');
    assert.equal((await sell({ fiatCurrency: 'GEL', fiatAmount: 100, bankCode: 'X', extendInfo: null })).body.errorCode, 1);
    assert.equal(
      (await sell({ fiatCurrency: 'BRL', fiatAmount: 100, bankCode: 'PIX', bankAccountNumber: 'key@example.com', extendInfo: { VN: {} } }))
        .body.errorCode,
      18,
    );
    const br = await sell({
      fiatCurrency: 'BRL',
      fiatAmount: 100,
      bankCode: 'PIX',
      bankAccountNumber: 'key@example.com',
      extendInfo: { PE: { recipientName: 'ANA' } },
    });
    assert.equal(br.body.success, true, 'the first of BR, AR, PE present is read, whatever fiatCurrency');
    assert.equal((await sell({ extendInfo: { VN: { anything: true } } })).body.success, true);
  });

  it('7: a fund that cannot cover the order', async () => {
    const poor = as('poor');
    await verifiedUser(poor, user);
    const r = await sell({ fiatAmount: 1_000_000 }, poor);
    assert.equal(r.body.errorCode, 7);
    assert.equal(r.body.semanticCode, 'PARTNER_INSUFFICIENT_BALANCE');
  });

  it('7 also when the order needs less than one token more than the fund holds; the fund is left as it was', async () => {
    const poor = as('poor');
    const u = await verifiedUser(poor);
    const before = await balance(poor);
    const quote = async (fiatAmount: number) =>
      (await poor.call('v2.orders.review-sell-order', { currency: 'USDT', fiatAmount })).body.data.tokenAmount as number;
    // The fiat amount whose order costs the fund's balance plus about half a token.
    const fiatAmount = Math.round((100_000 * (before + 0.5)) / (await quote(100_000)));
    const needs = await quote(fiatAmount);
    assert.ok(needs > before && needs < before + 1, `the order needs ${needs} USDT, the fund holds ${before}`);
    const r = await sell({ userEmail: u, fiatAmount }, poor);
    assert.equal(r.body.errorCode, 7, JSON.stringify(r.body));
    assert.equal(await balance(poor), before);
  });

  it('caps 36, 37, 90, 42 in USD per user', async () => {
    const capped = as('capped');
    const u = await verifiedUser(capped);
    const go = (fiatAmount: number) => sell({ userEmail: u, fiatAmount }, capped);
    assert.equal((await go(1_000_000)).body.errorCode, 36); // ~40 USD > 30
    assert.equal((await go(600_000)).body.success, true); // ~24.6 USD
    const second = await go(700_000); // day total > 50
    assert.equal(second.body.errorCode, 37);
    assert.match(second.body.message, /daily cap of 50 USD/);
    for (const [partner, code] of [
      ['cappedWeek', 90],
      ['cappedMonth', 42],
    ] as const) {
      const client = as(partner);
      const who = await verifiedUser(client);
      assert.equal((await sell({ userEmail: who, fiatAmount: 600_000 }, client)).body.success, true);
      assert.equal((await sell({ userEmail: who, fiatAmount: 700_000 }, client)).body.errorCode, code);
    }
  });

  // Doc 1 §8: the caps are in USD, whatever token the order is paid from and for either product.
  it('caps in USD whatever the token and the product: an ETH order and a cashout worth ~40 USD each get 36', async () => {
    const capped = as('capped');
    const u = await verifiedUser(capped);
    // 1,000,000 VND is about 40 USD (cap 30), that is about 0.0133 ETH: the token amount is not the USD value.
    const eth = await sell({ userEmail: u, currency: 'ETH', fiatAmount: 1_000_000 }, capped);
    assert.equal(eth.body.errorCode, 36, eth.body.message);
    assert.equal((await sell({ userEmail: u, currency: 'ETH', fiatAmount: 500_000 }, capped)).body.success, true);
    const big = await cashout({ userEmail: u, fiatAmount: 1_000_000 }, capped);
    assert.equal(big.body.errorCode, 36, big.body.message);
    assert.match(big.body.message, /above the per-transaction cap of 30 USD/);
  });

  it('12: the payout fails after creation (test account); refunded; the signed order in data', async () => {
    const before = await balance();
    const externalOrderId = id();
    const r = await sell({ externalOrderId, bankAccountNumber: '0000000012' });
    assert.equal(r.body.errorCode, 12);
    assert.equal(r.body.success, false);
    assert.equal(r.body.data.status, 'ERROR');
    assert.ok(r.body.data.descriptions);
    assert.ok(v2.orderVerifies(r.body.data));
    assert.ok(Math.abs((await balance()) - before) < 1e-6, 'refunded');
    assert.equal((await v2.call('v2.orders.details', { externalOrderId })).body.data.status, 'ERROR');
  });

  it("details 15: unknown id, and another partner's order", async () => {
    const externalOrderId = id();
    await sell({ externalOrderId });
    const unknown = await v2.call('v2.orders.details', { externalOrderId: id() });
    assert.equal(unknown.body.errorCode, 15);
    // Doc 1 §7: a failed call has data null (12 is the exception), unsigned though details signs its answers.
    assert.equal(unknown.body.data, null);
    assert.equal((await as('other').call('v2.orders.details', { externalOrderId })).body.errorCode, 15);
  });

  it('review-cashout: a signed quote; 46 for a currency without provider; 16 outside the provider range; 34', async () => {
    const r = await v2.call('v2.orders.review-cashout', {
      userEmail: user,
      fiatCurrency: 'VND',
      fiatAmount: 200000,
      cryptoCurrency: 'USDT',
    });
    assert.equal(r.body.success, true, r.body.message);
    assert.ok(v2.responseVerifies('v2.orders.review-cashout', r.body.data));
    const floor = limitByName('cashout-floor-vnd')!.amount!;
    const low = await v2.call('v2.orders.review-cashout', {
      userEmail: user,
      fiatCurrency: 'VND',
      fiatAmount: floor - 1000,
      cryptoCurrency: 'USDT',
    });
    assert.equal(low.body.errorCode, 16);
    assert.match(low.body.message, /10,000 to 14,000,000/);
    assert.equal(
      (await v2.call('v2.orders.review-cashout', { userEmail: user, fiatCurrency: 'THB', fiatAmount: 1000, cryptoCurrency: 'USDT' })).body
        .errorCode,
      5,
    );
    assert.equal(
      (await v2.call('v2.orders.review-cashout', { userEmail: user, fiatCurrency: 'VND', fiatAmount: 200000, cryptoCurrency: 'DOGE' })).body
        .errorCode,
      46,
    );
    assert.equal(
      (
        await v2.call('v2.orders.review-cashout', {
          userEmail: `n-${randomUUID()}@example.com`,
          fiatCurrency: 'VND',
          fiatAmount: 200000,
          cryptoCurrency: 'USDT',
        })
      ).body.errorCode,
      34,
    );
  });

  it('create-cashout: type CASHOUT with the documented nulls; 13 before anything else; 18; 5 recipientType; 46 omitted amount', async () => {
    const r = await cashout();
    assert.equal(r.body.success, true, r.body.message);
    const o = r.body.data;
    assert.equal(o.type, 'CASHOUT');
    assert.equal(o.tokenTransfer.address, null);
    assert.equal(o.tokenTransfer.network, null);
    assert.equal(o.bankTransfer.qrUrl, null);
    assert.ok(v2.orderVerifies(o));
    // 13 wins even over a missing extendInfo and an unverified user.
    assert.equal(
      (await cashout({ webhookSecretKey: 'nobody', extendInfo: undefined, userEmail: `x-${randomUUID()}@example.com` })).body.errorCode,
      13,
    );
    assert.equal((await cashout({ extendInfo: undefined })).body.errorCode, 18);
    assert.equal(
      (await cashout({ extendInfo: { recipientName: 'A', recipientNumber: '9990000000', recipientBankCode: '970415' } })).body.errorCode,
      18,
    );
    assert.equal(
      (
        await cashout({
          extendInfo: { recipientName: 'A', recipientNumber: '0123456789', recipientBankCode: '970415', recipientType: 'ALIEN' },
        })
      ).body.errorCode,
      5,
    );
    assert.equal(
      (await cashout({ extendInfo: { recipientName: 'A', recipientNumber: '0123456789', recipientBankCode: '999999' } })).body.errorCode,
      56,
    );
    assert.equal(
      (
        await cashout({
          extendInfo: { recipientName: 'A', recipientNumber: '0123456789', recipientBankCode: '970415', transferContent: 'Lương' },
        })
      ).body.errorCode,
      17,
    );
    assert.equal((await cashout({ fiatAmount: undefined })).body.errorCode, 46);
    assert.equal((await cashout({ fiatCurrency: undefined })).body.errorCode, 46);
    const dup = r.body.data.externalOrderId;
    assert.equal((await cashout({ externalOrderId: dup })).body.errorCode, 11);
  });

  it('a v3 FAILED outcome refunds a v2 order; SUCCESS is terminal', async () => {
    await v3.login(user);
    const externalOrderId = id();
    const created = (await sell({ externalOrderId })).body.data;
    const before = await balance();
    const f = await v3.request('POST', '/v3/simulate/scan-to-pay/outcomes', { orderId: externalOrderId, outcome: 'FAILED' });
    assert.equal(f.body.code, 'SUCCESS', f.body.message);
    assert.equal(f.body.data.status, 'ERROR');
    assert.ok(Math.abs((await balance()) - before - created.tokenTransfer.amount) < 1e-6);
    const again = await v3.request('POST', '/v3/simulate/scan-to-pay/outcomes', { orderId: externalOrderId, outcome: 'SUCCESS' });
    assert.equal(again.body.code, 'INVALID_REQUEST_DATA');
    const d = (await v2.call('v2.orders.details', { externalOrderId })).body.data;
    assert.equal(d.status, 'ERROR');
    assert.ok(v2.orderVerifies(d));
  });
});
