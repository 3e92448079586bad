// Time-dependent rules with the clock pinned (startSandbox takes the clock as a parameter): the
// KYC review delay, token lifetime, the assertion's iat window, order times in UTC+7. The server
// is the real one on a real socket, in this process so the test can move time.
import { strict as assert } from 'node:assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../engine/sandbox/server';
import { kycFields, localClients, type V2Client, V3Client } from './client';

describe('sandbox with a pinned clock (in-process server, real socket)', () => {
  let now = Date.UTC(2026, 0, 5, 16, 59, 0); // Monday 16:59 UTC = 23:59 UTC+7
  let sb: RunningSandbox;
  let v2: V2Client;
  let v3: V3Client;

  before(async () => {
    sb = await startSandbox({ home: mkdtempSync(join(tmpdir(), 'payout-clock-')), kycDelayMs: 5000, clock: () => now });
    ({ v2, v3 } = localClients(sb.home));
  });
  after(async () => sb?.close());

  it('KYC stays PROCESSING until exactly kycDelayMs has passed', async () => {
    const userEmail = 'clock@example.com';
    assert.equal((await v2.call('v2.user.submit-kyc', { userEmail, ...kycFields() })).body.success, true);
    now += 4999;
    assert.equal((await v2.call('v2.user.get-kyc-information', { userEmail })).body.data.kycStatus, 'PROCESSING');
    now += 1;
    assert.equal((await v2.call('v2.user.get-kyc-information', { userEmail })).body.data.kycStatus, 'VERIFIED');
  });

  it('createdAt/expiresAt in UTC+7 without zone, crossing midnight', async () => {
    now = Date.UTC(2026, 0, 5, 16, 59, 30);
    const r = await v2.call('v2.orders.create-sell-order', {
      externalOrderId: 'clock-1',
      currency: 'USDT',
      fiatAmount: 100000,
      userEmail: 'clock@example.com',
      bankCode: '970436',
      bankAccountNumber: '0123456789',
      content: 'Late',
      extendInfo: null,
    });
    assert.equal(r.body.data.createdAt, '2026-01-05 23:59:30');
    assert.equal(r.body.data.expiresAt, '2026-01-06 00:14:30');
  });

  it('an access token works for 60 minutes, then ACCESS_TOKEN_INVALID', async () => {
    v3 = new V3Client(sb.url, v3.creds);
    const login = await v3.request('POST', '/v3/auth/tokens', {
      clientAssertion: await v3.assertion({ now: Math.floor(now / 1000) }),
      userEmail: 'clock@example.com',
    });
    assert.equal(login.body.code, 'SUCCESS', login.body.message);
    assert.equal(login.body.data.expiresAt, Math.floor(now / 1000) + 3600);
    v3.token = login.body.data.accessToken;
    now += 3599_000;
    assert.equal((await v3.request('GET', '/v3/fund/balances')).body.code, 'SUCCESS');
    now += 1000;
    const r = await v3.request('GET', '/v3/fund/balances');
    assert.equal(r.status, 401);
    assert.equal(r.body.code, 'ACCESS_TOKEN_INVALID');
    assert.match(r.body.message, /expired/);
  });

  it('an assertion is accepted only within the window after iat, and not from the future', async () => {
    const sec = Math.floor(now / 1000);
    const exchange = async (iat: number) =>
      (
        await v3.request('POST', '/v3/auth/tokens', {
          clientAssertion: await v3.assertion({ now: iat, ttl: 3600 }),
          userEmail: 'clock@example.com',
        })
      ).body.code;
    assert.equal(await exchange(sec - 300), 'SUCCESS');
    assert.equal(await exchange(sec - 301), 'INVALID_SIGNATURE');
    assert.equal(await exchange(sec + 30), 'INVALID_SIGNATURE');
  });
});

