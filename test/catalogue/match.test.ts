import assert from 'node:assert/strict';
import { matchRequest } from '../../engine/catalogue/index';
import type { Endpoint } from '../../engine/catalogue/types';

describe('matchRequest', () => {
  it('matches a payout v2 request under {{base_url}}', () => {
    const m = matchRequest('POST', '{{base_url}}/api/v2/orders/details');
    assert.equal(m.endpoint?.id, 'v2.orders.details');
    assert.equal(m.base, 'base_url');
    assert.equal(m.path, '/api/v2/orders/details');
    assert.equal(m.reason, undefined);
  });

  it('matches a plant path with a templated param and a query', () => {
    const m = matchRequest('GET', '{{plant_base_url}}/plant/{{id}}?x=1&name=a%20b&t={{$randomInt 1 9}}');
    assert.equal(m.endpoint?.api, 'plant-store');
    assert.equal(m.endpoint?.path, '/plant/{plantId}');
    assert.deepEqual(m.pathParams, { plantId: '{{id}}' });
    assert.deepEqual(m.query, { x: '1', name: 'a b', t: '{{$randomInt 1 9}}' });
  });

  it('prefers a literal path over a templated one (/user/login is not /user/{username})', () => {
    assert.equal(matchRequest('GET', '{{plant_base_url}}/user/login').endpoint?.path, '/user/login');
    const m = matchRequest('GET', '{{plant_base_url}}/user/alice');
    assert.equal(m.endpoint?.path, '/user/{username}');
    assert.deepEqual(m.pathParams, { username: 'alice' });
  });

  it('keeps the two /v3 surfaces apart', () => {
    assert.equal(matchRequest('POST', '{{base_url}}/v3/auth/tokens').endpoint?.id, 'v3.auth.tokens');
    const wrongBase = matchRequest('POST', '{{plant_base_url}}/v3/auth/tokens');
    assert.equal(wrongBase.endpoint, undefined);
    assert.equal(wrongBase.suggestion?.id, 'v3.auth.tokens');
    assert.match(wrongBase.reason!, /payout service path.*\{\{base_url\}\}\/v3\/auth\/tokens/);
    const plantUnderPayout = matchRequest('PUT', '{{base_url}}/plant');
    assert.equal(plantUnderPayout.endpoint, undefined);
    assert.equal(plantUnderPayout.suggestion?.api, 'plant-store');
    assert.match(plantUnderPayout.reason!, /\{\{plant_base_url\}\}\/plant/);
    const doubleV3 = matchRequest('GET', '{{plant_base_url}}/v3/plant/5');
    assert.equal(doubleV3.endpoint, undefined);
    assert.match(doubleV3.reason!, /already ends in \/v3/);
  });

  it('suggests the closest known path for a typo, within the same surface', () => {
    const m = matchRequest('POST', '{{base_url}}/api/v2/order/details');
    assert.equal(m.endpoint, undefined);
    assert.equal(m.suggestion?.id, 'v2.orders.details');
    assert.match(m.reason!, /No payout service endpoint at \/api\/v2\/order\/details\. Did you mean POST \/api\/v2\/orders\/details\?/);
    assert.equal(matchRequest('POST', '{{base_url}}/api/v2/orders/create-sell-ordr').suggestion?.id, 'v2.orders.create-sell-order');
    assert.equal(matchRequest('GET', '{{plant_base_url}}/plants/search/status').suggestion?.path, '/plant/search/status');
  });

  it('says when the method is not allowed, and names the right one', () => {
    const m = matchRequest('POST', '{{base_url}}/api/v2/public/get-qr-code-info?qrContent=abc');
    assert.equal(m.endpoint, undefined);
    assert.equal(m.suggestion?.id, 'v2.public.get-qr-code-info');
    assert.match(m.reason!, /Method POST is not allowed.*use GET/);
    assert.deepEqual(m.query, { qrContent: 'abc' });
  });

  it('explains a URL that starts with no known base variable', () => {
    const typo = matchRequest('POST', '{{baseUrl}}/api/v2/account/verify');
    assert.equal(typo.endpoint, undefined);
    assert.match(typo.reason!, /\{\{baseUrl\}\} is not a known base variable.*Did you mean \{\{base_url\}\}\?/);
    const bare = matchRequest('POST', 'api/v2/account/verify');
    assert.match(bare.reason!, /does not start with a base variable/);
  });

  it('matches literal addresses: payout paths absolute, plant paths under the base prefix', () => {
    assert.equal(matchRequest('POST', 'http://127.0.0.1:4010/api/v2/account/verify').endpoint?.id, 'v2.account.verify');
    assert.equal(matchRequest('POST', 'https://sandbox.example/v3/auth/tokens').endpoint?.id, 'v3.auth.tokens');
    const plant = matchRequest('GET', 'http://127.0.0.1:4011/v3/plant/7');
    assert.equal(plant.endpoint?.path, '/plant/{plantId}');
    assert.deepEqual(plant.pathParams, { plantId: '7' });
    const none = matchRequest('GET', 'http://127.0.0.1:4010/nothing/here');
    assert.equal(none.endpoint, undefined);
    assert.ok(none.reason);
  });

  it('tolerates spacing, lower-case methods, an HTTP version and a fragment', () => {
    const m = matchRequest('get', '  {{ base_url }}/v3/orders/{{create.response.body.$.data.externalOrderId}} HTTP/1.1 ');
    assert.equal(m.endpoint?.id, 'v3.orders.get');
    assert.deepEqual(m.pathParams, { externalOrderId: '{{create.response.body.$.data.externalOrderId}}' });
    assert.equal(matchRequest('GET', '{{base_url}}/v3/public/version#top').endpoint?.id, 'v3.public.version');
  });

  it('does not match a template where the path needs a literal segment', () => {
    assert.equal(matchRequest('POST', '{{base_url}}/api/v2/orders/{{action}}').endpoint, undefined);
  });

  it('adds user endpoints under their own base variable', () => {
    const extra: Endpoint[] = [
      {
        id: 'pets.get',
        api: 'openapi',
        method: 'GET',
        path: '/pets/{petId}.json',
        base: 'pets_url',
        auth: 'none',
        title: 'A pet',
        source: 'pets.yaml',
      },
    ];
    const m = matchRequest('GET', '{{pets_url}}/pets/42.json', extra);
    assert.equal(m.endpoint?.id, 'pets.get');
    assert.deepEqual(m.pathParams, { petId: '42' });
    assert.equal(matchRequest('GET', '{{pets_url}}/pets/42.json').endpoint, undefined, 'not without extra');
    assert.equal(matchRequest('POST', '{{base_url}}/api/v2/orders/details', extra).endpoint?.id, 'v2.orders.details');
  });

  it("finds the local sandbox's helpers under {{base_url}} or a literal address, path params included", () => {
    assert.equal(matchRequest('POST', '{{base_url}}/sandbox/test-users').endpoint?.id, 'sandbox.test-users');
    const hooks = matchRequest('GET', '{{base_url}}/sandbox/webhooks?externalOrderId={{orderId}}');
    assert.equal(hooks.endpoint?.id, 'sandbox.webhooks');
    assert.deepEqual(hooks.query, { externalOrderId: '{{orderId}}' });
    const doc = matchRequest('GET', 'http://127.0.0.1:4010/sandbox/kyc-documents/1001/front');
    assert.equal(doc.endpoint?.id, 'sandbox.kyc-documents.get');
    assert.deepEqual(doc.pathParams, { kycId: '1001', document: 'front' });
    assert.match(matchRequest('POST', '{{base_url}}/sandbox/health').reason!, /Method POST is not allowed.*use GET/);
    assert.equal(matchRequest('GET', '{{base_url}}/sandbox/helth').suggestion?.id, 'sandbox.health');
  });

  it('never suggests a local sandbox helper for a mistyped /api/v2 or /v3 path', () => {
    for (const [method, url] of [
      ['POST', '/sandbox-users'],
      ['POST', '/v3/test-users'],
      ['GET', '/api/v2/health'],
      ['GET', '/v3/webhooks'],
      ['POST', '/api/v2/sandbox/test-users'],
    ]) {
      for (const base of ['{{base_url}}', 'http://127.0.0.1:4010']) {
        const m = matchRequest(method, base + url);
        assert.equal(m.endpoint, undefined, url);
        assert.notEqual(m.suggestion?.api, 'local-sandbox', `${url} suggests ${m.suggestion?.id}`);
      }
    }
  });

  it('never throws on odd input', () => {
    for (const url of [
      '',
      '{{',
      '}}',
      '{{base_url',
      '{{base_url}}',
      '{{base_url}}?',
      '%',
      '{{base_url}}/%E0%A4%A',
      '?a=%&b',
      'http://',
      '{{}}/x',
      '\u0000',
    ]) {
      const m = matchRequest('GET', url);
      assert.equal(typeof m.path, 'string', url);
    }
  });
});
