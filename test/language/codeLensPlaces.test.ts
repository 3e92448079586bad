// Where the unresolved lenses go: codeLensPlaces counts lines block by block (engine/language/codeLens.ts);
// for any file (any line breaks, a preamble or none, a last line with or without a break) each lens
// is on the line of its request line as vscode-languageserver-textdocument numbers it, Send first,
// the preview after it on signed requests only; and so after edits that reuse blocks.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeLens } from 'vscode-languageserver-types';
import { createLanguageService } from '../../engine/language';

const SIGNED = 'POST {{base_url}}/api/v2/account/verify';
const UNSIGNED = 'GET https://example.com/health';
const eol = fc.constantFrom('\n', '\r\n', '\r');
const block = fc.record({
  title: fc.constantFrom('### a', '###', '### Pay 2'),
  comments: fc.array(fc.constantFrom('# @name x', '// note', '@v = 1', ''), { maxLength: 3 }),
  requestLine: fc.constantFrom(SIGNED, UNSIGNED, undefined),
  after: fc.array(fc.constantFrom('Accept: */*', '', '{ "a": 1 }'), { maxLength: 3 }),
});
const file = fc.record({
  preamble: fc.array(fc.constantFrom('@base_url = http://localhost', '# top', ''), { maxLength: 2 }),
  blocks: fc.array(block, { maxLength: 6 }),
  eols: fc.array(eol, { minLength: 40, maxLength: 40 }),
  trailingBreak: fc.boolean(),
});

type File = typeof file extends fc.Arbitrary<infer T> ? T : never;

/** The file's lines joined with varied line breaks, and the lines that hold a request line. */
function render(f: File): { text: string; requestLines: { line: number; signed: boolean }[] } {
  const lines: string[] = [...f.preamble];
  const requestLines: { line: number; signed: boolean }[] = [];
  for (const b of f.blocks) {
    lines.push(b.title, ...b.comments);
    if (b.requestLine) {
      requestLines.push({ line: lines.length, signed: b.requestLine === SIGNED });
      lines.push(b.requestLine);
    }
    lines.push(...b.after);
  }
  let text = '';
  let previous = '';
  lines.forEach((l, i) => {
    let br = i < lines.length - 1 || f.trailingBreak ? f.eols[i % f.eols.length] : '';
    // `\r`, an empty line, `\n` would read as one `\r\n` break: that empty line ends with `\r\n` instead
    if (previous === '\r' && l === '' && br === '\n') br = '\r\n';
    text += l + br;
    previous = br;
  });
  if (!text) text = '\n';
  return { text, requestLines };
}

const edit = fc.record({ at: fc.nat(), remove: fc.integer({ min: 0, max: 2 }), insert: fc.constantFrom('', 'x', '\n', '#', ' ') });

describe('language/codeLensPlaces', () => {
  const uri = 'file:///work/places.payout.http';
  const fresh = (text: string, options?: { sendLensesOnClient: boolean; tag: number }) => {
    const svc = createLanguageService({ loadEnvironment: () => ({}) });
    return lensesOf(svc.codeLensPlaces(svc.document(uri, 1, text), options));
  };
  /** [line, data] of each lens; each lens's range is empty at the start of its line. */
  const lensesOf = (lenses: CodeLens[]) =>
    lenses.map((l) => {
      assert.deepEqual(l.range.start, l.range.end);
      assert.equal(l.range.start.character, 0);
      return [l.range.start.line, l.data] as const;
    });

  it('puts every lens on its request line, for any line breaks, and keeps doing so while the file is edited', () => {
    const svc = createLanguageService({ loadEnvironment: () => ({}) });
    /** The lenses of this version of the document, checked against the reference document and a fresh parse. */
    const check = (version: number, text: string) => {
      const doc = svc.document(uri, version, text);
      const reference = TextDocument.create(uri, 'payout-http', version, text);
      const got = lensesOf(svc.codeLensPlaces(doc));
      // a Send lens on each request line, as the reference document numbers lines
      assert.deepEqual(
        got.filter(([, data]) => (data as unknown[])[0] === 0).map(([line]) => line),
        doc.parsed.requests.map((b) => reference.positionAt(b.start + b.requestLine!.span.start).line),
      );
      // the same lenses as a fresh parse of the text (the lists of earlier versions reused or not), in both modes
      assert.deepEqual(got, fresh(text));
      const options = { sendLensesOnClient: true, tag: 7 };
      assert.deepEqual(lensesOf(svc.codeLensPlaces(doc, options)), fresh(text, options));
      return got;
    };
    fc.assert(
      fc.property(file, fc.array(edit, { maxLength: 4 }), (f, edits) => {
        const { text, requestLines } = render(f);
        assert.deepEqual(
          check(1, text),
          requestLines.flatMap(({ line, signed }) =>
            signed
              ? [
                  [line, [0]],
                  [line, [1]],
                ]
              : [[line, [0]]],
          ),
          'the generated request lines are where the parse finds them',
        );
        let t = text;
        edits.forEach(({ at, remove, insert }, i) => {
          const cut = at % (t.length + 1);
          t = t.slice(0, cut) + insert + t.slice(cut + remove);
          check(i + 2, t);
        });
        svc.close(uri);
      }),
      { numRuns: 300 },
    );
  });
});
