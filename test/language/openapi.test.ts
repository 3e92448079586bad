// `# @openapi`: a user's OpenAPI document joins the catalogue for the file (completion, lint), and a
// directive whose document cannot be read is reported on the directive.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fixture, FIXTURES, open, service } from './fixture';

describe('language/# @openapi documents', () => {
  const svc = service({ library_base_url: 'http://127.0.0.1:9/api' });
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
    assert.match(String(ds.find((d) => d.code === 'payout/openapi-document')!.message), /missing\.yaml: cannot read the OpenAPI document \(ENOENT\); fix the path/);
    assert.match(String(ds.find((d) => d.code === 'payout/required-field-missing')!.message), /Required field `author` is missing/);
  });

  it('completes the document paths after its base variable and its body fields', () => {
    const doc = open(svc, m.text.replace('POST {{library_base_url}}/books', 'POST {{library_base_url}}/bo'), uri);
    const paths = svc.completion(doc, { line: 4, character: 29 }).items.map((i) => i.label);
    assert.ok(paths.includes('/books') && paths.includes('/books/{bookId}'), paths.join(', '));
    const fields = svc.completion(open(svc, m.text, uri), m.positions[0]).items.map((i) => i.label);
    assert.ok(fields.includes('pages') && fields.includes('author') && !fields.includes('title'), fields.join(', '));
  });
});
