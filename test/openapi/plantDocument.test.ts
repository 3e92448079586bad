// The plant store document (contracts/plant-store.openapi.json) against seed 002, and the
// endpoints the loader makes of it.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import { PLANT_STORE_DOCUMENT, plantStoreApi } from '../../engine/openapi/plantStore';

const { endpoints: plantStoreEndpoints, problems: plantStoreProblems } = plantStoreApi();

const text = readFileSync(PLANT_STORE_DOCUMENT, 'utf8');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test pokes into the raw document
const fresh = (): any => JSON.parse(text);

function endpoint(opId: string) {
  const e = plantStoreEndpoints.find((x) => x.id === `plant-store.${opId}`);
  assert.ok(e, `no endpoint plant-store.${opId}`);
  return e;
}

describe('plant store OpenAPI document', () => {
  it('validates as OpenAPI 3.1.0, version 1.0.0, server under /v3', async () => {
    const doc = fresh();
    const result = await validate(doc);
    assert.equal(result.valid, true, JSON.stringify(result));
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '1.0.0');
    assert.match(doc.servers[0].url, /\/v3$/);
  });

  it('the validator used above does reject a broken copy (so the check above means something)', async () => {
    const doc = fresh();
    doc.paths['/plant/{plantId}'].get.parameters[0].required = false; // path params must be required
    delete doc.paths['/plant'].put.responses;
    const result = await validate(doc);
    assert.equal(result.valid, false);
  });

  it('has the schemas of doc 3 §2: no id and nothing required in Plant, plain-string status in PlantResponse', () => {
    const s = fresh().components.schemas;
    assert.deepEqual(Object.keys(s.Plant.properties), ['name', 'category', 'tags', 'status']);
    assert.deepEqual(s.Plant.properties.status.enum, ['available', 'pending', 'sold']);
    assert.deepEqual(s.PlantResponse.properties.status, { type: 'string', description: 'Typed as plain string in this shape.' });
    assert.deepEqual(Object.keys(s.PlantResponse.properties), ['id', 'name', 'status', 'tags']);
    assert.deepEqual(Object.keys(s.User.properties), ['id', 'username', 'email']);
    for (const name of ['Plant', 'PlantResponse', 'User']) assert.equal(s[name].required, undefined, `${name} must require nothing`);
  });

  it('marks every "not shown" choice with x-assumption', () => {
    const doc = fresh();
    assert.ok(doc.paths['/plant'].post['x-assumption'], 'add plant');
    assert.ok(doc.paths['/user/login'].get['x-assumption'], 'login');
    assert.ok(doc.paths['/user/auth/logout'].get.responses['200']['x-assumption'], 'logout response');
    assert.ok(doc.paths['/plant/search/status'].get.parameters[0]['x-assumption'], 'status enum');
    assert.ok(doc.webhooks.plantEvents['x-assumption'], 'plantEvents');
    assert.ok(doc.info['x-assumption'], 'authentication');
  });

  it('loads without problems into the eight operations, all unsigned under plant_base_url', () => {
    assert.deepEqual(plantStoreProblems, []);
    assert.deepEqual(plantStoreEndpoints.map((e) => `${e.method} ${e.path}`).sort(), [
      'GET /plant/search/status',
      'GET /plant/search/tags',
      'GET /plant/{plantId}',
      'GET /user/auth/logout',
      'GET /user/login',
      'GET /user/{username}',
      'POST /plant',
      'PUT /plant',
    ]);
    for (const e of plantStoreEndpoints) {
      assert.equal(e.api, 'plant-store');
      assert.equal(e.base, 'plant_base_url');
      assert.equal(e.auth, 'none');
      assert.ok(e.title.length > 0);
    }
  });

  it('gives the fields completion needs: status enum, integer plantId, comma-separated tags array', () => {
    const status = endpoint('findPlantsByStatus').query?.find((q) => q.name === 'status');
    assert.deepEqual(status?.enum, ['available', 'pending', 'sold']);
    assert.equal(status?.required, false);
    assert.ok(status?.assumption);

    const plantId = endpoint('getPlantById').pathParams?.[0];
    assert.deepEqual([plantId?.name, plantId?.type, plantId?.required], ['plantId', 'integer', true]);

    const tags = endpoint('findPlantsByTags').query?.[0];
    assert.deepEqual([tags?.name, tags?.type, tags?.items, tags?.format], ['tags', 'array', 'string', 'comma-list']);

    const body = endpoint('updatePlant').body ?? [];
    assert.deepEqual(
      body.map((f) => [f.name, f.type, f.required]),
      [
        ['name', 'string', false],
        ['category', 'string', false],
        ['tags', 'array', false],
        ['status', 'string', false],
      ],
    );
    assert.deepEqual(body.find((f) => f.name === 'status')?.enum, ['available', 'pending', 'sold']);
    assert.ok(endpoint('updatePlant').notes?.some((n) => /400: Invalid ID supplied/.test(n)));
    assert.ok(endpoint('updatePlant').notes?.some((n) => /404: Plant not found/.test(n)));
  });

  it('describes the responses: PlantResponse, plant lists, User, the login token', () => {
    assert.deepEqual(
      endpoint('getPlantById').response?.fields?.map((f) => `${f.name}:${f.type}`),
      ['id:integer', 'name:string', 'status:string', 'tags:array'],
    );
    assert.equal(endpoint('getPlantById').response?.fields?.find((f) => f.name === 'status')?.enum, undefined);
    assert.equal((endpoint('findPlantsByTags').responseSchemas?.['200'] as { type: string }).type, 'array');
    assert.deepEqual(
      endpoint('getUserByName').response?.fields?.map((f) => `${f.name}:${f.type}`),
      ['id:integer', 'username:string', 'email:string'],
    );
    assert.deepEqual(endpoint('loginUser').responseSchemas?.['200'], { type: 'string' });
    assert.deepEqual(
      endpoint('loginUser').query?.map((q) => [q.name, q.required]),
      [
        ['username', true],
        ['password', true],
      ],
    );
    assert.equal(endpoint('logoutUser').responseSchemas, undefined);
  });
});
