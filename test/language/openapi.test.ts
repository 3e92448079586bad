// `# @openapi`: a user's OpenAPI document joins the catalogue for the file (completion, lint), and a
// directive whose document cannot be read is reported on the directive.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLanguageService, type LanguageService } from '../../engine/language';
import { fixture, FIXTURES, mark, open, service, failWhenARuleThrows } from './fixture';
import { messageText } from '../helpers/messageText';

describe('language/# @openapi documents', () => {
  failWhenARuleThrows();
  // A fresh service per test (fixture.ts, `service`): a parse or lint result cached by an earlier test
  // must not answer for this one.
  let svc: LanguageService;
  beforeEach(() => {
    svc = service({ library_base_url: 'http://127.0.0.1:9/api' });
  });
  const uri = pathToFileURL(join(FIXTURES, 'openapi/books.payout.http')).href;
  const m = fixture('openapi/books.payout.http');

  it('lints requests against the document and reports an unreadable one', () => {
    const ds = svc.diagnostics(open(svc, m.text, uri));
    assert.deepEqual(
      ds.map((d) => [d.code, d.range.start.line, d.range.start.character]).sort(),
      [
        ['payout/openapi-document', 1, 0],
        ['payout/required-field-missing', 7, 0],
        ['payout/wrong-type', m.positions[2].line, m.positions[2].character],
      ].sort(),
    );
    assert.match(
      messageText(ds.find((d) => d.code === 'payout/openapi-document')!.message),
      /missing\.yaml: cannot read the OpenAPI document: no such file; fix the path/,
    );
    assert.match(
      messageText(ds.find((d) => d.code === 'payout/required-field-missing')!.message),
      /Required field `author` is missing: the request does not match the API description\./,
    );
  });

  it('an unreadable document is one problem; a document with two or three shows the first and counts the others', () => {
    const file = join(FIXTURES, 'openapi/problems.payout.http');
    const ds = svc.diagnostics(open(svc, fixture('openapi/problems.payout.http').text, pathToFileURL(file).href));
    const yaml = join(FIXTURES, 'openapi/three-problems.yaml');
    const two = join(FIXTURES, 'openapi/two-problems.yaml');
    // Each on its whole directive line.
    const line = (n: number, length: number) => ({ start: { line: n, character: 0 }, end: { line: n, character: length } });
    assert.deepEqual(
      ds.map((d) => [d.code, d.severity, d.range, messageText(d.message)]),
      [
        [
          'payout/openapi-document',
          2,
          line(0, 32),
          `${yaml}#/paths/books: a path must start with "/"; write "/books". (and 2 more problems: ${yaml}#/paths/authors: a path must start with "/"; write "/authors". ${yaml}#/paths/~1shelves: a path item must be an object of operations (get, post, …).)`,
        ],
        [
          'payout/openapi-document',
          2,
          line(1, 30),
          `${two}#/paths/books: a path must start with "/"; write "/books". (and 1 more problem: ${two}#/paths/~1shelves: a path item must be an object of operations (get, post, …).)`,
        ],
        [
          'payout/openapi-document',
          2,
          line(2, 25),
          `${join(FIXTURES, 'openapi/missing.yaml')}: cannot read the OpenAPI document: no such file; fix the path (a relative path in "# @openapi" is relative to the .payout.http file).`,
        ],
      ],
    );
  });

  it("the Add fixes of a document's required boolean and array write false and []", () => {
    const text =
      '# @openapi ../../openapi/switches.openapi.yaml\n@switches_base_url = http://127.0.0.1:9/api\n\n### Switch\nPOST {{switches_base_url}}/switches\nContent-Type: application/json\n\n{}\n';
    const doc = open(svc, text, uri);
    const ds = svc.diagnostics(doc);
    assert.deepEqual(
      ds.map((d) => messageText(d.message)),
      [
        'Required field `on` is missing: the request does not match the API description. Add "on" to the body.',
        'Required field `labels` is missing: the request does not match the API description. Add "labels" to the body.',
      ],
    );
    const added = (title: string) =>
      svc
        .codeActions(doc, ds[0].range, ds)
        .find((a) => a.title === title)!
        .edit!.changes![doc.uri].map((e) => e.newText);
    assert.deepEqual(added('Add "on"'), ['\n  "on": false\n']);
    assert.deepEqual(added('Add "labels"'), ['\n  "labels": []\n']);
  });

  it("a document's boolean, array, number and nested required member are checked: wrong ones flagged, right ones and an absent parameter not", () => {
    const head = '# @openapi ../../openapi/switches.openapi.yaml\n@switches_base_url = http://127.0.0.1:9/api\n\n';
    const post = (body: string, name = 'Set') =>
      `### ${name}\nPOST {{switches_base_url}}/switches\nContent-Type: application/json\n\n${body}\n\n`;
    const m = mark(
      head +
        post('{ "on": true, "labels": ["kitchen"] }') +
        post('{ "on": |"yes"|, "labels": |"kitchen"| }', 'Set wrong') +
        post('{ "on": true, "labels": [], |"owner"|: {} }', 'Set owner') +
        '### List\nGET {{switches_base_url}}/switches\n\n### Level\nGET {{switches_base_url}}/switches?level=2.5\n\n### Bad level\nGET {{switches_base_url}}/switches?|level=high|\n',
    );
    const ds = svc.diagnostics(open(svc, m.text, uri));
    assert.deepEqual(
      ds.map((d) => [d.code, d.severity, d.range, messageText(d.message)]),
      [
        [
          'payout/wrong-type',
          1,
          { start: m.positions[0], end: m.positions[1] },
          '`on` is a boolean, but the body has a string: write a boolean.',
        ],
        [
          'payout/wrong-type',
          1,
          { start: m.positions[2], end: m.positions[3] },
          '`labels` is an array, but the body has a string: write an array.',
        ],
        [
          'payout/required-field-missing',
          1,
          { start: m.positions[4], end: m.positions[5] },
          '`owner` is missing its required member `name`: the request does not match the API description. Add "name" inside `owner`.',
        ],
        [
          'payout/parameter-value',
          1,
          { start: m.positions[6], end: m.positions[7] },
          'Query parameter `level` must be a number; "high" is not. Use an allowed value.',
        ],
      ],
    );
    // A number has no list of allowed values to offer.
    assert.deepEqual(svc.codeActions(open(svc, m.text, uri), ds[3].range, [ds[3]]), []);
  });

  it('completes the document paths after its base variable and its body fields', () => {
    const doc = open(svc, m.text.replace('POST {{library_base_url}}/books', 'POST {{library_base_url}}/bo'), uri);
    const paths = svc.completion(doc, { line: 4, character: 29 }).items.map((i) => i.label);
    assert.ok(paths.includes('/books') && paths.includes('/books/{bookId}'), paths.join(', '));
    const fields = svc.completion(open(svc, m.text, uri), m.positions[0]).items.map((i) => i.label);
    assert.ok(fields.includes('pages') && fields.includes('author') && !fields.includes('title'), fields.join(', '));
  });

  describe('a document of the setting / --openapi (no directive in the file)', () => {
    const library = { file: join(FIXTURES, '../openapi/library/library.openapi.yaml'), base: 'library_base_url' };
    const env = { library_base_url: 'http://127.0.0.1:9/api' };
    const fileUri = pathToFileURL(join(FIXTURES, 'openapi/option.payout.http')).href;
    const text = mark(
      '### Add a book\nPOST {{library_base_url}}/bo|\nContent-Type: application/json\n\n{\n  "title": "Dune",\n  |"pages"|: |"many"|\n}\n',
    );
    const fixed = text.text.replace('/bo\n', '/books\n');

    it('completes its paths and body fields and lints against it', () => {
      const svc = createLanguageService({ environment: 'test', loadEnvironment: () => env, openApiDocuments: [library] });
      const paths = svc.completion(open(svc, text.text, fileUri), text.positions[0]).items.map((i) => i.label);
      assert.ok(paths.includes('/books') && paths.includes('/books/{bookId}'), paths.join(', '));
      const doc = open(svc, fixed, fileUri);
      const at = { line: text.positions[1].line, character: text.positions[1].character + 1 };
      const fields = svc.completion(doc, at).items.map((i) => i.label);
      assert.ok(fields.includes('author') && !fields.includes('title'), fields.join(', '));
      const ds = svc.diagnostics(doc);
      assert.deepEqual(
        ds.map((d) => [d.code, d.range.start.line]).sort(),
        [
          ['payout/required-field-missing', 4],
          ['payout/wrong-type', 6],
        ].sort(),
      );
    });

    it('setOpenApiDocuments switches them on and off for open files, and returns their problems', () => {
      const svc = createLanguageService({ environment: 'test', loadEnvironment: () => env });
      const doc = open(svc, fixed, fileUri);
      const before = svc.diagnostics(doc).map((d) => d.code);
      assert.ok(!before.includes('payout/required-field-missing'), before.join(', '));
      assert.deepEqual(svc.setOpenApiDocuments([library]), []);
      assert.ok(svc.diagnostics(doc).some((d) => d.code === 'payout/required-field-missing'));
      svc.setOpenApiDocuments([]);
      assert.deepEqual(
        svc.diagnostics(doc).map((d) => d.code),
        before,
      );
      const problems = svc.setOpenApiDocuments([{ file: join(FIXTURES, 'openapi/missing.yaml'), base: 'x_base_url' }]);
      assert.match(problems[0], /missing\.yaml: cannot read the OpenAPI document: no such file/);
    });
  });
});
