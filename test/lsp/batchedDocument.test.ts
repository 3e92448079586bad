// The server's batched text document against vscode-languageserver-textdocument's (the reference
// for how LSP changes apply): any sequence of changes, read at any points, gives the same text and
// the same offset <-> position conversions.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { BatchedDocument } from '../../server/src/batchedDocument';

const piece = fc.constantFrom('', 'a', 'xyz', '\n', '\r\n', '\r', 'é😀', '  ', '###', '### t\n');
const position = fc.record({ line: fc.integer({ min: -1, max: 8 }), character: fc.integer({ min: 0, max: 12 }) });
const change: fc.Arbitrary<TextDocumentContentChangeEvent> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      range: fc
        .tuple(position, fc.integer({ min: -2, max: 4 }))
        .map(([start, len]) => ({ start, end: { line: start.line, character: Math.max(0, start.character + len) } })),
      text: fc.constantFrom('', 'x', 'ab', 'é'),
    }),
  },
  { weight: 2, arbitrary: fc.record({ range: fc.record({ start: position, end: position }), text: piece }) },
  { weight: 1, arbitrary: fc.record({ text: fc.array(piece, { maxLength: 6 }).map((p) => p.join('')) }) },
);

// The text is held as pieces cut at `###` lines (engine/syntax/pieceText.ts): pieces of a few
// characters, so that edits cross pieces, and the default (one piece for these short texts).
const pieceSize = fc.constantFrom(undefined, 1, 3, 8);

describe('server/batchedDocument', () => {
  it('applies any changes like the library, whenever it is read', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }),
        fc.array(fc.tuple(change, fc.boolean()), { maxLength: 25 }),
        pieceSize,
        (parts, steps, size) => {
          const text = parts.join('');
          let ref = TextDocument.create('file:///a', 'x', 1, text);
          const doc = new BatchedDocument('file:///a', 'x', 1, text, size);
          let version = 1;
          const compare = () => {
            assert.equal(doc.getText(), ref.getText());
            const fresh = TextDocument.create('file:///a', 'x', version, ref.getText()); // the reference for conversions
            assert.equal(doc.lineCount, fresh.lineCount);
            for (let o = -1; o <= fresh.getText().length + 1; o++) assert.deepEqual(doc.positionAt(o), fresh.positionAt(o));
            for (let line = -1; line <= fresh.lineCount; line++) {
              for (const character of [0, 1, 2, 50]) assert.equal(doc.offsetAt({ line, character }), fresh.offsetAt({ line, character }));
            }
          };
          for (const [generated, read] of steps) {
            version++;
            // Lines inside the document, as clients send them: the library's incremental line offsets
            // go wrong for an edit on a line past the end (it writes past its array).
            const lines = TextDocument.create('file:///a', 'x', 1, ref.getText()).lineCount;
            const inside = (p: { line: number; character: number }) => ({
              line: Math.min(Math.max(p.line, 0), lines - 1),
              character: p.character,
            });
            const c =
              'range' in generated
                ? { text: generated.text, range: { start: inside(generated.range.start), end: inside(generated.range.end) } }
                : generated;
            ref = TextDocument.update(ref, [c], version);
            BatchedDocument.update(doc, [c], version);
            // What is pending, as typing: each edited line's new text, over the text last read.
            const typed = doc.pendingTyping();
            if (typed) {
              const after = ref.getText();
              for (const [line, lineText] of typed.lines)
                assert.equal(lineText, after.slice(ref.offsetAt({ line, character: 0 }), ref.offsetAt({ line, character: 1e9 })));
              assert.equal(TextDocument.create('file:///a', 'x', 1, typed.base.toString()).lineCount, ref.lineCount);
            }
            if (read) {
              compare();
              // Once applied, the batch is still there for a request until the next one is applied.
              assert.deepEqual(doc.pendingTyping(), typed);
            } // a read applies what is pending; otherwise changes pile up
          }
          compare();
          assert.equal(doc.version, version);
        },
      ),
      {
        numRuns: 500,
        // Counterexamples found in CI, kept as the first runs (fresh seeds after them).
        examples: [
          // Deleting "a" from "\r\ra\n" joins the second CR and the LF into one CRLF: a line is gone.
          [
            ['\r', '\r', 'a', '\n'],
            [[{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 1 } }, text: '' }, false]],
            undefined,
          ],
          // The same join in the middle of a batch, the line filled again by the next change (counted after the join).
          [
            ['\r\n', '\r', '\r', 'é😀', '\n'],
            [
              [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 3 } }, text: '' }, false],
              [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, text: 'ab' }, false],
            ],
            undefined,
          ],
        ],
      },
    );
  });

  it('does not take emptying a line between a lone CR and an LF for typing (the two become one line break)', () => {
    const doc = BatchedDocument.create('file:///a', 'x', 1, 'x\ra\ny');
    BatchedDocument.update(doc, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } }, text: '' }], 2);
    assert.equal(doc.pendingTyping(), undefined);
    assert.equal(doc.getText(), 'x\r\ny');
    assert.equal(doc.lineCount, 2);
    // Emptying the same line after an LF is typing: the line stays, empty.
    const lf = BatchedDocument.create('file:///b', 'x', 1, 'x\na\ny');
    BatchedDocument.update(lf, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } }, text: '' }], 2);
    assert.deepEqual([...lf.pendingTyping()!.lines], [[1, '']]);
    assert.equal(lf.lineCount, 3);
  });
});
