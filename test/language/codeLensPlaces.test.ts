// Where the unresolved lenses go: codeLensPlaces counts lines block by block (engine/language/codeLens.ts);
// for any file (any line breaks, a preamble or none, a last line with or without a break) each lens
// is on the line of its request line as vscode-languageserver-textdocument numbers it, Send first,
// the preview after it on signed requests only; and so after edits that reuse blocks.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
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

describe('language/codeLensPlaces', () => {
  it('puts every lens on its request line, for any line breaks, and again after an edit that reuses blocks', () => {
    const svc = createLanguageService({ loadEnvironment: () => ({}) });
    const uri = 'file:///work/places.payout.http';
    /** [line, kind] of each lens, and the same from the parse's request lines placed by the reference document. */
    const check = (version: number, text: string) => {
      const doc = svc.document(uri, version, text);
      const reference = TextDocument.create(uri, 'payout-http', version, text);
      const expected = doc.parsed.requests.flatMap((b) => {
        const { line } = reference.positionAt(b.start + b.requestLine!.span.start);
        return b.requestLine!.url?.includes('/account/verify')
          ? [
              [line, 0],
              [line, 1],
            ]
          : [[line, 0]];
      });
      const got = svc.codeLensPlaces(doc).map((l) => {
        assert.deepEqual(l.range.start, l.range.end);
        assert.equal(l.range.start.character, 0);
        return [l.range.start.line, (l.data as unknown[])[0]];
      });
      assert.deepEqual(got, expected);
      return got;
    };
    fc.assert(
      fc.property(file, fc.nat(), (f, at) => {
        const { text, requestLines } = render(f);
        // the generated request lines are where the parse finds them
        const first = check(1, text);
        assert.deepEqual(
          first,
          requestLines.flatMap(({ line, signed }) =>
            signed
              ? [
                  [line, 0],
                  [line, 1],
                ]
              : [[line, 0]],
          ),
        );
        // a line break typed anywhere: the blocks after it are reused (same objects), one line down
        const cut = at % (text.length + 1);
        check(2, `${text.slice(0, cut)}\n${text.slice(cut)}`);
        svc.close(uri);
      }),
      { numRuns: 300 },
    );
  });
});
