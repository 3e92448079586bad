// Prices, banks, account verification and the two quotes (doc 1 §4.9-4.12, §4.15; engine/sandbox/quotes.ts):
// the rules the mutation run found unchecked (docs/mutation/sandbox-rules.md): the fiat a price is
// quoted in, how the token list is read, where the sell bounds and the provider's range start and
// end, which amount a quote is for, the service switches, the fund check to the last unit, and what
// each refusal tells the user to do. Against the real sandbox (a process, or in process under the
// mutation scope).
import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { limitByName } from '../../engine/catalogue/index';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localClients, type V2Client, verifiedUser } from './client';

const KYC_NOW = ['--kyc-delay', '0'];

describe('sandbox quotes: prices, banks, account verification, review-sell-order, review-cashout', function () {
  let sb: SandboxProcess;
  let v2: V2Client;
  let user: string;
  const sellQuote = (fields: Record<string, unknown>, client = v2) =>
    client.call('v2.orders.review-sell-order', { currency: 'USDT', ...fields });
  const cashoutQuote = (fiatAmount: number, more: Record<string, unknown> = {}, client = v2, userEmail = user) =>
    client.call('v2.orders.review-cashout', { userEmail, fiatCurrency: 'VND', fiatAmount, cryptoCurrency: 'USDT', ...more });
  const price = async (fiatCurrency?: string) =>
    (await v2.call('v2.orders.prices', { currencies: 'USDT', network: 'TRC20', ...(fiatCurrency ? { fiatCurrency } : {}) })).body.data
      .currencies[0];

  before(async () => {
    sb = await startSandboxProcess({ args: KYC_NOW });
    ({ v2 } = localClients(sb.home));
    user = await verifiedUser(v2);
  });
  after(async () => sb?.stop());

  it('prices are quoted in the fiatCurrency sent (default VND); one without a provider is 46 (doc 1 §4.9)', async () => {
    const vnd = await price();
    // docs/sandbox.md: sell bounds 0.2 to 2,000 USD in the fiat, VND 5,000 to 50,000,000.
    assert.deepEqual([vnd.minSell, vnd.maxSell], [5000, 50_000_000]);
    assert.deepEqual(await price('VND'), vnd);
    const php = await price('PHP');
    assert.ok(php.price < vnd.price && php.maxSell < vnd.maxSell, JSON.stringify(php));
    const none = await v2.call('v2.orders.prices', { currencies: 'USDT', network: 'TRC20', fiatCurrency: 'XYZ' });
    assert.equal(none.body.errorCode, 46);
    assert.match(none.body.message, /^No provider covers XYZ: quote in one of VND, PHP, /);
  });

  it('prices: the comma list is read name by name, spaces around names ignored; a list of no names is 5; 6 and 14 say what to send', async () => {
    const r = await v2.call('v2.orders.prices', { currencies: 'USDT, ETH', network: 'ERC20' });
    assert.equal(r.body.success, true, r.body.message);
    assert.deepEqual(
      r.body.data.currencies.map((c: { name: string }) => c.name),
      ['USDT', 'ETH'],
    );
    const empty = await v2.call('v2.orders.prices', { currencies: ' , ', network: 'ERC20' });
    assert.equal(empty.body.errorCode, 5);
    // Issue 24: the validation answers it from the catalogue's comma-list format, in its words.
    assert.match(empty.body.message, /^currencies " , " has no name in it: send a comma-separated list/);
    const six = await v2.call('v2.orders.prices', { currencies: 'USDT,BTC', network: 'TRC20' });
    assert.equal(six.body.message, 'BTC is not supported on TRC20: on TRC20 use USDT, TRX');
    const fourteen = await v2.call('v2.orders.prices', { currencies: 'USDT', network: 'TRC20', service: 'LEND' });
    // Issue 24: the service values are the catalogue's enum (assumed), refused by the validation with 14.
    assert.match(fourteen.body.message, /^service "LEND" is not one of SELL, BUY: send one of those values, or omit it$/);
  });

  it('bank account verify: the message says which check failed and how to fix it (doc 1 §4.11)', async () => {
    const bank = await v2.call('v2.bank.account.verify', { bankCode: 'NOBANK', bankAccountNumber: '0123456789' });
    assert.match(
      bank.body.message,
      /^Bank account verification failed: bank NOBANK is not a VND bank\. Check the bankCode \(get-supported-banks\)/,
    );
    const account = await v2.call('v2.bank.account.verify', { bankCode: '970436', bankAccountNumber: '9991234567' });
    assert.match(
      account.body.message,
      /: account 9991234567 could not be verified at bank 970436\. Check the bankCode .* and the account number\.$/,
    );
  });

  it('review-sell-order: the live minimum and maximum themselves are accepted (doc 1 §4.9, §7 codes 24, 25)', async () => {
    const { minSell, maxSell } = await price();
    for (const fiatAmount of [minSell, maxSell]) {
      const r = await sellQuote({ fiatAmount });
      assert.equal(r.body.success, true, `${fiatAmount}: ${r.body.message}`);
    }
    assert.equal((await sellQuote({ fiatAmount: minSell - 1 })).body.errorCode, 24);
    assert.equal((await sellQuote({ fiatAmount: maxSell + 1 })).body.errorCode, 25);
  });

  it('review-sell-order: with both amounts the signed fiatAmount is quoted, not tokenAmount (doc 1 §4.12)', async () => {
    const r = await sellQuote({ fiatAmount: 100000, tokenAmount: 1 });
    assert.equal(r.body.data.fiatAmount, 100000);
    assert.equal(r.body.data.tokenAmount, (await sellQuote({ fiatAmount: 100000 })).body.data.tokenAmount);
    assert.ok(v2.responseVerifies('v2.orders.review-sell-order', r.body.data));
  });

  it('review-sell-order 46: a fiat no scan-to-pay provider covers, a token no provider sells; each names the choices', async () => {
    const fiat = await sellQuote({ fiatAmount: 1000, fiatCurrency: 'GHS' });
    assert.equal(fiat.body.errorCode, 46);
    assert.match(fiat.body.message, /^No scan-to-pay provider covers GHS: use one of VND, PHP, IDR, /);
    const token = await sellQuote({ currency: 'DOGE', fiatAmount: 100000 });
    assert.equal(token.body.errorCode, 46);
    // Every token once, though USDT is on three networks.
    assert.equal(token.body.message, 'No provider sells DOGE: use one of USDT, USDC, ETH, TRX, TON');
  });

  it("review-cashout: the provider's range is VND's only and includes its ends (doc 1 §4.15, §7 code 16, §8)", async () => {
    const floor = limitByName('cashout-floor-vnd')!.amount!;
    const ceiling = limitByName('cashout-ceiling-vnd')!.amount!;
    for (const fiatAmount of [floor, ceiling]) {
      const r = await cashoutQuote(fiatAmount);
      assert.equal(r.body.success, true, `${fiatAmount}: ${r.body.message}`);
    }
    const above = await cashoutQuote(ceiling + 1);
    assert.equal(above.body.errorCode, 16);
    assert.match(above.body.message, /is outside the payment provider's range of 10,000 to 14,000,000 VND/);
    // 5,000 PHP is below VND's floor as a number, but the floor is the Vietnamese provider's.
    const php = await cashoutQuote(5000, { fiatCurrency: 'PHP' });
    assert.equal(php.body.success, true, php.body.message);
    const token = await cashoutQuote(200000, { cryptoCurrency: 'DOGE' });
    assert.equal(token.body.message, 'No provider pays out from DOGE: use e.g. USDT');
  });

  it('create-cashout 46: without fiatAmount or fiatCurrency (both are needed), or in a fiat without a cashout provider (doc 1 §4.16)', async () => {
    const extendInfo = {
      recipientName: 'TRAN THI BINH',
      recipientNumber: '0123456789',
      recipientBankCode: '970415',
      transferContent: 'Salary',
    };
    for (const fields of [{ fiatCurrency: 'VND' }, { fiatAmount: 200000 }]) {
      const r = await v2.call('v2.orders.create-cashout', {
        externalOrderId: `quote-${randomUUID()}`,
        userEmail: user,
        cryptoCurrency: 'USDT',
        extendInfo,
        ...fields,
      });
      assert.equal(r.body.errorCode, 46, JSON.stringify(fields));
      assert.match(r.body.message, /^fiatCurrency and fiatAmount were not both sent, so no service matches: send both/);
    }
    // create-cashout has no list of its own for fiatCurrency (review-cashout's is 5): a currency without a cashout provider is 46.
    const thb = await v2.call('v2.orders.create-cashout', {
      externalOrderId: `quote-${randomUUID()}`,
      userEmail: user,
      cryptoCurrency: 'USDT',
      extendInfo,
      fiatCurrency: 'THB',
      fiatAmount: 1000,
    });
    assert.equal(thb.body.errorCode, 46);
    assert.equal(thb.body.message, 'No cashout provider covers THB: use one of VND, PHP, IDR');
  });

  it('46 when the partner has scan-to-pay or cashout switched off (doc 1 §7 code 46)', async () => {
    const off = await startSandboxProcess({ config: { local: { scanToPay: false, cashout: false } }, args: KYC_NOW });
    try {
      const { v2: c } = localClients(off.home);
      const sell = await sellQuote({ fiatAmount: 100000 }, c);
      assert.equal(sell.body.errorCode, 46);
      assert.equal(sell.body.message, 'Scan-to-pay is not enabled for this partner account: ask the service to activate it');
      const cash = await cashoutQuote(200000, {}, c, `off-${randomUUID()}@example.com`);
      assert.equal(cash.body.errorCode, 46);
      assert.equal(cash.body.message, 'Cashout is not enabled for this partner account: ask the service to activate it');
    } finally {
      await off.stop();
    }
  });

  it('review-cashout 7: a fund holding exactly the quote is enough; one unit of fiat more is 7, naming both amounts to the last decimal', async () => {
    // 123,457 VND with its fees is 5.02768 USDT; a second sandbox holds exactly that.
    const q = (await cashoutQuote(123457)).body.data;
    assert.equal(q.tokenAmount, 5.02768);
    const exact = await startSandboxProcess({ config: { local: { funds: { USDT: q.tokenAmount } } }, args: KYC_NOW });
    try {
      const { v2: c } = localClients(exact.home);
      const holder = await verifiedUser(c);
      const r = await cashoutQuote(123457, {}, c, holder);
      assert.equal(r.body.success, true, r.body.message);
      const more = await cashoutQuote(123458, {}, c, holder);
      assert.equal(more.body.errorCode, 7);
      assert.match(
        more.body.message,
        /^The fund holds 5\.02768 USDT but the cashout needs 5\.02772 USDT: top up the fund or lower the amount$/,
      );
    } finally {
      await exact.stop();
    }
  });
});
