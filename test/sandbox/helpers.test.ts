// The sandbox's own helpers are routed from the catalogue (api 'local-sandbox'): each one answers at
// the path the catalogue gives it, with the response members the catalogue lists, and the URLs the
// sandbox hands out (KYC read-back, order QR) are those paths. In process, on a real socket.
import { strict as assert } from 'node:assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogue, endpointById, responseFields } from '../../engine/catalogue/index';
import { matchRequest } from '../../engine/catalogue/match';
import { startSandbox, type RunningSandbox } from '../../engine/sandbox/server';
import { kycFields, localClients, type V2Client } from './client';

describe('sandbox helpers (routed from the catalogue)', () => {
  let sb: RunningSandbox;
  let v2: V2Client;

  before(async () => {
    sb = await startSandbox({ home: mkdtempSync(join(tmpdir(), 'payout-helpers-')), kycDelayMs: 0 });
    ({ v2 } = localClients(sb.home));
  });
  after(async () => sb?.close());

  const get = async (url: string, method = 'GET', body?: unknown) => {
    const res = await fetch(url, { method, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the sandbox's JSON answer; each test checks the fields it reads
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  it('answers every helper of the catalogue at its path, with the members the catalogue lists', async () => {
    const userEmail = (await get(`${sb.url}/sandbox/test-users`, 'POST')).body.userEmail as string;
    assert.equal((await v2.call('v2.user.submit-kyc', { userEmail, ...kycFields() })).body.success, true);
    const profile = (await v2.call('v2.user.get-kyc-information', { userEmail })).body.data;
    const urls: Record<string, string> = {
      'sandbox.kyc-documents.get': profile.frontUrl,
      'sandbox.orders.qr': `${sb.url}/sandbox/orders/none/qr`,
    };
    const helpers = catalogue.endpoints.filter((e) => e.api === 'local-sandbox');
    assert.equal(helpers.length, 7);
    // The one helper that takes a body; the fault it adds is cleared by the DELETE listed after it.
    const bodies: Record<string, unknown> = { 'sandbox.faults.add': { endpoint: 'v2.wallet.balance', errorCode: 9, times: 1 } };
    for (const e of helpers) {
      const url = urls[e.id] ?? `${sb.url}${e.path}`;
      // The URL the sandbox handed out is the catalogue's own path.
      assert.equal(matchRequest(e.method, url).endpoint?.id, e.id, url);
      const r = await get(url, e.method, bodies[e.id]);
      if (e.id === 'sandbox.orders.qr') {
        assert.deepEqual(r, { status: 404, body: { message: 'No scan-to-pay order with that id' } });
        continue;
      }
      assert.equal(r.status, 200, `${e.id}: ${JSON.stringify(r.body)}`);
      for (const f of responseFields(e).filter((x) => x.required === true)) assert.ok(f.name in r.body, `${e.id} answers ${f.name}`);
    }
  });

  it("refuses path parameters outside the catalogue's types, and other methods", async () => {
    const doc = endpointById('sandbox.kyc-documents.get')!;
    assert.equal(doc.pathParams!.find((p) => p.name === 'document')!.enum!.includes('report'), false);
    for (const path of ['/sandbox/kyc-documents/1001/report', '/sandbox/kyc-documents/abc/front']) {
      assert.match((await get(`${sb.url}${path}`)).body.message, /^No endpoint at GET/, path);
    }
    assert.equal((await get(`${sb.url}/sandbox/health`, 'POST')).status, 404);
  });
});
