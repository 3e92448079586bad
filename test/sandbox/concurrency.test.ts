// Idempotency and the fund under concurrent load, and state that survives a restart: the real
// sandbox process, hit with many simultaneous requests over real sockets.
import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localClients, type V2Client, verifiedUser } from './client';

describe('sandbox under concurrency, and across restarts (real process)', function () {
  let sb: SandboxProcess;
  let v2: V2Client;
  let user: string;
  const sell = (externalOrderId: string, fiatAmount = 100000, client = v2) =>
    client.call('v2.orders.create-sell-order', {
      externalOrderId,
      currency: 'USDT',
      fiatAmount,
      userEmail: user,
      bankCode: '970436',
      bankAccountNumber: '0123456789',
      content: 'Load',
      extendInfo: null,
    });

  before(async () => {
    // A small fund so that a burst of orders can exceed it; high caps so only the fund limits.
    sb = await startSandboxProcess({
      args: ['--kyc-delay', '0'],
      config: { local: { funds: { USDT: 100 }, caps: { dailyUsd: 1e9, weeklyUsd: 1e9, monthlyUsd: 1e9, dailyCount: 1e6 } } },
    });
    ({ v2 } = localClients(sb.home));
    user = await verifiedUser(v2);
  });
  after(async () => sb?.stop());

  it('40 simultaneous creates with one externalOrderId: exactly one order, 39 DUPLICATE_TRANSACTION_ID, one debit', async () => {
    const externalOrderId = `same-${randomUUID()}`;
    const before = (await v2.call('v2.wallet.balance', { currency: 'USDT' })).body.data.balance;
    const results = await Promise.all(Array.from({ length: 40 }, () => sell(externalOrderId)));
    const codes = results.map((r) => r.body.errorCode);
    assert.equal(codes.filter((c) => c === 0).length, 1);
    assert.equal(codes.filter((c) => c === 11).length, 39);
    const after = (await v2.call('v2.wallet.balance', { currency: 'USDT' })).body.data.balance;
    const order = results.find((r) => r.body.success)!.body.data;
    assert.ok(Math.abs(before - after - order.tokenTransfer.amount) < 1e-6);
  });

  it('60 simultaneous creates that together exceed the fund: never below zero, the ledger balances', async () => {
    const results = await Promise.all(Array.from({ length: 60 }, () => sell(`burst-${randomUUID()}`, 250000)));
    const okCount = results.filter((r) => r.body.success).length;
    const refused = results.filter((r) => r.body.errorCode === 7).length;
    assert.ok(okCount > 0 && refused > 0, `${okCount} created, ${refused} refused`);
    assert.equal(okCount + refused, 60);
    const balance = (await v2.call('v2.wallet.balance', { currency: 'USDT' })).body.data.balance as number;
    assert.ok(balance >= 0);
    const { v3 } = localClients(sb.home);
    await v3.login(user);
    const entries = (await v3.request('GET', '/v3/fund/ledger?currency=USDT')).body.data.entries as {
      kind: string;
      amount: number;
      balanceAfter: number;
    }[];
    let running = 0;
    for (const e of entries) {
      running += e.kind === 'DEBIT' ? -e.amount : e.amount;
      assert.ok(Math.abs(running - e.balanceAfter) < 1e-6, 'each entry carries the running balance');
      assert.ok(e.balanceAfter >= 0);
    }
    assert.ok(Math.abs(running - balance) < 1e-6, 'the ledger adds up to the balance');
  });

  it('state survives a restart: orders, KYC, funds, ledger', async () => {
    const externalOrderId = `persist-${randomUUID()}`;
    const created = await sell(externalOrderId, 100000);
    assert.equal(created.body.success, true, created.body.message);
    const balance = (await v2.call('v2.wallet.balance', { currency: 'USDT' })).body.data.balance;
    await sb.stop();
    sb = await startSandboxProcess({ home: sb.home, args: ['--kyc-delay', '0'] });
    ({ v2 } = localClients(sb.home)); // the env file now points at the new port
    assert.deepEqual((await v2.call('v2.orders.details', { externalOrderId })).body.data, created.body.data);
    assert.equal((await v2.call('v2.user.get-kyc-information', { userEmail: user })).body.data.kycStatus, 'VERIFIED');
    assert.equal((await v2.call('v2.wallet.balance', { currency: 'USDT' })).body.data.balance, balance);
    assert.equal((await sell(externalOrderId)).body.errorCode, 11, 'idempotency survives the restart');
  });
});
