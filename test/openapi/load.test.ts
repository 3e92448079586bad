// loadOpenApi on a third-party style 3.0 YAML document split over two files, on 3.1 text, and on
// broken documents (problems, never exceptions).

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { validate } from '@readme/openapi-parser';
import { loadOpenApi } from '../../engine/openapi/load';
import { loadOpenApiFile } from '../../engine/openapi/userDocuments';
import type { Endpoint, FieldSpec } from '../../engine/catalogue/types';

const LIBRARY = 'test/fixtures/openapi/library/library.openapi.yaml';

function byId(endpoints: Endpoint[], id: string): Endpoint {
  const e = endpoints.find((x) => x.id === id);
  assert.ok(e, `no endpoint ${id} in ${endpoints.map((x) => x.id).join(', ')}`);
  return e;
}
const field = (fields: FieldSpec[] | undefined, name: string) => {
  const f = fields?.find((x) => x.name === name);
  assert.ok(f, `no field ${name}`);
  return f;
};

describe('loadOpenApi: library fixture (OpenAPI 3.0 YAML, $refs across two files)', () => {
  const { endpoints, problems, servers, filesRead } = loadOpenApiFile(LIBRARY, 'library_url');

  it('is itself a valid OpenAPI 3.0 document (checked by @readme/openapi-parser, which follows the file $refs)', async () => {
    const result = await validate(LIBRARY);
    assert.equal(result.valid, true, JSON.stringify(result));
  });

  it('loads every operation without problems, reading both files', () => {
    assert.deepEqual(problems, []);
    assert.deepEqual(
      endpoints.map((e) => e.id),
      ['openapi.listBooks', 'openapi.addBook', 'openapi.GET /books/{bookId}'],
    );
    assert.deepEqual(servers, ['https://library.example.invalid/api']);
    assert.equal(filesRead.length, 2);
    assert.ok(endpoints.every((e) => e.base === 'library_url' && e.api === 'openapi' && e.auth === 'none'));
  });

  it('maps query parameters, from a components $ref and from the other file', () => {
    const list = byId(endpoints, 'openapi.listBooks');
    assert.deepEqual(field(list.query, 'limit'), {
      name: 'limit',
      type: 'integer',
      required: false,
      default: 20,
      minimum: 1,
      notes: 'Page size.',
    });
    const genre = field(list.query, 'genre');
    assert.deepEqual([genre.type, genre.enum, genre.default], ['string', ['fiction', 'history', 'science'], 'fiction']);
    const isbn = field(list.query, 'isbn');
    assert.deepEqual([isbn.type, isbn.items, isbn.format], ['array', 'string', undefined]); // explode true: repeated, not a comma list
    assert.equal(list.title, 'List books');
    assert.ok(list.notes?.includes('Header X-Branch (required): Branch code.'));
  });

  it('maps the JSON body: required, date and email formats, integers, nested members through a cross-file $ref', () => {
    const body = byId(endpoints, 'openapi.addBook').body;
    assert.deepEqual(
      body?.map((f) => f.name),
      ['title', 'published', 'genre', 'pages', 'author', 'keywords'],
    );
    assert.equal(field(body, 'title').required, true);
    assert.equal(field(body, 'published').format, 'date');
    assert.equal(field(body, 'published').notes, 'First publication.');
    assert.equal(field(body, 'pages').type, 'integer');
    assert.deepEqual([field(body, 'keywords').type, field(body, 'keywords').items], ['array', 'string']);
    const author = field(body, 'author');
    assert.deepEqual([author.type, author.required], ['object', true]);
    assert.equal(field(author.members, 'contact').format, 'email');
    assert.equal(field(author.members, 'name').required, true);
  });

  it('handles the Author <-> Book cycle and allOf, and keeps response schemas', () => {
    const get = byId(endpoints, 'openapi.GET /books/{bookId}');
    assert.deepEqual(get.pathParams, [{ name: 'bookId', type: 'integer', required: true, minimum: 1 }]); // path-level parameter
    assert.equal(get.title, 'Read one book');
    const fields = get.response?.fields;
    assert.deepEqual(
      fields?.map((f) => f.name),
      ['title', 'published', 'genre', 'pages', 'author', 'keywords', 'id', 'available'],
    );
    assert.equal(field(fields, 'id').required, true);
    assert.match(field(field(fields, 'author').members, 'books').notes ?? '', /recursive/);
    assert.deepEqual(Object.keys(get.responseSchemas ?? {}), ['200', '4XX']);
    JSON.stringify(get.responseSchemas); // acyclic: would throw on a cycle
    const page = byId(endpoints, 'openapi.listBooks').response?.fields;
    assert.deepEqual([field(page, 'items').type, field(page, 'items').items], ['array', 'object']);
    assert.ok(field(field(page, 'items').members, 'author').members);
  });
});

describe('loadOpenApi: text input and options', () => {
  it('reads 3.1 YAML text with type lists, const and operation-less paths', () => {
    const yaml = [
      'openapi: 3.1.0',
      'info: { title: t, version: "1" }',
      'paths:',
      '  /things/{id}:',
      '    delete:',
      '      operationId: removeThing',
      '      description: Removes a thing',
      '      parameters:',
      '        - { name: id, in: path, required: true, schema: { type: [string, "null"], const: abc } }',
      '      responses: { "204": { description: gone } }',
    ].join('\n');
    const r = loadOpenApi(yaml, { base: 'things_url', idPrefix: 'things' });
    assert.deepEqual(r.problems, []);
    assert.equal(r.endpoints[0]?.id, 'things.removeThing');
    assert.equal(r.endpoints[0]?.method, 'DELETE');
    assert.equal(r.endpoints[0]?.title, 'Removes a thing');
    assert.deepEqual(r.endpoints[0]?.pathParams, [{ name: 'id', type: 'string', required: true, enum: ['abc'] }]);
  });

  it('accepts JSON text and an object alike', () => {
    const doc = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } },
    };
    assert.deepEqual(loadOpenApi(JSON.stringify(doc), { base: 'b' }).endpoints, loadOpenApi(doc, { base: 'b' }).endpoints);
    assert.equal(loadOpenApi(doc, { base: 'b' }).endpoints[0]?.id, 'openapi.GET /a');
  });
});

