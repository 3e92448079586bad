import assert from 'node:assert/strict';
import fc from 'fast-check';
import { LineIndex, lineInBlock } from '../../engine/syntax/lineIndex';
import { blockAt, parseHttpFile } from '../../engine/syntax/parser';
import { createDocument, type PayoutDocument } from '../../engine/language/document';

describe('syntax/lineIndex', () => {
  it('converts offsets and positions for LF, CRLF and CR', () => {
    const text = 'ab\ncd\r\nef\rgh';
    const li = new LineIndex(text);
    assert.equal(li.lineCount, 4);
    assert.deepEqual(li.positionAt(0), { line: 0, character: 0 });
    assert.deepEqual(li.positionAt(3), { line: 1, character: 0 });
    assert.deepEqual(li.positionAt(text.indexOf('e')), { line: 2, character: 0 });
    assert.deepEqual(li.positionAt(text.indexOf('h')), { line: 3, character: 1 });
    assert.equal(li.offsetAt({ line: 2, character: 1 }), text.indexOf('f'));
    assert.equal(li.lineContentEnd(1), text.indexOf('\r'));
  });

  it('counts UTF-16 code units, as LSP does', () => {
    const text = 'x😀y\nz';
    const li = new LineIndex(text);
    assert.deepEqual(li.positionAt(text.indexOf('y')), { line: 0, character: 3 });
    assert.equal(li.offsetAt({ line: 1, character: 0 }), 5);
  });

  it('clamps out-of-range input', () => {
    const li = new LineIndex('ab\ncd');
    assert.deepEqual(li.positionAt(-5), { line: 0, character: 0 });
    assert.deepEqual(li.positionAt(99), { line: 1, character: 2 });
    assert.equal(li.offsetAt({ line: 0, character: 99 }), 2, 'a character past the line end stops before the break');
    assert.equal(li.offsetAt({ line: 9, character: 0 }), 5);
    assert.equal(li.offsetAt({ line: -1, character: 3 }), 0);
    assert.equal(new LineIndex('').offsetAt({ line: 0, character: 4 }), 0);
  });

  it('built from the parsed blocks, agrees with the whole-text index everywhere, also after edits', () => {
    const piece = fc.constantFrom('###', '### t', '\n', '\r\n', '\r', 'GET /x', '{\n  "a": 1\n}', '', 'x', '# @name a');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.array(fc.tuple(fc.nat(), piece), { maxLength: 4 }), (parts, edits) => {
        let text = parts.join('');
        let parsed = parseHttpFile(text);
        const check = () => {
          const plain = new LineIndex(text);
          const byBlock = new LineIndex(text, parsed.blocks);
          assert.equal(byBlock.lineCount, plain.lineCount);
          for (let o = 0; o <= text.length; o++)
            assert.deepEqual(byBlock.positionAt(o), plain.positionAt(o), `offset ${o} of ${JSON.stringify(text)}`);
          for (let l = 0; l <= plain.lineCount; l++) {
            for (const character of [0, 1, 3, 1000])
              assert.equal(byBlock.offsetAt({ line: l, character }), plain.offsetAt({ line: l, character }));
            assert.equal(byBlock.lineContentEnd(l), plain.lineContentEnd(l));
          }
        };
        check();
        for (const [at, insert] of edits) {
          const o = text.length ? at % (text.length + 1) : 0;
          text = text.slice(0, o) + insert + text.slice(o);
          parsed = parseHttpFile(text, parsed); // reused blocks carry their cached line starts
          check();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with the whole-text index on a file of more blocks than it keeps line starts for, read in any order', () => {
    // Line starts are kept for the blocks read last only (a line count for every block): reading
    // positions of 300 blocks in a random order evicts and computes them again.
    const text = Array.from({ length: 300 }, (_, k) => `### r${k}\nGET /x${k}\n${'\n'.repeat(k % 4)}{\r\n  "a": ${k}\r}\n`).join('');
    const parsed = parseHttpFile(text);
    const uncached = parseHttpFile(text); // blocks whose line starts nothing asked for: lineInBlock counts
    const plain = new LineIndex(text);
    const byBlock = new LineIndex(text, parsed.blocks);
    assert.equal(byBlock.lineCount, plain.lineCount);
    fc.assert(
      fc.property(fc.array(fc.nat(text.length), { minLength: 50, maxLength: 200 }), (offsets) => {
        for (const o of offsets) {
          const p = plain.positionAt(o);
          // (At the text's end the position is on the line after the last block's, no line of it.)
          for (const file of o < text.length ? [uncached, parsed] : []) {
            const b = blockAt(file, o);
            assert.equal(lineInBlock(b, o - b.start), p.line - plain.positionAt(b.start).line, `offset ${o}`);
          }
          assert.deepEqual(byBlock.positionAt(o), p);
          assert.equal(byBlock.offsetAt(p), plain.offsetAt(p));
          assert.equal(byBlock.lineContentEnd(p.line), plain.lineContentEnd(p.line));
        }
      }),
      { numRuns: 50 },
    );
  });

  it('taken over from the previous version when typing moved no line, agrees with the whole-text index', () => {
    const piece = fc.constantFrom('###', '### t', '\n', '\r\n', '\r', 'GET /x', '{\n  "a": 1\n}', '', 'x', '# @name a');
    const typing = fc.constantFrom('x', '', 'ab', '#', '\n', '###');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.array(fc.tuple(fc.nat(), fc.nat(), typing), { maxLength: 6 }), (parts, edits) => {
        let text = parts.join('');
        let doc: PayoutDocument = createDocument('file:///a.payout.http', 1, text);
        const check = () => {
          const plain = new LineIndex(text);
          assert.equal(doc.lines.lineCount, plain.lineCount);
          for (let o = 0; o <= text.length; o++) assert.deepEqual(doc.lines.positionAt(o), plain.positionAt(o));
          for (let l = 0; l <= plain.lineCount; l++) assert.equal(doc.lines.lineContentEnd(l), plain.lineContentEnd(l));
        };
        check(); // builds the index, so the next version may take it over
        for (const [at, cut, insert] of edits) {
          const o = text.length ? at % (text.length + 1) : 0;
          const end = Math.min(text.length, o + (cut % 3));
          text = text.slice(0, o) + insert + text.slice(end);
          doc = createDocument('file:///a.payout.http', doc.version + 1, text, doc);
          check();
        }
      }),
      { numRuns: 300 },
    );
  });
});
