// Nothing crashes on any input: properly signed requests whose fields hold arbitrary JSON values,
// and arbitrary bodies, to every /api/v2 and /v3 endpoint, always get a well-formed answer
// (never a 500), with a message whenever they fail.
import { strict as assert } from 'node:assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { catalogue } from '../../engine/catalogue/index';
import { startSandbox, type RunningSandbox } from '../../engine/sandbox/server';
import { localClients, type V2Client, type V3Client, verifiedUser } from './client';

describe('sandbox robustness (in-process server, real socket)', function () {
  let sb: RunningSandbox;
  let v2: V2Client;
  let v3: V3Client;
  let user: string;

  before(async () => {
    sb = await startSandbox({ home: mkdtempSync(join(tmpdir(), 'payout-fuzz-')), kycDelayMs: 0 });
    ({ v2, v3 } = localClients(sb.home));
    user = await verifiedUser(v2);
    await v3.login(user);
  });
  after(async () => sb?.close());

  const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined), fc.string());

  for (const endpoint of catalogue.endpoints.filter((e) => e.api === 'payout-v2' && e.auth === 'signed-v2')) {
    it(`${endpoint.id}: signed bodies with arbitrary values`, async () => {
      const names = (endpoint.body ?? []).map((f) => f.name).filter((n) => n !== 'signature' && n !== 'partnerCode');
      await fc.assert(
        fc.asyncProperty(
          fc.record(Object.fromEntries(names.map((n) => [n, value])), { requiredKeys: [] }),
          fc.boolean(),
          async (fields, realUser) => {
            const body = realUser && 'userEmail' in fields ? { ...fields, userEmail: user } : fields;
            const r = await v2.call(endpoint.id, body);
            assert.ok(r.status === 200 || r.status === 201, `HTTP ${r.status}: ${JSON.stringify(r.body)}`);
            assert.equal(typeof r.body.success, 'boolean');
            assert.equal(typeof r.body.errorCode, 'number');
            assert.ok(r.body.message.length > 0);
            if (r.body.success) assert.ok(v2.responseVerifies(endpoint.id, r.body.data));
          },
        ),
        { numRuns: 25 },
      );
    });
  }

  for (const endpoint of catalogue.endpoints.filter((e) => e.api === 'payout-v3' && e.method === 'POST' && e.id !== 'v3.auth.tokens')) {
    it(`${endpoint.id}: arbitrary bodies`, async () => {
      const names = (endpoint.body ?? []).map((f) => f.name);
      await fc.assert(
        fc.asyncProperty(fc.record(Object.fromEntries(names.map((n) => [n, value])), { requiredKeys: [] }), async (body) => {
          const r = await v3.request('POST', endpoint.path, body);
          assert.ok(r.status < 500, `HTTP ${r.status}: ${JSON.stringify(r.body)}`);
          assert.equal(typeof r.body.code, 'string');
        }),
        { numRuns: 25 },
      );
    });
  }

  it('names of Object.prototype members as currencies, networks and ids', async () => {
    for (const v of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const answers = await Promise.all([
        v2.call('v2.wallet.balance', { currency: v }),
        v2.call('v2.bank.get-supported-banks', { fiatCurrency: v }),
        v2.call('v2.bank.account.verify', { bankCode: v, bankAccountNumber: '0123456789' }),
        v2.call('v2.orders.prices', { currencies: v, network: 'TRC20', fiatCurrency: v }),
        v2.call('v2.orders.review-sell-order', { currency: v, fiatAmount: 100000, fiatCurrency: v }),
        v2.call('v2.orders.create-sell-order', {
          externalOrderId: v,
          currency: 'USDT',
          fiatAmount: 100000,
          fiatCurrency: v,
          userEmail: user,
          bankCode: v,
          bankAccountNumber: '0123456789',
          content: 'X',
          extendInfo: null,
        }),
        v2.call('v2.orders.details', { externalOrderId: v }),
      ]);
      for (const r of answers) assert.ok(r.status === 200 || r.status === 201, `${v}: HTTP ${r.status}`);
      const balance = answers[0].body.data?.balance;
      assert.equal(balance, 0, `${v} is not a currency the fund holds`);
    }
  });

  it('raw bodies that are not JSON objects', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string(),
        fc.constantFrom(...catalogue.endpoints.filter((e) => e.api !== 'plant-store' && e.method === 'POST').map((e) => e.path)),
        async (text, path) => {
          const res = await fetch(sb.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text });
          assert.ok(res.status < 500);
          await res.json();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a body over the size limit gets 413 with the reason', async () => {
    const res = await fetch(`${sb.url}/api/v2/user/submit-kyc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'x'.repeat(26 * 1024 * 1024),
    });
    assert.equal(res.status, 413);
    assert.match(((await res.json()) as { message: string }).message, /larger than 25 MB/);
  });

  it('QR decoding of arbitrary text answers 33, not a crash', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.stringMatching(/^000201[0-9A-Za-z]{0,60}$/)), async (qr) => {
        const res = await fetch(`${sb.url}/api/v2/public/get-qr-code-info?qrContent=${encodeURIComponent(qr)}`);
        const body = (await res.json()) as { errorCode: number };
        assert.ok(res.status === 201 || res.status === 200);
        if (res.status === 201) assert.equal(body.errorCode, 33);
      }),
      { numRuns: 100 },
    );
  });
});
