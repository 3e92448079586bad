// Issue 12 (1) and (4), against the real sandbox process:
// - a signed create whose extendInfo nests ~5,000 levels was answered 200, then serializing the
//   state overflowed the stack and the process died, losing the order. Now it is refused (5) before
//   anything is stored, on /api/v2 create-sell-order and create-cashout and /v3 scan-to-pay orders,
//   and the sandbox keeps answering;
// - writes were batched every 50 ms, so a SIGKILL lost orders already answered 200. Now every
//   answer waits for the journal's fdatasync: 5 rounds of SIGKILL during a stream of creates, and
//   every order answered with success is there after the restart.
import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { endpointById } from '../../engine/catalogue/index';
import { buildCanonical } from '../../engine/signing/canonical';
import { signText } from '../../engine/signing/rsa';
import { sellOrderBody } from '../sandbox/fixtures';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localClients, verifiedUser, type V2Client, type V3Client } from '../sandbox/client';

const HIGH_CAPS = {
  local: { funds: { USDT: 1e9 }, caps: { perTransactionUsd: 1e9, dailyUsd: 1e12, weeklyUsd: 1e12, monthlyUsd: 1e12, dailyCount: 1e9 } },
};

// As JSON text: serializing such a value is what overflows the stack, in this process too.
const DEEP = '{"a":'.repeat(5000) + '{}' + '}'.repeat(5000);

/** The body as JSON with `extendInfo` spliced in as raw text (it is not signed, doc 1 §4.13). */
function withDeepExtendInfo(body: Record<string, unknown>): string {
  return JSON.stringify({ ...body, extendInfo: '__DEEP__' }).replace('"__DEEP__"', DEEP);
}

async function postDeepV2(client: V2Client, endpointId: string, fields: Record<string, unknown>) {
  const endpoint = endpointById(endpointId)!;
  const body: Record<string, unknown> = { partnerCode: client.creds.partnerCode, ...fields };
  body.signature = signText(buildCanonical(endpoint.signedString!, body).withSecret(client.creds.secretKey), client.creds.privateKey);
  const res = await fetch(client.url + endpoint.path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: withDeepExtendInfo(body),
  });
  return (await res.json()) as { errorCode: number; message: string };
}

async function postDeepV3(client: V3Client, path: string, fields: Record<string, unknown>) {
  const res = await fetch(client.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${client.token}` },
    body: withDeepExtendInfo(fields),
  });
  return (await res.json()) as { code: string; message: string };
}

describe('reliability: the sandbox under hostile bodies and hard stops (real process, issue 12)', function () {
  this.timeout(180_000);

  describe('a deeply nested extendInfo', () => {
    let sb: SandboxProcess;
    let v2: V2Client;
    let user: string;
    before(async () => {
      sb = await startSandboxProcess({ args: ['--kyc-delay', '0'], config: HIGH_CAPS });
      ({ v2 } = localClients(sb.home));
      user = await verifiedUser(v2);
    });
    after(async () => sb?.stop());

    it('create-sell-order, create-cashout and /v3 scan-to-pay orders with 5,000 levels are refused with 5; the sandbox lives on', async () => {
      const sellId = `deep-${randomUUID()}`;
      const sell = await postDeepV2(v2, 'v2.orders.create-sell-order', {
        externalOrderId: sellId,
        currency: 'USDT',
        fiatAmount: 100000,
        userEmail: user,
        bankCode: '970436',
        bankAccountNumber: '0123456789',
        content: 'Coffee',
      });
      assert.equal(sell.errorCode, 5, sell.message);
      assert.match(sell.message, /nests more than 32 levels deep/);
      const cashoutId = `deep-${randomUUID()}`;
      const cashout = await postDeepV2(v2, 'v2.orders.create-cashout', {
        externalOrderId: cashoutId,
        userEmail: user,
        cryptoCurrency: 'USDT',
        fiatCurrency: 'VND',
        fiatAmount: 200000,
      });
      assert.equal(cashout.errorCode, 5, cashout.message);
      const { v3 } = localClients(sb.home);
      await v3.login(user);
      const v3Id = `deep-${randomUUID()}`;
      const scan = await postDeepV3(v3, '/v3/scan-to-pay/orders', {
        externalOrderId: v3Id,
        currency: 'USDT',
        fiatAmount: 150000,
        bankCode: '970436',
        bankAccountNumber: '0123456789',
        content: 'Coffee',
      });
      assert.equal(scan.code, 'INVALID_REQUEST_DATA', scan.message);

      // Past the old 50 ms persistence timer: still alive, still answering, nothing was stored.
      await new Promise((r) => setTimeout(r, 300));
      assert.ok(sb.alive(), `the sandbox exited:\n${sb.output()}`);
      for (const id of [sellId, cashoutId, v3Id])
        assert.equal((await v2.call('v2.orders.details', { externalOrderId: id })).body.errorCode, 15);
      const ok = await v2.call('v2.orders.create-sell-order', sellOrderBody(user));
      assert.equal(ok.body.success, true, ok.body.message);
    });
  });

  it('5 SIGKILLs during a stream of creates: every order answered with success is there after the restart', async () => {
    let sb = await startSandboxProcess({ args: ['--kyc-delay', '0'], config: HIGH_CAPS });
    const home = sb.home;
    let { v2 } = localClients(home);
    const user = await verifiedUser(v2);
    const confirmed: string[] = [];
    let refusedOrLost = 0;
    for (let round = 0; round < 5; round++) {
      let stop = false;
      // 8 clients creating orders back to back until the process dies under them.
      const worker = async (client: V2Client) => {
        while (!stop) {
          const id = `kill-${round}-${randomUUID()}`;
          try {
            const r = await client.call('v2.orders.create-sell-order', {
              externalOrderId: id,
              currency: 'USDT',
              fiatAmount: 100000,
              userEmail: user,
              bankCode: '970436',
              bankAccountNumber: '0123456789',
              content: 'Load',
              extendInfo: null,
            });
            if (r.body.success) confirmed.push(id);
            else refusedOrLost++;
          } catch {
            refusedOrLost++; // the connection died with the process: never confirmed
          }
        }
      };
      const client = v2;
      const workers = Array.from({ length: 8 }, () => worker(client));
      // Let some orders be confirmed in this round, then kill at once, mid-stream.
      const target = confirmed.length + 40;
      while (confirmed.length < target) await new Promise((r) => setTimeout(r, 5));
      await sb.kill('SIGKILL');
      stop = true;
      await Promise.all(workers);
      sb = await startSandboxProcess({ home, args: ['--kyc-delay', '0'], config: HIGH_CAPS });
      ({ v2 } = localClients(home));
    }
    try {
      const lost: string[] = [];
      for (const id of confirmed) {
        const r = await v2.call('v2.orders.details', { externalOrderId: id });
        if (!r.body.success) lost.push(id);
      }
      assert.ok(confirmed.length >= 200, `${confirmed.length} confirmed`);
      assert.deepEqual(lost, [], `${lost.length} of ${confirmed.length} confirmed orders lost (${refusedOrLost} requests unconfirmed)`);
    } finally {
      await sb.stop();
    }
  });
});
