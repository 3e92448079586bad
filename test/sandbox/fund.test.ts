// The partner's crypto fund (doc 1 §4.2 wallet/balance, §4.13 "debits the fund", error 7; doc 2 §1
// step 3 and the /v3 fund ledger): balances pre-loaded from the config and recorded as CREDIT entries,
// a debit may take the whole balance but never more, and a refund gives back exactly the debit.
import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { sellOrderBody } from './fixtures';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localClients, verifiedUser, type V2Client, type V3Client } from './client';

const FIAT = 100000;

interface Entry {
  kind: string;
  currency: string;
  amount: number;
  balanceAfter: number;
  externalOrderId: string | null;
}

describe('sandbox fund (real process)', function () {
  let sb: SandboxProcess;
  let v2: V2Client;
  let v3: V3Client;
  let user: string;
  /** The USDT an order of FIAT VND costs, as the sandbox quotes it. */
  let cost: number;
  const sell = (externalOrderId: string, more: Record<string, unknown> = {}) =>
    v2.call('v2.orders.create-sell-order', sellOrderBody(user, { externalOrderId, fiatAmount: FIAT, ...more }));
  const balance = async (currency = 'USDT') => (await v2.call('v2.wallet.balance', { currency })).body.data.balance as number;
  const ledger = async (query = '') => (await v3.request('GET', `/v3/fund/ledger${query}`)).body.data.entries as Entry[];

  before(async () => {
    // Prices are the sandbox's own: one sandbox quotes the order, a second is loaded with exactly that much.
    const quoter = await startSandboxProcess();
    const q = await localClients(quoter.home).v2.call('v2.orders.review-sell-order', { currency: 'USDT', fiatAmount: FIAT });
    await quoter.stop();
    assert.equal(q.body.success, true, q.body.message);
    cost = q.body.data.tokenAmount;
    sb = await startSandboxProcess({ args: ['--kyc-delay', '0'], config: { local: { funds: { USDT: cost, ETH: 2 } } } });
    ({ v2, v3 } = localClients(sb.home));
    user = await verifiedUser(v2);
    await v3.login(user);
  });
  after(async () => sb?.stop());

  it('starts with the configured balances, each recorded as a CREDIT; a currency it does not hold has 0', async () => {
    assert.equal(await balance('USDT'), cost);
    assert.equal(await balance('ETH'), 2);
    assert.equal(await balance('BTC'), 0);
    const balances = (await v3.request('GET', '/v3/fund/balances')).body.data.balances;
    assert.deepEqual(balances, [
      { balance: 2, currency: 'ETH' },
      { balance: cost, currency: 'USDT' },
    ]);
    const credits = (await ledger()).filter((e) => e.kind === 'CREDIT');
    assert.deepEqual(
      credits.map((e) => [e.currency, e.amount, e.balanceAfter, e.externalOrderId]),
      [
        ['USDT', cost, cost, null],
        ['ETH', 2, 2, null],
      ],
    );
  });

  it('an order costing exactly the balance is created and leaves 0; the next is refused with 7; a refund gives back exactly the debit', async () => {
    const first = `fund-${randomUUID()}`;
    const r = await sell(first);
    assert.equal(r.body.success, true, r.body.message);
    assert.equal(r.body.data.tokenTransfer.amount, cost);
    assert.equal(await balance(), 0);
    assert.deepEqual(
      (await ledger(`?externalOrderId=${first}`)).map((e) => [e.kind, e.amount, e.balanceAfter]),
      [['DEBIT', cost, 0]],
    );
    const second = `fund-${randomUUID()}`;
    const refused = await sell(second);
    assert.equal(refused.body.errorCode, 7);
    assert.equal(refused.body.semanticCode, 'PARTNER_INSUFFICIENT_BALANCE');
    assert.equal(await balance(), 0);
    assert.deepEqual(await ledger(`?externalOrderId=${second}`), []);
    assert.equal((await v2.call('v2.orders.details', { externalOrderId: second })).body.errorCode, 15, 'not created');
    // The first order forced to FAILED: refunded, DEBIT then REFUND in the ledger.
    const failed = await v3.request('POST', '/v3/simulate/scan-to-pay/outcomes', { orderId: first, outcome: 'FAILED' });
    assert.equal(failed.body.data?.status, 'ERROR', failed.body.message);
    assert.equal(await balance(), cost);
    assert.deepEqual(
      (await ledger(`?externalOrderId=${first}`)).map((e) => [e.kind, e.amount, e.balanceAfter]),
      [
        ['DEBIT', cost, 0],
        ['REFUND', cost, cost],
      ],
    );
  });
});
