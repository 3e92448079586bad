// Canonical strings written by hand from the document (test/fixtures/golden/handwritten.json), not
// produced by the code under test: the engine's builder must give exactly each of them. The generated
// vectors (golden.test.ts) check the RSA side with openssl; this table checks the string itself, so
// an omitted or reordered field, a number printed as 100000.00, or a wrong `omittedAs` fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../engine/catalogue';
import { buildCanonical, SECRET_PLACEHOLDER } from '../../engine/signing/canonical';
import { allSignedTemplates } from '../../engine/signing/templates';

interface Row {
  template: string;
  section: string;
  values: Record<string, unknown>;
  expected: string;
}
const table = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/golden/handwritten.json'), 'utf8')) as {
  secret: string;
  rows: Row[];
};
// Read inside each test, so that mutation testing's per-test coverage sees which tests use it.
const templates = () => new Map(allSignedTemplates(catalogue).map((t) => [t.id, t.template]));

describe('signing/hand-written canonical strings (doc 1, typed by hand)', () => {
  it('has a row for every signed request template, response template and the webhook', () => {
    const rows = new Set(table.rows.map((r) => r.template));
    const all = templates();
    assert.deepEqual(
      [...all.keys()].filter((id) => !rows.has(id)),
      [],
      'add a hand-written row for each new signed template',
    );
    assert.deepEqual(
      table.rows.map((r) => r.template).filter((id) => !all.has(id)),
      [],
      'rows for templates the catalogue no longer has',
    );
  });

  for (const row of table.rows) {
    it(`${row.template} (doc 1 §${row.section})`, () => {
      const canonical = buildCanonical(templates().get(row.template)!, row.values);
      assert.equal(canonical.withSecret(table.secret), row.expected);
      assert.equal(canonical.display, row.expected.slice(0, row.expected.length - table.secret.length) + SECRET_PLACEHOLDER);
    });
  }
});
