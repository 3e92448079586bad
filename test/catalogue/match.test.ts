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

  it('compares a typed path with a parameterised one segment by segment: /plnt/5 is GET /plant/{plantId}, not PUT /plant', () => {
    const m = matchRequest('GET', '{{plant_base_url}}/plnt/5');
    assert.equal(`${m.suggestion?.method} ${m.suggestion?.path}`, 'GET /plant/{plantId}');
    assert.equal(matchRequest('GET', '{{plant_base_url}}/usr/alice').suggestion?.path, '/user/{username}');
    // without a segment to stand for the parameter, the template is compared as written
    assert.equal(matchRequest('PUT', '{{plant_base_url}}/plnt').suggestion?.path, '/plant');
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

/** A user's OpenAPI endpoint, under its own base variable. */
function userEndpoint(over: Partial<Endpoint>): Endpoint {
  return {
    id: 'pets.get',
    api: 'openapi',
    method: 'GET',
    path: '/pets/{petId}',
    base: 'pets_url',
    auth: 'none',
    title: 'A pet',
    source: 'pets.yaml',
    ...over,
  };
}

// With a user's OpenAPI documents the built-in catalogue is indexed again together with them, and
// closest-path suggestions are remembered per index for the life of the process. A new list on each
// call gives a fresh index and an empty memory, so these assertions exercise the matching itself,
// never an answer remembered from an earlier test (the mutation runner runs every mutant in one process).
const withUserApi = (method: string, url: string, extra: Endpoint[] = [userEndpoint({})]) => matchRequest(method, url, extra);

describe('matchRequest with a user API loaded (the catalogue indexed again)', () => {
  it('still matches the built-in endpoints: literal paths over templated ones, path params decoded', () => {
    assert.equal(withUserApi('POST', '{{base_url}}/api/v2/orders/details').endpoint?.id, 'v2.orders.details');
    assert.equal(withUserApi('GET', '{{plant_base_url}}/user/login').endpoint?.id, 'plant-store.loginUser');
    const user = withUserApi('GET', '{{plant_base_url}}/user/alice');
    assert.equal(user.endpoint?.id, 'plant-store.getUserByName');
    assert.deepEqual(user.pathParams, { username: 'alice' });
    const plant = withUserApi('GET', '{{plant_base_url}}/plant/a%20b');
    assert.equal(plant.endpoint?.id, 'plant-store.getPlantById');
    assert.deepEqual(plant.pathParams, { plantId: 'a b' });
    const doc = withUserApi('GET', '{{base_url}}/sandbox/kyc-documents/1001/front');
    assert.equal(doc.endpoint?.id, 'sandbox.kyc-documents.get');
    assert.deepEqual(doc.pathParams, { kycId: '1001', document: 'front' });
    assert.equal(withUserApi('GET', '{{pets_url}}/pets/42').endpoint?.id, 'pets.get');
  });

  it('suggests the closest path for a typo, a same-method endpoint winning a tie', () => {
    const m = withUserApi('POST', '{{base_url}}/api/v2/order/details');
    assert.equal(m.suggestion?.id, 'v2.orders.details');
    assert.equal(m.reason, 'No payout service endpoint at /api/v2/order/details. Did you mean POST /api/v2/orders/details?');
    // POST and DELETE /sandbox/faults are equally close to /sandbox/fault.
    assert.equal(withUserApi('DELETE', '{{base_url}}/sandbox/fault').suggestion?.id, 'sandbox.faults.clear');
    assert.equal(withUserApi('POST', '{{base_url}}/sandbox/fault').suggestion?.id, 'sandbox.faults.add');
    // PUT and POST /plant are equally close to /plnt.
    assert.equal(withUserApi('PUT', '{{plant_base_url}}/plnt').suggestion?.id, 'plant-store.updatePlant');
    assert.equal(withUserApi('POST', '{{plant_base_url}}/plnt').suggestion?.id, 'plant-store.addPlant');
    assert.equal(withUserApi('GET', '{{plant_base_url}}/plants/search/status').suggestion?.id, 'plant-store.findPlantsByStatus');
  });

  it('suggests an endpoint of the real service (never a local sandbox helper) for a mistyped path, a helper under /sandbox', () => {
    for (const [method, url] of [
      ['POST', '/sandbox-users'],
      ['POST', '/v3/test-users'],
      ['GET', '/api/v2/health'],
      ['GET', '/v3/webhooks'],
      ['POST', '/api/v2/sandbox/test-users'],
    ]) {
      // the catalogue's own index, and a fresh one with a user API added
      for (const [base, match] of ['{{base_url}}', 'http://127.0.0.1:4010'].flatMap((b) => [
        [b, matchRequest] as const,
        [b, withUserApi] as const,
      ])) {
        const m = match(method, base + url);
        assert.equal(m.endpoint, undefined, url);
        // Under {{base_url}} a payout endpoint; a literal address is compared with every API's endpoints.
        const expected = base === '{{base_url}}' ? /^payout-v[23]$/ : /^(payout-v[23]|plant-store|openapi)$/;
        assert.match(m.suggestion?.api ?? 'none', expected, `${base}${url} suggests ${m.suggestion?.id}`);
      }
    }
    assert.equal(withUserApi('GET', '{{base_url}}/sandbox/helth').suggestion?.id, 'sandbox.health');
    assert.equal(withUserApi('GET', 'http://127.0.0.1:4010/sandbox/helth').suggestion?.id, 'sandbox.health');
  });

  it('names a user API by its base variable when nothing matches there', () => {
    const m = withUserApi('GET', '{{pets_url}}/pet/42');
    assert.equal(m.endpoint, undefined);
    assert.equal(m.suggestion?.id, 'pets.get');
    assert.equal(m.reason, 'No {{pets_url}} API endpoint at /pet/42. Did you mean GET /pets/{petId}?');
  });

  it('keeps every method of a templated path that several endpoints share', () => {
    const extra = () => [userEndpoint({}), userEndpoint({ id: 'pets.delete', method: 'DELETE' })];
    assert.equal(withUserApi('GET', '{{pets_url}}/pets/42', extra()).endpoint?.id, 'pets.get');
    const del = withUserApi('DELETE', '{{pets_url}}/pets/42', extra());
    assert.equal(del.endpoint?.id, 'pets.delete');
    assert.deepEqual(del.pathParams, { petId: '42' });
    const put = withUserApi('PUT', '{{pets_url}}/pets/42', extra());
    assert.equal(put.endpoint, undefined);
    assert.equal(put.reason, 'Method PUT is not allowed on /pets/42: use GET, DELETE.');
  });

  it('reads a parameter written inside a segment with text around it (`v{version}`, `{name}.json`)', () => {
    const m = withUserApi('GET', '{{pets_url}}/files/v2/report.json', [
      userEndpoint({ id: 'files.get', path: '/files/v{version}/{name}.json' }),
    ]);
    assert.equal(m.endpoint?.id, 'files.get');
    assert.deepEqual(m.pathParams, { version: '2', name: 'report' });
  });

  it("does not match a literal address to a user API's `/` or `/{param}` through a trailing slash or a template segment", () => {
    const extra = () => [userEndpoint({ id: 'root', path: '/' }), userEndpoint({ id: 'byId', path: '/{id}' })];
    assert.equal(withUserApi('GET', 'http://127.0.0.1:4010/nothing/', extra()).endpoint, undefined);
    assert.equal(withUserApi('GET', 'http://127.0.0.1:4010/nothing/{{id}}', extra()).endpoint, undefined);
  });
});

describe('matchRequest: path parameters, methods, surfaces and reasons', () => {
  it('does not match a path whose parameter is missing, empty or followed by more segments', () => {
    for (const url of [
      '/v3/orders',
      '/v3/orders/',
      '/v3/orders/abc/extra',
      '/sandbox/kyc-documents/1001',
      '/sandbox/kyc-documents//front',
    ]) {
      const m = matchRequest('GET', `{{base_url}}${url}`);
      assert.equal(m.endpoint, undefined, url);
      assert.match(m.reason!, /^No payout service endpoint at /, url);
    }
  });

  it('lists every allowed method when the method is wrong, under a base variable or a literal address', () => {
    const faults = matchRequest('GET', '{{base_url}}/sandbox/faults');
    assert.equal(faults.reason, 'Method GET is not allowed on /sandbox/faults: use POST, DELETE.');
    assert.equal(
      matchRequest('GET', 'http://127.0.0.1:4010/sandbox/faults').reason,
      'Method GET is not allowed on /sandbox/faults: use POST, DELETE.',
    );
    const order = matchRequest('POST', 'http://127.0.0.1:4010/v3/orders/abc');
    assert.equal(order.endpoint, undefined);
    assert.equal(order.suggestion?.id, 'v3.orders.get');
    assert.deepEqual(order.pathParams, { externalOrderId: 'abc' });
    assert.equal(order.reason, 'Method POST is not allowed on /v3/orders/abc: use GET.');
  });

  it('points a path of the other surface at the endpoint of the same method, with the right base', () => {
    const plant = matchRequest('POST', '{{base_url}}/plant');
    assert.equal(plant.suggestion?.id, 'plant-store.addPlant');
    assert.equal(plant.reason, '/plant is a plant store path, not a payout service one: write {{plant_base_url}}/plant.');
    const tokens = matchRequest('POST', '{{plant_base_url}}/v3/auth/tokens');
    assert.equal(tokens.reason, '/v3/auth/tokens is a payout service path, not a plant store one: write {{base_url}}/v3/auth/tokens.');
    const doubled = matchRequest('POST', '{{plant_base_url}}/v3/plant');
    assert.equal(doubled.suggestion?.id, 'plant-store.addPlant');
    assert.equal(doubled.reason, '{{plant_base_url}} already ends in /v3: write {{plant_base_url}}/plant.');
  });

  it('says "already ends in /v3" only for a plant path written with /v3 (not for {{base_url}}, not for /v2)', () => {
    const v3v3 = matchRequest('POST', '{{base_url}}/v3/v3/auth/tokens');
    assert.equal(v3v3.endpoint, undefined);
    assert.equal(v3v3.reason, 'No payout service endpoint at /v3/v3/auth/tokens. Did you mean POST /v3/auth/tokens?');
    const v2 = matchRequest('GET', '{{plant_base_url}}/v2/user/login');
    assert.equal(v2.endpoint, undefined);
    assert.equal(v2.reason, 'No plant store endpoint at /v2/user/login. Did you mean GET /user/login?');
  });

  it('suggests the nearest base variable only when it is a near miss', () => {
    assert.match(matchRequest('GET', '{{plant_base_ur}}/plant/1').reason!, /Did you mean \{\{plant_base_url\}\}\?$/);
    assert.match(matchRequest('GET', '{{base_ur}}/v3/public/version').reason!, /Did you mean \{\{base_url\}\}\?$/);
    assert.match(matchRequest('GET', '{{base_urlxyz}}/v3/public/version').reason!, /Did you mean \{\{base_url\}\}\?$/);
    assert.equal(
      matchRequest('GET', '{{api}}/v3/public/version').reason,
      '{{api}} is not a known base variable: payout requests start with {{base_url}}, plant store requests with {{plant_base_url}}.',
    );
  });

  it('reads the query as URLSearchParams does, and only after the `?`', () => {
    assert.deepEqual(matchRequest('POST', '{{base_url}}/api/v2/orders/details').query, {});
    assert.deepEqual(matchRequest('GET', '{{base_url}}/v3/public/version?').query, {});
    for (const q of ['a=1&b=2', 'flag', '&&a=1&', '=x', 'q=a+b', 'a+b=1', 'a%2Bb=c%2Bd', 'a=1=2', 'x=%20y', 'a=1&a=2', 'e=']) {
      const m = matchRequest('GET', `{{base_url}}/v3/public/version?${q}`);
      assert.equal(m.endpoint?.id, 'v3.public.version', q);
      assert.deepEqual(m.query, Object.fromEntries(new URLSearchParams(q)), q);
    }
  });

  it('never counts the query or the fragment as path, even right after the base', () => {
    const q = matchRequest('GET', '{{base_url}}?a=1');
    assert.equal(q.path, '');
    assert.deepEqual(q.query, { a: '1' });
    assert.equal(matchRequest('GET', '{{base_url}}#top').path, '');
  });

  it('tolerates a padded method and an HTTP version after several spaces, with or without a minor number', () => {
    assert.equal(matchRequest(' post ', '{{base_url}}/api/v2/orders/details  HTTP/2').endpoint?.id, 'v2.orders.details');
    assert.equal(matchRequest('GET', '{{base_url}}/v3/public/version\tHTTP/1.0').endpoint?.id, 'v3.public.version');
  });

  it('matches a path-only URL as an absolute payout path, even with an address in its query', () => {
    const m = matchRequest('POST', '/api/v2/account/verify');
    assert.equal(m.endpoint?.id, 'v2.account.verify');
    assert.equal(m.base, undefined);
    const next = matchRequest('GET', '/v3/public/version?next=http://example.com/x');
    assert.equal(next.endpoint?.id, 'v3.public.version');
    assert.deepEqual(next.query, { next: 'http://example.com/x' });
  });

  it('explains a literal address that matches nothing, with the closest endpoint and the base variables to prefer', () => {
    assert.equal(
      matchRequest('GET', 'http://127.0.0.1:4010/v3/public/versio').reason,
      'No known endpoint at /v3/public/versio. Did you mean GET /v3/public/version? Prefer {{base_url}} or {{plant_base_url}} to a literal address.',
    );
  });

  describe('the matches met last, kept', () => {
    it('gives one frozen object per method, URL and extra: a request line repeated in a file is matched once', () => {
      const a = matchRequest('GET', '{{plant_base_url}}/plant/{{id}}?x=1');
      assert.equal(matchRequest('GET', '{{plant_base_url}}/plant/{{id}}?x=1'), a);
      assert.ok(Object.isFrozen(a) && Object.isFrozen(a.pathParams) && Object.isFrozen(a.query));
      assert.throws(() => {
        (a.query as Record<string, string>).x = '2'; // read only for the type checker too
      }, TypeError);
      assert.notEqual(matchRequest('POST', '{{plant_base_url}}/plant/{{id}}?x=1'), a, 'another method');
      assert.notEqual(matchRequest('GET', '{{plant_base_url}}/plant/{{id}}?x=2'), a, 'another URL');
      const extra: Endpoint[] = [{ ...a.endpoint!, id: 'user.plant', api: 'user' as Endpoint['api'] }];
      assert.notEqual(matchRequest('GET', '{{plant_base_url}}/plant/{{id}}?x=1', extra), a, 'other endpoints in scope');
    });

    it('gives the same answers after more distinct lines than it keeps', () => {
      const lines = Array.from({ length: 2500 }, (_, i) => `{{base_url}}/api/v2/orders/detail${i % 7 ? 's' : ''}?n=${i}`);
      const first = lines.map((l) => structuredClone({ ...matchRequest('POST', l) }));
      lines.forEach((l, i) => assert.deepEqual({ ...matchRequest('POST', l) }, first[i], l));
    });
  });
});
