// The sandbox plant store over a real node:http server on port 0, mounted the way the sandbox
// mounts it (under /plant-store/v3). Every 200 answer is also checked against the schema the
// OpenAPI document gives for it, so the store and the contract cannot drift apart.

import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPlantHandler, handlePlantRequest, resetPlantStore } from '../../engine/sandbox/plant/handler';
import { PlantStore, SANDBOX_USER } from '../../engine/sandbox/plant/store';
import { plantStoreApi } from '../../engine/openapi/plantStore';
import { checkResponse } from '../../engine/openapi/schemaCheck';

const { endpoints: plantStoreEndpoints } = plantStoreApi();

const PREFIX = '/plant-store/v3';

async function startServer(
  handler: (req: IncomingMessage, res: ServerResponse, path: string, body: string) => boolean,
): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      const handled = url.startsWith(PREFIX) && handler(req, res, url.slice(PREFIX.length), Buffer.concat(chunks).toString('utf8'));
      if (!handled) {
        res.writeHead(418, { 'Content-Type': 'text/plain' });
        res.end('not a plant path');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}${PREFIX}` };
}

describe('sandbox plant store over HTTP', () => {
  let server: Server;
  let base: string;
  let tokens = 0;

  beforeEach(async () => {
    tokens = 0;
    ({ server, base } = await startServer(createPlantHandler(new PlantStore(() => `token-${++tokens}`))));
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends, parses, and checks a 200's body against the contract's schema for the operation. */
  async function call(method: string, path: string, opId: string, body?: unknown) {
    const res = await fetch(base + path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    const json = text === '' ? undefined : JSON.parse(text);
    const endpoint = plantStoreEndpoints.find((e) => e.id === `plant-store.${opId}`);
    assert.ok(endpoint, opId);
    assert.equal(endpoint.method, method);
    assert.deepEqual(checkResponse(endpoint, res.status, json), [], `${method} ${path} answered off-contract: ${text}`);
    return { status: res.status, json, headers: res.headers };
  }

  it('GET /plant/{plantId}: 200, 400 for a non-integer id, 404 for an unknown one', async () => {
    const ok = await call('GET', '/plant/1', 'getPlantById');
    assert.equal(ok.status, 200);
    assert.deepEqual(Object.keys(ok.json), ['id', 'name', 'status', 'tags']); // PlantResponse: no category
    assert.equal(ok.json.id, 1);
    const bad = await call('GET', '/plant/abc', 'getPlantById');
    assert.equal(bad.status, 400);
    assert.match(bad.json.message, /Invalid ID supplied: plantId must be a positive integer/);
    const missing = await call('GET', '/plant/999', 'getPlantById');
    assert.equal(missing.status, 404);
    assert.match(missing.json.message, /Plant not found.*search\/status lists the plants/);
  });

  it('GET /plant/search/status: by each status, all without one, 400 outside the enum', async () => {
    const seen = new Set<string>();
    for (const status of ['available', 'pending', 'sold']) {
      const r = await call('GET', `/plant/search/status?status=${status}`, 'findPlantsByStatus');
      assert.equal(r.status, 200);
      assert.ok(r.json.length > 0, `seeded with a ${status} plant`);
      for (const p of r.json) assert.equal(p.status, status);
      r.json.forEach((p: { id: number }) => seen.add(String(p.id)));
    }
    const all = await call('GET', '/plant/search/status', 'findPlantsByStatus');
    assert.equal(all.json.length, seen.size);
    const bad = await call('GET', '/plant/search/status?status=dead', 'findPlantsByStatus');
    assert.equal(bad.status, 400);
    assert.match(bad.json.message, /use one of available, pending, sold/);
  });

  it('GET /plant/search/tags: comma-separated list, any tag matches', async () => {
    const r = await call('GET', '/plant/search/tags?tags=medicinal,outdoor', 'findPlantsByTags');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json.map((p: { name: string }) => p.name).sort(), ['Aloe vera', 'Echeveria elegans']);
    const none = await call('GET', '/plant/search/tags?tags=nope', 'findPlantsByTags');
    assert.deepEqual(none.json, []);
  });

  it('POST /plant adds (status defaults to available), then PUT /plant updates by id or by name', async () => {
    const added = await call('POST', '/plant', 'addPlant', { name: 'Pilea', category: 'Urticaceae', tags: ['indoor'] });
    assert.equal(added.status, 200);
    assert.deepEqual(added.json, { id: 5, name: 'Pilea', status: 'available', tags: ['indoor'] });
    assert.deepEqual((await call('GET', '/plant/5', 'getPlantById')).json, added.json);

    const byId = await call('PUT', '/plant', 'updatePlant', { id: 5, status: 'pending' });
    assert.deepEqual([byId.status, byId.json], [200, { id: 5, name: 'Pilea', status: 'pending', tags: ['indoor'] }]);
    const byName = await call('PUT', '/plant', 'updatePlant', { name: 'Pilea', status: 'sold', tags: [] });
    assert.deepEqual(byName.json, { id: 5, name: 'Pilea', status: 'sold', tags: [] });
    const sold = await call('GET', '/plant/search/status?status=sold', 'findPlantsByStatus');
    assert.ok(sold.json.some((p: { id: number }) => p.id === 5));
  });

  it('PUT /plant: 400 for an invalid id or none, 404 for an unknown plant, 400 for a body off the Plant shape', async () => {
    const badId = await call('PUT', '/plant', 'updatePlant', { id: 'seven', status: 'sold' });
    assert.equal(badId.status, 400);
    assert.match(badId.json.message, /Invalid ID supplied: "id" must be a positive integer/);
    const noId = await call('PUT', '/plant', 'updatePlant', { status: 'sold' });
    assert.equal(noId.status, 400);
    assert.match(noId.json.message, /name the plant to update with an integer "id" member/);
    const unknown = await call('PUT', '/plant', 'updatePlant', { id: 77, status: 'sold' });
    assert.equal(unknown.status, 404);
    const unknownName = await call('PUT', '/plant', 'updatePlant', { name: 'Nothing like it' });
    assert.equal(unknownName.status, 404);
    const badStatus = await call('PUT', '/plant', 'updatePlant', { id: 1, status: 'dead' });
    assert.equal(badStatus.status, 400);
    assert.match(badStatus.json.message, /\$\.status: string "dead" is not one of "available", "pending", "sold"/);
    const notJson = await call('PUT', '/plant', 'updatePlant', '{name:');
    assert.match(notJson.json.message, /not valid JSON/);
    const post = await call('POST', '/plant', 'addPlant', { tags: 'indoor' });
    assert.equal(post.status, 400);
    assert.match(post.json.message, /\$\.tags: expected array/);
  });

  it('GET /user/{username}: the seeded user, 404 otherwise', async () => {
    const r = await call('GET', '/user/user1', 'getUserByName');
    assert.deepEqual([r.status, r.json.username, typeof r.json.id, typeof r.json.email], [200, 'user1', 'number', 'string']);
    assert.equal((await call('GET', '/user/nobody', 'getUserByName')).status, 404);
  });

  it('GET /user/login gives a token string; wrong credentials 400; logout answers 200 with no body', async () => {
    const q = `username=${SANDBOX_USER.username}&password=${encodeURIComponent(SANDBOX_USER.password)}`;
    const ok = await call('GET', `/user/login?${q}`, 'loginUser');
    assert.deepEqual([ok.status, ok.json], [200, 'token-1']);
    const wrong = await call('GET', '/user/login?username=user1&password=nope', 'loginUser');
    assert.equal(wrong.status, 400);
    assert.equal((await call('GET', '/user/login?username=user1', 'loginUser')).status, 400);
    const out = await call('GET', '/user/auth/logout', 'logoutUser');
    assert.deepEqual([out.status, out.json, out.headers.get('content-length')], [200, undefined, '0']);
  });

  it('answers 405 with Allow for a wrong method, 404 for an unknown plant path, and leaves other paths alone', async () => {
    const del = await fetch(`${base}/plant/1`, { method: 'DELETE' });
    assert.equal(del.status, 405);
    assert.equal(del.headers.get('allow'), 'GET');
    const unknown = await fetch(`${base}/plant/1/photos`);
    assert.equal(unknown.status, 404);
    assert.match(
      ((await unknown.json()) as { message: string }).message,
      /No plant store operation at \/plant\/1\/photos; the store answers: PUT\/POST \/plant/,
    );
    const other = await fetch(`${base}/orders`);
    assert.equal(other.status, 418); // handler returned false: the host server answers
    const doc = await fetch(`${base}/openapi.json`);
    assert.equal(((await doc.json()) as { openapi: string }).openapi, '3.1.0');
  });

  it('handlePlantRequest (the sandbox entry point) serves a fresh seeded store after resetPlantStore', async () => {
    // Mounted with the query left on req.url only (a host that passes the pathname): still read.
    const own = await startServer((req, res, path, body) => handlePlantRequest(req, res, path.split('?')[0], body));
    try {
      resetPlantStore();
      await fetch(`${own.base}/plant`, { method: 'POST', body: JSON.stringify({ name: 'Temp' }) });
      assert.equal((await fetch(`${own.base}/plant/5`)).status, 200);
      resetPlantStore();
      assert.equal((await fetch(`${own.base}/plant/5`)).status, 404);
      const token = await (
        await fetch(`${own.base}/user/login?username=user1&password=${encodeURIComponent(SANDBOX_USER.password)}`)
      ).json();
      assert.match(String(token), /^plant-session-[0-9a-f-]{36}$/);
      const sold = (await (await fetch(`${own.base}/plant/search/status?status=sold`)).json()) as { status: string }[];
      assert.deepEqual(
        sold.map((p) => p.status),
        ['sold'],
      );
    } finally {
      await new Promise<void>((resolve) => own.server.close(() => resolve()));
    }
  });
});
