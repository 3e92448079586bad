import assert from 'node:assert/strict';
import { catalogue, endpointById } from '../../engine/catalogue/index';
import { endpointHeadings, describeWithSeeds, readSeed, section } from './seedDoc';

const doc1 = readSeed('000');
const doc2 = readSeed('001');
const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

describeWithSeeds('catalogue endpoints against the documents', () => {
  const v2 = catalogue.endpoints.filter((e) => e.api === 'payout-v2');
  const v3 = catalogue.endpoints.filter((e) => e.api === 'payout-v3');

  it('has every endpoint heading of doc 1 §4, and no v2 endpoint the document lacks', () => {
    const documented = endpointHeadings(doc1);
    assert.equal(documented.length, 16, 'doc 1 §4 documents 16 endpoints');
    assert.deepEqual(new Set(v2.map(key)), new Set(documented.map(key)));
    assert.equal(v2.length, documented.length, 'no endpoint listed twice');
  });

  it('has every endpoint heading of doc 2 §4 on the v3 surface', () => {
    const documented = endpointHeadings(doc2);
    assert.equal(documented.length, 5);
    const have = new Set(v3.map(key));
    for (const d of documented) assert.ok(have.has(key(d)), `missing ${key(d)} (doc 2 §${d.number})`);
  });

  it('marks every v3 endpoint doc 2 does not document (or only half documents) with an assumption', () => {
    const documented = new Set(endpointHeadings(doc2).map(key));
    for (const e of v3) {
      if (!documented.has(key(e))) assert.ok(e.assumption, `${e.id} is not in doc 2 and must say why it exists`);
    }
    for (const id of [
      'v3.scan-to-pay.qr-decodings',
      'v3.public.version',
      'v3.simulate.scan-to-pay.outcomes',
      'v3.simulate.cashout.outcomes',
    ]) {
      assert.ok(endpointById(id)?.assumption, `${id}: shape not shown, so the choice is marked`);
    }
  });

  it('gives the auth kind each document states', () => {
    for (const e of v2) {
      const expected = e.path.startsWith('/api/v2/public/') ? 'public' : 'signed-v2';
      assert.equal(e.auth, expected, e.id);
    }
    // Doc 1 §4.0: every signed endpoint is a POST.
    for (const e of v2.filter((x) => x.auth === 'signed-v2')) assert.equal(e.method, 'POST', e.id);
    // Doc 2 §5.6: only these three need no token.
    const tokenFree = v3
      .filter((e) => e.auth === 'public' || e.auth === 'token-exchange')
      .map((e) => e.path)
      .sort();
    assert.deepEqual(tokenFree, ['/v3/auth/tokens', '/v3/public/version', '/v3/scan-to-pay/qr-decodings']);
    for (const e of v3.filter((x) => x.path.startsWith('/v3/simulate/'))) assert.equal(e.auth, 'sandbox-only');
    for (const e of catalogue.endpoints.filter((x) => x.api === 'plant-store')) assert.equal(e.base, 'plant_base_url');
    for (const e of [...v2, ...v3]) assert.equal(e.base, 'base_url', e.id);
  });

  it("holds nothing the documents lack except the local sandbox's helpers, which no document has", () => {
    const helpers = catalogue.endpoints.filter((e) => e.api === 'local-sandbox');
    const documented = catalogue.endpoints.filter((e) => e.api !== 'local-sandbox');
    assert.deepEqual(new Set(documented.map((e) => e.api)), new Set(['payout-v2', 'payout-v3', 'plant-store']));
    assert.deepEqual(helpers.map(key).sort(), [
      'DELETE /sandbox/faults',
      'GET /sandbox/health',
      'GET /sandbox/kyc-documents/{kycId}/{document}',
      'GET /sandbox/orders/{externalOrderId}/qr',
      'GET /sandbox/webhooks',
      'POST /sandbox/faults',
      'POST /sandbox/test-users',
    ]);
    for (const e of helpers) {
      assert.ok(!doc1.includes(e.path) && !doc2.includes(e.path), `${e.path} is not in the documents`);
      assert.equal(e.base, 'base_url', e.id);
      assert.equal(e.auth, 'none', e.id);
      assert.ok(
        e.notes?.some((n) => /only in payout-http's local sandbox/.test(n)),
        `${e.id} says it is local only`,
      );
    }
  });

  it('has unique ids and cites a section of the document that exists', () => {
    const ids = catalogue.endpoints.map((e) => e.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const e of v2) {
      const n = /^doc 1 §(4\.\d+)$/.exec(e.source)?.[1];
      assert.ok(n, `${e.id} source ${e.source}`);
      assert.ok(section(doc1, `${n} ${e.method} ${e.path}`), e.id);
    }
  });

  it('takes the public endpoints exactly as doc 1 §4.7 and §4.8 say', () => {
    const qr = endpointById('v2.public.get-qr-code-info')!;
    assert.equal(qr.method, 'GET');
    assert.deepEqual(
      qr.query?.map((f) => [f.name, f.type, f.required]),
      [['qrContent', 'string', true]],
    );
    assert.equal(qr.body, undefined);
    const gen = endpointById('v2.public.generate-philippines-qrcode')!;
    assert.deepEqual(
      gen.body?.map((f) => [f.name, f.type, f.minimum]),
      [['amount', 'number', 200]],
    );
  });
});