describe('sandbox auto-settlement (--auto-settle)', () => {
  it('orders settle to SUCCESS on their own, firing the webhook once', async () => {
    const sb = await startSandbox({ home: mkdtempSync(join(tmpdir(), 'payout-auto-')), kycDelayMs: 0, autoSettleMs: 0 });
    try {
      const { v2, env } = localClients(sb.home);
      await v2.call('v2.user.submit-kyc', { userEmail: 'auto@example.com', ...kycFields() });
      const r = await v2.call('v2.orders.create-sell-order', {
        externalOrderId: 'auto-1',
        currency: 'USDT',
        fiatAmount: 100000,
        userEmail: 'auto@example.com',
        bankCode: '970436',
        bankAccountNumber: '0123456789',
        content: 'Auto',
        extendInfo: null,
        webhookSecretKey: env.webhookSecretKey,
      });
      assert.equal(r.body.data.status, 'AWAITING_PAYMENT', r.body.message);
      let status = r.body.data.status;
      while (status !== 'SUCCESS') status = (await v2.call('v2.orders.details', { externalOrderId: 'auto-1' })).body.data.status;
      const hooks = (await (await fetch(`${sb.url}/sandbox/webhooks?externalOrderId=auto-1`)).json()) as { deliveries: unknown[] };
      assert.equal(hooks.deliveries.length, 1);
    } finally {
      await sb.close();
    }
  });

  // Doc 1 §3.1: SUCCESS and ERROR are terminal ("no further moves"); §6.4: each callback is delivered once.
  // Both orders are forced before their automatic settlement is due; the test then waits on a timer set
  // after the sandbox's own (same delay, so Node runs the sandbox's first) and checks nothing moved.
  it('an order forced to SUCCESS or FAILED before its automatic settlement stays as forced: no second move, no second webhook', async () => {
    const AUTO_MS = 5000;
    const sb = await startSandbox({ home: mkdtempSync(join(tmpdir(), 'payout-auto-')), kycDelayMs: 0, autoSettleMs: AUTO_MS });
    try {
      const { v2, v3, env } = localClients(sb.home);
      await v2.call('v2.user.submit-kyc', { userEmail: 'forced@example.com', ...kycFields() });
      await v3.login('forced@example.com');
      const create = async (externalOrderId: string) => {
        const r = await v2.call('v2.orders.create-sell-order', {
          externalOrderId,
          currency: 'USDT',
          fiatAmount: 100000,
          userEmail: 'forced@example.com',
          bankCode: '970436',
          bankAccountNumber: '0123456789',
          content: 'Forced',
          extendInfo: null,
          webhookSecretKey: env.webhookSecretKey,
        });
        assert.equal(r.body.data?.status, 'AWAITING_PAYMENT', r.body.message);
      };
      const force = async (orderId: string, outcome: string) =>
        assert.equal(
          (await v3.request('POST', '/v3/simulate/scan-to-pay/outcomes', { orderId, outcome })).body.code,
          'SUCCESS',
          `${orderId} forced before its automatic settlement`,
        );
      // Each order is forced right after its creation, well inside AUTO_MS even on a loaded machine.
      await create('forced-ok');
      await force('forced-ok', 'SUCCESS');
      await create('forced-failed');
      await force('forced-failed', 'FAILED');
      const read = async (externalOrderId: string) => (await v2.call('v2.orders.details', { externalOrderId })).body.data;
      const ok = await read('forced-ok');
      await new Promise((r) => setTimeout(r, AUTO_MS));
      const okAfter = await read('forced-ok');
      assert.equal(okAfter.status, 'SUCCESS');
      assert.equal(okAfter.tokenTransfer.txHash, ok.tokenTransfer.txHash, 'settled once');
      const failedAfter = await read('forced-failed');
      assert.equal(failedAfter.status, 'ERROR');
      const refunds = (await v3.request('GET', '/v3/fund/ledger?externalOrderId=forced-failed')).body.data.entries.filter(
        (e: { kind: string }) => e.kind === 'REFUND',
      );
      assert.equal(refunds.length, 1);
      for (const id of ['forced-ok', 'forced-failed']) {
        const hooks = (await (await fetch(`${sb.url}/sandbox/webhooks?externalOrderId=${id}`)).json()) as { deliveries: unknown[] };
        assert.equal(hooks.deliveries.length, 1, id);
      }
    } finally {
      await sb.close();
    }
  });
});
