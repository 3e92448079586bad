// A publish reuses the LSP form of a block's findings while the block has not moved, and moves it
// by whole lines when only the lines before it changed (engine/language/diagnostics.ts,
// toLspDiagnostics); the list of blocks with findings is carried from version to version
// (lint/index.ts, lintFileAfter). Both must give exactly what converting every finding afresh gives,
// and what linting the version from scratch gives, after any sequence of edits: line breaks of
// every kind added and removed, requests split and joined, findings created and fixed.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { lintDocument, toLspDiagnostic } from '../../engine/language/diagnostics';
import { join } from 'node:path';
import { FIXTURES, service } from './fixture';

const request = (name: string, body: string, eol = '\n') =>
  [
    `### ${name}`,
    `# @name ${name}`,
    'POST {{base_url}}/api/v2/orders/create-sell-order',
    'Content-Type: application/json',
    '',
    body,
    '',
    '',
  ].join(eol);
// Each request has findings of its own (block rules) or shares one with another (file rules).
const TEXT =
  request('a', '{\n  "partnerCode": "{{partnerCode}}",\n  "content": "Cà phê",\n  "fiatAmount": "12"\n}') +
  request('b', '{\n  "externalOrderId": "o-1",\n  "currency": "XYZ",\n  "nope": 1\n}', '\r\n') +
  request('a', '{\n  "externalOrderId": "o-1",\n  "userEmail": "{{undefinedOne}}"\n}') +
  request('c', '{"fiatAmount": -5, "content": "Trà"}') +
  request('d', '{\n  "partnerCode": "{{partnerCode}}"\n}') +
  // Clean: no finding and no variable, so an edit can give it its first.
  '### clean\nGET https://example.com/api/v2/health\n\n';

const PIECES = [
  '\n',
  '\r\n',
  '\r',
  'x',
  'é',
  '"',
  '{{nope}}',
  '###\n',
  '\n### e\nPOST {{base_url}}/api/v2/orders/create-sell-order\n\n{"fiatAmount": "x"}\n',
];

const editArb = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  remove: fc.integer({ min: 0, max: 12 }),
  insert: fc.constantFrom(...PIECES),
});

describe('language/reused diagnostics', () => {
  it('equal the findings converted afresh, after any edits', () => {
    fc.assert(
      fc.property(fc.array(editArb, { minLength: 1, maxLength: 25 }), (edits) => {
        const svc = service();
        const uri = 'file:///work/reused.payout.http';
        let text = TEXT;
        let version = 1;
        const check = () => {
          const doc = svc.document(uri, version, text);
          const published = svc.diagnostics(doc);
          const fresh = lintDocument(svc, doc).map((d) => toLspDiagnostic(doc, d));
          assert.deepEqual(published, fresh);
          // And the version linted from scratch, by a service that never saw the ones before.
          const scratch = service();
          assert.deepEqual(published, scratch.diagnostics(scratch.document(uri, 1, text)));
        };
        check();
        for (const e of edits) {
          const at = Math.floor(e.at * text.length);
          text = text.slice(0, at) + e.insert + text.slice(Math.min(text.length, at + e.remove));
          version++;
          check();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reuses a finding whose block did not move, and moves one whose block did', () => {
    const svc = service();
    const uri = 'file:///work/moved.payout.http';
    const first = svc.diagnostics(svc.document(uri, 1, TEXT));
    assert.ok(first.length >= 8, `the corpus has findings in every request (${first.length})`);
    // A line added at the end: nothing moved, every block finding is the same object.
    const second = svc.diagnostics(svc.document(uri, 2, `${TEXT}\n`));
    const accent = (list: typeof first) => list.find((d) => d.code === 'payout/unaccented-text')!;
    assert.equal(accent(second), accent(first));
    // A line added at the top: the finding moved one line down, characters unchanged.
    const third = svc.diagnostics(svc.document(uri, 3, `\n${TEXT}\n`));
    assert.notEqual(accent(third), accent(second));
    assert.deepEqual(accent(third).range, {
      start: { line: accent(first).range.start.line + 1, character: accent(first).range.start.character },
      end: { line: accent(first).range.end.line + 1, character: accent(first).range.end.character },
    });
  });

  it('lists every block with findings after the OpenAPI endpoints in scope changed (every block linted again)', () => {
    const svc = service();
    const uri = `file://${join(FIXTURES, 'openapi-edit.payout.http')}`;
    const rest =
      '@switches_base_url = http://127.0.0.1:9/api\n\n### Switch\nPOST {{switches_base_url}}/switches\nContent-Type: application/json\n\n{}\n';
    const codes = (version: number, text: string) =>
      svc
        .diagnostics(svc.document(uri, version, text))
        .map((d) => d.code)
        .filter((c) => c === 'payout/required-field-missing');
    assert.deepEqual(codes(1, rest), []);
    // The directive typed into the first block: the request below it, unchanged, now has two findings.
    assert.deepEqual(codes(2, `# @openapi ../openapi/switches.openapi.yaml\n${rest}`), [
      'payout/required-field-missing',
      'payout/required-field-missing',
    ]);
  });
});
