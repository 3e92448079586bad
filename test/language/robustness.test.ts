// Nothing crashes on any input, and the per-block caches never change the answer: after any edit,
// diagnostics and lenses of the incrementally parsed document equal those of a fresh parse.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { lintFailures } from '../../engine/language/lint';
import { fixture, open, service } from './fixture';

const pieces = [
  '###',
  '### Title\n',
  '# @name q\n',
  '# @user a@b.co\n',
  '@v = {{v}}\n',
  'POST ',
  'GET ',
  '{{base_url}}',
  '{{plant_base_url}}',
  '/api/v2/orders/create-sell-order',
  '/api/v2/orders/create-cashout',
  '/v3/simulate/cashout/outcomes',
  '/plant/',
  '?status=x',
  '\n',
  '\r\n',
  '\n\n',
  'Content-Type: application/json\n',
  '{',
  '}',
  '[',
  ']',
  '"',
  ':',
  ',',
  '"partnerCode"',
  '"extendInfo"',
  '"fiatAmount"',
  '100000.00',
  '{{q.response.body.$.data.x}}',
  '{{$uuid}}',
  '{{',
  '}}',
  'null',
  'é',
  '\u0000',
  '|',
  ' ',
  '?? status == 200\n',
];
const text = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((a) => a.join(''));

describe('language/robustness', function () {
  // hundreds of generated documents per property: the 30 s default is tight on a loaded 2-core machine
  this.timeout(180_000);
  it('every feature answers without throwing, for any text and any position', () => {
    const svc = service();
    fc.assert(
      fc.property(text, fc.nat(400), fc.nat(200), (t, line, character) => {
        const doc = open(svc, t);
        svc.diagnostics(doc);
        svc.codeLenses(doc);
        svc.documentSymbols(doc);
        svc.foldingRanges(doc);
        for (const p of [
          { line, character },
          { line: line % 8, character: character % 30 },
        ]) {
          const list = svc.completion(doc, p);
          for (const item of list.items.slice(0, 3)) svc.resolveCompletion(item);
          svc.hover(doc, p);
          svc.canonicalString(doc, p);
          svc.definition(doc, p);
          svc.references(doc, p, true);
          svc.codeActions(doc, { start: p, end: p }, []);
        }
      }),
      { numRuns: 300 },
    );
    assert.equal(lintFailures.count, 0, 'a lint rule threw');
  });

  it('incremental re-lint equals a fresh lint after any edit', () => {
    const base =
      fixture('features/orders.payout.http').text +
      fixture('lint/extend-info.payout.http').text +
      fixture('lint/file-rules.payout.http').text;
    const incremental = service();
    fc.assert(
      fc.property(fc.nat(base.length), fc.nat(40), fc.constantFrom(...pieces), (at, del, insert) => {
        const uri = 'file:///work/incremental.payout.http';
        open(incremental, base, uri);
        const edited = base.slice(0, at) + insert + base.slice(Math.min(base.length, at + del));
        const doc = open(incremental, edited, uri);
        const fresh = service();
        const freshDoc = open(fresh, edited, 'file:///work/fresh.payout.http');
        assert.deepEqual(incremental.diagnostics(doc), fresh.diagnostics(freshDoc));
        assert.deepEqual(
          incremental.codeLenses(doc).map((l) => [l.range, l.command?.title]),
          fresh.codeLenses(freshDoc).map((l) => [l.range, l.command?.title]),
        );
      }),
      { numRuns: 150 },
    );
  });

  // Edits applied one after the other to one document; after each, the incremental answers must equal a fresh parse's.
  const sequenceBase = fixture('features/orders.payout.http').text + fixture('lint/file-rules.payout.http').text;
  type Edit = { at: number; del: number; insert: string };
  function checkSequence(edits: Edit[]): void {
    const svc = service();
    const uri = 'file:///work/sequence.payout.http';
    let text = sequenceBase;
    open(svc, text, uri);
    for (const e of edits) {
      const at = e.at % (text.length + 1);
      text = text.slice(0, at) + e.insert + text.slice(Math.min(text.length, at + e.del));
      const doc = open(svc, text, uri);
      const fresh = service();
      const freshDoc = open(fresh, text, 'file:///work/fresh.payout.http');
      assert.deepEqual(svc.diagnostics(doc), fresh.diagnostics(freshDoc));
      assert.deepEqual(
        svc.codeLenses(doc).map((l) => l.command?.title),
        fresh.codeLenses(freshDoc).map((l) => l.command?.title),
      );
      const p = doc.lines.positionAt(at);
      assert.deepEqual(
        svc.completion(doc, p).items.map((i) => i.label),
        fresh.completion(freshDoc, p).items.map((i) => i.label),
      );
    }
  }

  it('a sequence of edits keeps every per-document and per-block cache consistent with a fresh parse', () => {
    // A fresh seed each run (fast-check's default); a failure prints the seed and the counterexample to add below.
    const edit = fc.record({
      at: fc.nat(4000),
      del: fc.nat(30),
      insert: fc.constantFrom(...pieces, '"x"', 'a', '\n', '# @name other\n', '@userEmail = b@c.de\n'),
    });
    fc.assert(fc.property(fc.array(edit, { minLength: 1, maxLength: 8 }), checkSequence), { numRuns: 120 });
  });

  // Counterexamples the property found (issue 17): `###` typed into the request line below `# @name quote`
  // turns it into a separator title, so `quote` no longer names a request; the scope cache kept the name.
  it('regression: `###` typed into a named request line drops the name from scope (seed -23641189)', () => {
    checkSequence([
      { at: 114, del: 0, insert: '###' },
      { at: 113, del: 0, insert: '###' },
      { at: 0, del: 0, insert: '###' },
    ]);
  });

  it('regression: `###` typed into a named request line, then other edits (seed 1757586348)', () => {
    checkSequence([
      { at: 113, del: 0, insert: '###' },
      { at: 0, del: 8, insert: '###' },
      { at: 1728, del: 1, insert: '# @name other\n' },
      { at: 0, del: 0, insert: '###' },
    ]);
  });
});
