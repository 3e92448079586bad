// Doc 2: the /v3 token exchange, bearer tokens, forced outcomes, the order webhook (doc 1 §6) to a
// real receiver, and the recommended seven-step sandbox test pass, against the real process.
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { IMAGE, kycFields, localClients, type V2Client, V3Client, type LocalEnv } from './client';
import { credsOf, writeTestConfig, type TestConfig } from './fixtures';

interface Hook {
  body: Record<string, unknown>;
  headers: Record<string, unknown>;
}

/** A loopback URL nothing listens on (a port that was free a moment ago). */
async function unusedPortUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}/hook`;
}

describe('sandbox /v3 (real process)', function () {
  let sb: SandboxProcess;
  let cfg: TestConfig;
  let env: LocalEnv;
  let v2: V2Client;
  let receiver: Server;
  const hooks: Hook[] = [];
  const newV3 = () => new V3Client(sb.url, env);

  before(async () => {
    receiver = createServer((req, res) => {
      let text = '';
      req.on('data', (d) => (text += d));
      req.on('end', () => {
        hooks.push({ body: JSON.parse(text), headers: req.headers });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const deadUrl = await unusedPortUrl();
    cfg = writeTestConfig({
      local: {
        webhooks: [
          { secretKey: 'my-receiver', url: hookUrl },
          { secretKey: 'dead-receiver', url: deadUrl },
        ],
      },
    });
    sb = await startSandboxProcess({ config: cfg.file, args: ['--kyc-delay', '0'] });
    ({ env, v2 } = localClients(sb.home));
  });
  after(async () => {
    await sb?.stop();
    receiver?.close();
  });

  it('token exchange: a 60-minute bearer token per user', async () => {
    const v3 = newV3();
    const before = Math.floor(Date.now() / 1000);
    const r = await v3.login('alice@example.com');
    const after = Math.floor(Date.now() / 1000);
    assert.equal(r.status, 200);
    assert.equal(r.body.code, 'SUCCESS');
    assert.equal(typeof r.body.data.accessToken, 'string');
    const exp = r.body.data.expiresAt;
    assert.ok(exp >= before + 3600 && exp <= after + 3600, `expiresAt ${exp} is issue time + 3600 s`);
    assert.ok(!sb.output().includes(r.body.data.accessToken), 'the token is never logged');
  });

  it('401 INVALID_SIGNATURE: wrong key, wrong aud, stale iat, replayed jti, not a JWT', async () => {
    const v3 = newV3();
    const now = Math.floor(Date.now() / 1000);
    const exchange = (clientAssertion: string) => v3.request('POST', '/v3/auth/tokens', { clientAssertion, userEmail: 'bob@example.com' });
    const other = cfg.partners.other.privateKey;
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(env.partnerCode)
      .setAudience('service-v3-token')
      .setIssuedAt(now)
      .setJti(randomUUID())
      .sign(other);
    const wrongAud = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(env.partnerCode)
      .setAudience('someone-else')
      .setIssuedAt(now)
      .setJti(randomUUID())
      .sign(env.privateKey);
    for (const a of [forged, wrongAud, await v3.assertion({ now: now - 3600, ttl: 7200 }), 'not.a.jwt']) {
      const r = await exchange(a);
      assert.equal(r.status, 401, r.body.message);
      assert.equal(r.body.code, 'INVALID_SIGNATURE');
    }
    const once = await v3.assertion({ jti: 'fixed-jti' });
    assert.equal((await exchange(once)).body.code, 'SUCCESS');
    const replay = await exchange(once);
    assert.equal(replay.body.code, 'INVALID_SIGNATURE');
    assert.match(replay.body.message, /already used/);
  });

  it('401 INVALID_SIGNATURE for aud as an array ["service-v3-token"]: the document says the literal string', async () => {
    const now = Math.floor(Date.now() / 1000);
    const arrayAud = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(env.partnerCode)
      .setAudience(['service-v3-token'])
      .setIssuedAt(now)
      .setJti(randomUUID())
      .sign(env.privateKey);
    const r = await newV3().request('POST', '/v3/auth/tokens', { clientAssertion: arrayAud, userEmail: 'bob@example.com' });
    assert.equal(r.status, 401, r.body.message);
    assert.equal(r.body.code, 'INVALID_SIGNATURE');
    assert.match(r.body.message, /literal string "service-v3-token", not an array/);
  });

  it('401 ACCESS_TOKEN_INVALID: missing or unknown token; 403 for a partner calling from outside its allowlist', async () => {
    const v3 = newV3();
    assert.equal((await v3.request('GET', '/v3/fund/balances')).status, 401);
    v3.token = 'made-up';
    const r = await v3.request('GET', '/v3/fund/balances');
    assert.equal(r.body.code, 'ACCESS_TOKEN_INVALID');
    const far = new V3Client(sb.url, credsOf(cfg.partners.farAway, env.servicePublicKey));
    const denied = await far.login('carol@example.com');
    assert.equal(denied.status, 403);
    assert.equal(denied.body.code, 'PARTNER_IP_NOT_ALLOWED');
  });

  it('public version, and a 5 for a missing body field', async () => {
    const r = await newV3().request('GET', '/v3/public/version');
    assert.equal(r.body.data.environment, 'sandbox');
    const bad = await newV3().request('POST', '/v3/auth/tokens', { userEmail: 'x@example.com' });
    assert.equal(bad.body.code, 'INVALID_REQUEST_DATA');
    assert.match(bad.body.message, /clientAssertion/);
  });

  it('the recommended sandbox test pass, end to end (doc 2 §1)', async () => {
    const userEmail = `pass-${randomUUID()}@example.com`;
    const v3 = newV3();
    // 1. Get an access token for a test user.
    assert.equal((await v3.login(userEmail)).body.code, 'SUCCESS');
    // 2. Submit that user's KYC and wait for VERIFIED.
    const { partnerCode: _p, ...kyc } = kycFields();
    const sub = await v3.request('POST', '/v3/kyc/submissions', kyc);
    assert.equal(sub.body.code, 'SUCCESS', sub.body.message);
    let profile;
    do profile = await v3.request('GET', '/v3/kyc/profile');
    while (profile.body.data.kycStatus === 'PROCESSING');
    assert.equal(profile.body.data.kycStatus, 'VERIFIED');
    // 3. Check the fund (pre-loaded).
    const funds = await v3.request('GET', '/v3/fund/balances?currency=USDT');
    const start = funds.body.data.balances[0].balance as number;
    assert.ok(start > 0);
    // 4. Quote, then create an order with a webhookSecretKey.
    const quote = await v3.request('POST', '/v3/scan-to-pay/quotes', { currency: 'USDT', fiatAmount: 150000 });
    assert.equal(quote.body.code, 'SUCCESS', quote.body.message);
    const first = `pass-${randomUUID()}`;
    const order = {
      externalOrderId: first,
      currency: 'USDT',
      fiatAmount: quote.body.data.fiatAmount,
      bankCode: '970436',
      bankAccountNumber: '0123456789',
      content: 'Coffee',
      extendInfo: null,
      webhookSecretKey: 'my-receiver',
    };
    const created = await v3.request('POST', '/v3/scan-to-pay/orders', order);
    assert.equal(created.body.code, 'SUCCESS', created.body.message);
    assert.equal(created.body.data.status, 'AWAITING_PAYMENT');
    assert.equal(created.body.data.tokenTransfer.amount, quote.body.data.tokenAmount);
    // 5. Force it to SUCCESS; the webhook handler receives the signed order, once.
    const forced = await v3.request('POST', '/v3/simulate/scan-to-pay/outcomes', { orderId: first, outcome: 'SUCCESS' });
    assert.equal(forced.body.data.status, 'SUCCESS');
    while (!hooks.some((h) => h.body.externalOrderId === first)) await new Promise((r) => setTimeout(r, 10));
    const hook = hooks.find((h) => h.body.externalOrderId === first)!;
    assert.equal(hook.body.status, 'SUCCESS');
    assert.equal(hook.headers['content-type'], 'application/json');
    assert.ok(v2.orderVerifies(hook.body), 'the webhook is signed by the service key');
    assert.equal((await v3.request('GET', `/v3/orders/${first}`)).body.data.status, 'SUCCESS');
    // 6. A second order forced to FAILED: refunded, and the fund credited back in the ledger.
    const second = `pass-${randomUUID()}`;
    const c2 = await v3.request('POST', '/v3/scan-to-pay/orders', { ...order, externalOrderId: second });
    assert.equal(c2.body.code, 'SUCCESS');
    const f2 = await v3.request('POST', '/v3/simulate/scan-to-pay/outcomes', { orderId: second, outcome: 'FAILED' });
    assert.equal(f2.body.data.status, 'ERROR');
    const ledger = (await v3.request('GET', '/v3/fund/ledger?currency=USDT')).body.data.entries as {
      kind: string;
      amount: number;
      externalOrderId: string | null;
      balanceAfter: number;
    }[];
    const mine = ledger.filter((e) => e.externalOrderId === second);
    assert.deepEqual(
      mine.map((e) => e.kind),
      ['DEBIT', 'REFUND'],
    );
    assert.equal(mine[0].amount, mine[1].amount);
    const end = (await v3.request('GET', '/v3/fund/balances?currency=USDT')).body.data.balances[0].balance;
    assert.ok(Math.abs(end - (start - created.body.data.tokenTransfer.amount)) < 1e-6, 'only the successful order is paid for');
    assert.equal(ledger.at(-1)!.balanceAfter, end);
    while (!hooks.some((h) => h.body.externalOrderId === second)) await new Promise((r) => setTimeout(r, 10));
    // 7. Replaying a create: DUPLICATE_TRANSACTION_ID, handled by fetching the order.
    const replay = await v3.request('POST', '/v3/scan-to-pay/orders', order);
    assert.equal(replay.body.code, 'DUPLICATE_TRANSACTION_ID');
    assert.equal(replay.body.data, null);
    assert.equal((await v3.request('GET', `/v3/orders/${first}`)).body.data.externalOrderId, first);
    assert.equal(hooks.filter((h) => h.body.externalOrderId === first).length, 1, 'delivered once');
  });

  it('cashout simulation refuses PROCESSING; scan-to-pay accepts it without a webhook; 15 for another kind', async () => {
    const userEmail = `cash-${randomUUID()}@example.com`;
    const v3 = newV3();
    await v3.login(userEmail);
    await v3.request('POST', '/v3/kyc/submissions', kycFields({ backIdImage: IMAGE }));
    while ((await v3.request('GET', '/v3/kyc/profile')).body.data.kycStatus === 'PROCESSING');
    const id = `cash-${randomUUID()}`;
    const c = await v3.request('POST', '/v3/cashout/orders', {
      externalOrderId: id,
      cryptoCurrency: 'USDT',
      fiatCurrency: 'VND',
      fiatAmount: 300000,
      extendInfo: { recipientName: 'LE VAN CUONG', recipientNumber: '0123456789', recipientBankCode: '970418' },
    });
    assert.equal(c.body.code, 'SUCCESS', c.body.message);
    assert.equal(c.body.data.type, 'CASHOUT');
    const p = await v3.request('POST', '/v3/simulate/cashout/outcomes', { orderId: id, outcome: 'PROCESSING' });
    assert.equal(p.body.code, 'INVALID_REQUEST_DATA');
    assert.equal(
      (await v3.request('POST', '/v3/simulate/scan-to-pay/outcomes', { orderId: id, outcome: 'SUCCESS' })).body.code,
      'TRANSACTION_NOT_FOUND',
    );
    assert.equal(
      (await v3.request('POST', '/v3/simulate/cashout/outcomes', { orderId: id, outcome: 'SUCCESS' })).body.data.status,
      'SUCCESS',
    );
    const sell = `sell-${randomUUID()}`;
    await v3.request('POST', '/v3/scan-to-pay/orders', {
      externalOrderId: sell,
      currency: 'USDT',
      fiatAmount: 100000,
      bankCode: '970436',
      bankAccountNumber: '0123456789',
      content: 'Tea',
      extendInfo: null,
      webhookSecretKey: 'my-receiver',
    });
    assert.equal(
      (await v3.request('POST', '/v3/simulate/scan-to-pay/outcomes', { orderId: sell, outcome: 'PROCESSING' })).body.data.status,
      'PROCESSING',
    );
    assert.equal((await v3.request('GET', `/v3/orders/${sell}`)).body.data.status, 'PROCESSING');
    assert.ok(!hooks.some((h) => h.body.externalOrderId === sell), 'PROCESSING fires no webhook');
  });

  it('a receiver that cannot be reached: the delivery is recorded as failed, once, and the order still settles', async () => {
    const v3 = newV3();
    const userEmail = `dead-${randomUUID()}@example.com`;
    await v3.login(userEmail);
    await v3.request('POST', '/v3/kyc/submissions', kycFields());
    while ((await v3.request('GET', '/v3/kyc/profile')).body.data.kycStatus === 'PROCESSING');
    const id = `dead-${randomUUID()}`;
    await v3.request('POST', '/v3/scan-to-pay/orders', {
      externalOrderId: id,
      currency: 'USDT',
      fiatAmount: 100000,
      bankCode: '970436',
      bankAccountNumber: '0123456789',
      content: 'Tea',
      extendInfo: null,
      webhookSecretKey: 'dead-receiver',
    });
    assert.equal(
      (await v3.request('POST', '/v3/simulate/scan-to-pay/outcomes', { orderId: id, outcome: 'SUCCESS' })).body.data.status,
      'SUCCESS',
    );
    let deliveries: { result: string }[] = [];
    while (!deliveries.length) {
      deliveries = (
        (await (await fetch(`${sb.url}/sandbox/webhooks?externalOrderId=${id}`)).json()) as { deliveries: { result: string }[] }
      ).deliveries;
    }
    assert.equal(deliveries.length, 1);
    assert.match(deliveries[0].result, /^failed: /);
  });

  it("the local partner's built-in webhook records deliveries at /sandbox/webhooks", async () => {
    const userEmail = `inbox-${randomUUID()}@example.com`;
    const v3 = newV3();
    await v3.login(userEmail);
    await v3.request('POST', '/v3/kyc/submissions', kycFields());
    while ((await v3.request('GET', '/v3/kyc/profile')).body.data.kycStatus === 'PROCESSING');
    const id = `inbox-${randomUUID()}`;
    await v3.request('POST', '/v3/scan-to-pay/orders', {
      externalOrderId: id,
      currency: 'USDT',
      fiatAmount: 100000,
      bankCode: '970436',
      bankAccountNumber: '0123456789',
      content: 'Tea',
      extendInfo: null,
      webhookSecretKey: env.webhookSecretKey,
    });
    await v3.request('POST', '/v3/simulate/scan-to-pay/outcomes', { orderId: id, outcome: 'FAILED' });
    const res = await fetch(`${sb.url}/sandbox/webhooks?externalOrderId=${id}`);
    const { deliveries } = (await res.json()) as { deliveries: { status: string; payload: Record<string, unknown> }[] };
    assert.equal(deliveries.length, 1);
    assert.equal(deliveries[0].status, 'ERROR');
    assert.ok(v2.orderVerifies(deliveries[0].payload));
  });
});
