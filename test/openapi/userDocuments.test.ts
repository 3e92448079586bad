// User OpenAPI documents: the `# @openapi` directive, the default base variable, the mtime cache.

import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  clearOpenApiCache,
  defaultBaseVariable,
  loadOpenApiFile,
  parseOpenApiDirective,
  parseOpenApiOption,
  resolveOpenApiDocument,
} from '../../engine/openapi/userDocuments';

const doc = (summary: string) =>
  `openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    get:\n      summary: ${summary}\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: "./shared.yaml#/A"}\n`;

describe('user OpenAPI documents', () => {
  beforeEach(() => clearOpenApiCache());

  it('derives the base variable from the file name', () => {
    assert.equal(defaultBaseVariable('./library.openapi.yaml'), 'library_base_url');
    assert.equal(defaultBaseVariable('/x/Acme Billing-API.json'), 'acme_billing_api_base_url');
    assert.equal(defaultBaseVariable('specs/petstore.swagger.yml'), 'petstore_base_url');
    assert.equal(defaultBaseVariable('3d.yaml'), 'api_3d_base_url');
    assert.equal(defaultBaseVariable('---.yaml'), 'api_base_url');
  });

  it('parses the directive relative to the .payout.http file', () => {
    assert.deepEqual(parseOpenApiDirective('./specs/library.yaml', '/home/u/proj/orders.payout.http'), {
      file: '/home/u/proj/specs/library.yaml',
      base: 'library_base_url',
    });
    assert.deepEqual(parseOpenApiDirective('"../my specs/api.yaml" lib_url', '/home/u/proj/a.payout.http'), {
      file: '/home/u/my specs/api.yaml',
      base: 'lib_url',
    });
    assert.match((parseOpenApiDirective('', '/a.http') as { problem: string }).problem, /needs a file: write "# @openapi \.\/api\.yaml"/);
    assert.match((parseOpenApiDirective('./a.yaml {{x}}', '/a.http') as { problem: string }).problem, /not a variable name/);
  });

  it('caches by path and mtime, including the files its $refs read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-user-'));
    const main = join(dir, 'api.yaml');
    const shared = join(dir, 'shared.yaml');
    writeFileSync(main, doc('First'));
    writeFileSync(shared, 'A: {type: object, properties: {x: {type: string}}}\n');
    const first = loadOpenApiFile(main);
    assert.deepEqual(first.problems, []);
    assert.equal(first.endpoints[0]?.base, 'api_base_url');
    assert.equal(loadOpenApiFile(main), first, 'unchanged files: the cached result');

    writeFileSync(main, doc('Second summary'));
    utimesSync(main, new Date(), new Date(Date.now() + 5000)); // a distinct mtime even on coarse clocks
    const second = loadOpenApiFile(main);
    assert.equal(second.endpoints[0]?.title, 'Second summary');

    writeFileSync(shared, 'A: {type: object, properties: {y: {type: integer}}}\n');
    utimesSync(shared, new Date(), new Date(Date.now() + 10000));
    assert.deepEqual(
      loadOpenApiFile(main).endpoints[0]?.response?.fields?.map((f) => f.name),
      ['y'],
    );
    assert.notEqual(loadOpenApiFile(main, 'other_url'), loadOpenApiFile(main), 'a different base variable is a different load');
  });

  it('reports a missing or unreadable document with the fix', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-user-'));
    assert.match(loadOpenApiFile(join(dir, 'nope.yaml')).problems[0] ?? '', /no such file.*relative to the \.payout\.http file/);
    assert.match(loadOpenApiFile(dir).problems[0] ?? '', /a directory, not a regular file/);
    copyFileSync('test/fixtures/openapi/library/library.openapi.yaml', join(dir, 'lib.yaml')); // its schemas.yaml is not next to it
    assert.ok(loadOpenApiFile(join(dir, 'lib.yaml')).problems.some((p) => p.includes('schemas.yaml')));
  });

  it('reads `--openapi FILE[=BASE]` and setting entries: relative to their folder, the file must exist, the base must be a name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-openapi-option-'));
    writeFileSync(join(dir, 'pet store.yaml'), doc('x'));
    writeFileSync(join(dir, 'a=b.yaml'), doc('x'));
    assert.deepEqual(parseOpenApiOption('pet store.yaml=pets_url', dir), { file: join(dir, 'pet store.yaml'), base: 'pets_url' });
    assert.deepEqual(parseOpenApiOption('pet store.yaml', dir), { file: join(dir, 'pet store.yaml'), base: 'pet_store_base_url' });
    assert.deepEqual(
      parseOpenApiOption('a=b.yaml', dir),
      { file: join(dir, 'a=b.yaml'), base: 'a_b_base_url' },
      'a file name after = is part of the path',
    );
    assert.match(
      (parseOpenApiOption('nope.yaml=x', dir) as { problem: string }).problem,
      /^--openapi nope\.yaml=x: .*nope\.yaml does not exist; fix the path \(relative to /,
    );
    assert.match(
      (resolveOpenApiDocument('pet store.yaml', 'has space', dir, 'payoutHttp.openapi.documents[0]') as { problem: string }).problem,
      /^payoutHttp\.openapi\.documents\[0\]: "has space" is not a variable name/,
    );
    assert.match(
      (resolveOpenApiDocument(undefined, undefined, dir, 'payoutHttp.openapi.documents[1]') as { problem: string }).problem,
      /give the document's path/,
    );
  });
});
