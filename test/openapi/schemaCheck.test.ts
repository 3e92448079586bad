// checkResponse: a response body against its operation's documented schema.

import assert from 'node:assert/strict';
import { checkResponse, validateSchema } from '../../engine/openapi/schemaCheck';
import { plantStoreApi } from '../../engine/openapi/plantStore';
import { loadOpenApiFile } from '../../engine/openapi/userDocuments';

const { endpoints: plantStoreEndpoints } = plantStoreApi();

const plant = (opId: string) => plantStoreEndpoints.find((e) => e.id === `plant-store.${opId}`)!;

describe('checkResponse', () => {
  it('accepts a body that matches (extra members allowed, nothing required)', () => {
    assert.deepEqual(
      checkResponse(plant('getPlantById'), 200, { id: 1, name: 'Aloe', status: 'whatever', tags: ['a'], category: 'x' }),
      [],
    );
    assert.deepEqual(checkResponse(plant('getPlantById'), 200, {}), []);
    assert.deepEqual(checkResponse(plant('findPlantsByStatus'), 200, []), []);
  });

  it('flags wrong types with the path into the body', () => {
    assert.deepEqual(checkResponse(plant('getPlantById'), 200, { id: '7', tags: ['a', 3] }), [
      { path: '$.id', message: 'expected integer, got string "7"' },
      { path: '$.tags[1]', message: 'expected string, got number 3' },
    ]);
    assert.deepEqual(checkResponse(plant('getPlantById'), 200, { id: 1.5 }), [
      { path: '$.id', message: 'expected integer, got number 1.5' },
    ]);
    assert.deepEqual(checkResponse(plant('findPlantsByTags'), 200, [{ id: 1 }, { name: false }]), [
      { path: '$[1].name', message: 'expected string, got boolean false' },
    ]);
    assert.deepEqual(checkResponse(plant('findPlantsByTags'), 200, { id: 1 }), [{ path: '$', message: 'expected array, got an object' }]);
    assert.deepEqual(checkResponse(plant('loginUser'), 200, 42), [{ path: '$', message: 'expected string, got number 42' }]);
  });

  it('bodies "of any type" (PUT 400/404) and undocumented statuses pass', () => {
    assert.deepEqual(checkResponse(plant('updatePlant'), 404, 'Plant not found'), []);
    assert.deepEqual(checkResponse(plant('updatePlant'), 400, { anything: [1] }), []);
    assert.deepEqual(checkResponse(plant('getPlantById'), 500, 'oops'), []);
  });

  it('checks required members, enums, nullable and range/default statuses of a third-party document', () => {
    const eps = loadOpenApiFile('test/fixtures/openapi/library/library.openapi.yaml').endpoints;
    const getBook = eps.find((e) => e.path === '/books/{bookId}')!;
    const issues = checkResponse(getBook, 200, { id: 3, title: 'Dune', genre: 'poetry', author: { contact: 'x' } });
    assert.deepEqual(issues, [
      { path: '$.genre', message: 'string "poetry" is not one of "fiction", "history", "science"' },
      { path: '$.author', message: 'required member "name" is missing' },
    ]);
    // 404 falls under 4XX: Problem requires title and status; detail is nullable.
    assert.deepEqual(checkResponse(getBook, 404, { title: 'Not found', status: 404, detail: null }), []);
    assert.deepEqual(checkResponse(getBook, 404, { title: 'Not found' }), [{ path: '$', message: 'required member "status" is missing' }]);
    // The recursive part (author.books[] of Book) is cut, not looped over.
    assert.deepEqual(checkResponse(getBook, 200, { id: 1, title: 't', author: { name: 'n', books: [{ any: 'thing' }] } }), []);
  });

  it('validateSchema covers additionalProperties, const, anyOf, min/max', () => {
    assert.deepEqual(validateSchema({ type: 'object', additionalProperties: false, properties: { a: {} } }, { a: 1, 'b-c': 2 }), [
      { path: '$["b-c"]', message: 'member "b-c" is not in the schema (additionalProperties is false)' },
    ]);
    assert.deepEqual(validateSchema({ const: 'x' }, 'y'), [{ path: '$', message: 'expected "x", got string "y"' }]);
    assert.deepEqual(validateSchema({ anyOf: [{ type: 'string' }, { type: 'integer' }] }, 3), []);
    assert.equal(validateSchema({ anyOf: [{ type: 'string' }, { type: 'integer' }] }, 3.5).length, 1);
    assert.deepEqual(validateSchema({ type: 'integer', minimum: 1, maximum: 3 }, 0), [{ path: '$', message: '0 is below the minimum 1' }]);
    assert.deepEqual(validateSchema({ type: ['string', 'null'] }, null), []);
    assert.deepEqual(validateSchema(false, 1), [{ path: '$', message: 'no value is allowed here, got number 1' }]);
  });
});