describe('loadOpenApi: broken documents give problems, not exceptions', () => {
  const cases: [string, object | string, RegExp][] = [
    ['YAML syntax error', 'openapi: 3.1.0\npaths: [1\n  /a: x', /line \d+, column \d+.*fix the YAML syntax/],
    ['not an object', '42', /not an object; an OpenAPI document starts with/],
    ['empty text', '   ', /empty/],
    ['Swagger 2.0', { swagger: '2.0', paths: {} }, /#\/swagger: Swagger 2\.0 is not supported; convert/],
    ['wrong version', { openapi: '4.0', paths: {} }, /#\/openapi: expected "3\.0\.x" or "3\.1\.x"/],
    ['no paths', { openapi: '3.1.0', info: {} }, /#\/paths: missing/],
    [
      'dangling $ref',
      {
        openapi: '3.1.0',
        paths: {
          '/a': {
            get: {
              responses: { 200: { description: 'x', content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } } } },
            },
          },
        },
      },
      /#\/paths\/~1a\/get\/responses\/200\/content\/application~1json\/schema: \$ref "#\/components\/schemas\/Nope" points to nothing.*add the missing definition/,
    ],
    ['remote $ref', { openapi: '3.1.0', paths: { '/a': { $ref: 'https://x.invalid/a.yaml' } } }, /remote document.*download it/],
    [
      'file $ref without a path',
      { openapi: '3.1.0', paths: { '/a': { $ref: './other.yaml#/a' } } },
      /given as text without a path; load it from its file/,
    ],
    [
      'undeclared path parameter',
      { openapi: '3.1.0', paths: { '/a/{x}': { get: { responses: { 200: { description: 'x' } } } } } },
      /path parameter "x" is in the path but not declared; add/,
    ],
    [
      'missing responses',
      { openapi: '3.1.0', paths: { '/a': { get: {} } } },
      /#\/paths\/~1a\/get\/responses: missing; add at least one response/,
    ],
    [
      'duplicate operationId',
      { openapi: '3.1.0', paths: { '/a': { get: { operationId: 'x', responses: {} }, post: { operationId: 'x', responses: {} } } } },
      /operationIds must be unique/,
    ],
    [
      'bad parameter',
      { openapi: '3.1.0', paths: { '/a': { get: { parameters: [{ name: 'q' }], responses: {} } } } },
      /needs "name" and "in"/,
    ],
  ];
  for (const [name, doc, expected] of cases) {
    it(name, () => {
      const r = loadOpenApi(doc, { base: 'b', sourcePath: typeof doc === 'string' ? 'api.yaml' : undefined });
      assert.ok(
        r.problems.some((p) => expected.test(p)),
        `problems were: ${JSON.stringify(r.problems)}`,
      );
    });
  }

  it('names the referenced file that cannot be read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    const main = join(dir, 'api.yaml');
    writeFileSync(main, 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    $ref: ./missing.yaml#/A\n');
    const r = loadOpenApiFile(main);
    assert.ok(
      r.problems.some((p) => p.includes('missing.yaml') && p.includes('no such file') && /fix the \$ref path/.test(p)),
      JSON.stringify(r.problems),
    );
  });

  it('self-referencing and mutually referencing $refs terminate', () => {
    const doc = {
      openapi: '3.1.0',
      paths: {
        '/n': {
          get: {
            responses: { 200: { description: 'x', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } },
          },
        },
      },
      components: {
        schemas: {
          Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' }, loop: { $ref: '#/components/schemas/A' } } },
          A: { $ref: '#/components/schemas/B' },
          B: { $ref: '#/components/schemas/A' },
        },
      },
    };
    const r = loadOpenApi(doc, { base: 'b' });
    assert.equal(r.endpoints.length, 1);
    assert.match(field(r.endpoints[0]?.response?.fields, 'next').notes ?? '', /Recursive/);
  });

  it('never throws on arbitrary values (property test)', () => {
    const openApiish = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom<unknown>(null, true, 0, 'x', '#/components/schemas/A', '3.1.0', []),
        fc.dictionary(
          fc.constantFrom(
            'openapi',
            'paths',
            '/a/{id}',
            'get',
            'post',
            'parameters',
            'schema',
            'type',
            'properties',
            'items',
            '$ref',
            'allOf',
            'oneOf',
            'responses',
            '200',
            'content',
            'application/json',
            'requestBody',
            'name',
            'in',
            'components',
            'schemas',
            'A',
            'enum',
            'required',
          ),
          tie('node'),
          { maxKeys: 5 },
        ),
        fc.array(tie('node'), { maxLength: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(fc.oneof(openApiish, fc.string()), (doc) => {
        const r = loadOpenApi(doc as object | string, { base: 'b' });
        assert.ok(Array.isArray(r.endpoints) && Array.isArray(r.problems));
      }),
      { numRuns: 500 },
    );
  });
});
