// The text as pieces (engine/syntax/pieceText.ts) reads as the plain string it stands for, after
// any sequence of edits: random texts with every kind of line break and `###` lines (where pieces
// are cut), random edits (inserts, deletions, replacements, across cuts), pieces of a few
// characters so that a short text has many; every read compared with the string's.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { PieceText } from '../../engine/syntax/pieceText';
import { computeLineStarts } from '../../engine/syntax/lineIndex';

const part = fc.constantFrom('', 'a', 'xyz', '\n', '\r\n', '\r', '###', '### t\n', '#', 'é😀', 'GET /x\n', '  ');
const text = fc.array(part, { maxLength: 30 }).map((p) => p.join(''));
const edit = fc.record({ from: fc.nat(200), to: fc.nat(200), text });

/** Every read of `pt` equals that of the string `s`. */
function assertSame(pt: PieceText, s: string): void {
  assert.equal(pt.length, s.length);
  assert.equal(pt.toString(), s);
  assert.equal(pt.pieces.join(''), s);
  for (let j = 1; j < pt.pieces.length; j++) {
    // A cut is a segment start: `###` after a line break, so a block never straddles pieces.
    assert.ok(pt.pieces[j].startsWith('###'), `piece ${j} starts with ###`);
    assert.ok(/[\r\n]$/.test(pt.pieces[j - 1]), `piece ${j - 1} ends with a line break`);
  }
  for (let i = -1; i <= s.length; i++) assert.equal(pt.charCodeAt(i), s.charCodeAt(i), `charCodeAt(${i})`);
  for (let i = 0; i <= s.length; i += 3) {
    for (let k = i; k <= s.length + 1; k += 5) assert.equal(pt.slice(i, k), s.slice(i, k), `slice(${i}, ${k})`);
    assert.equal(pt.indexOf('###', i), s.indexOf('###', i), `indexOf(###, ${i})`);
    assert.equal(pt.indexOf('a', i), s.indexOf('a', i));
    assert.equal(pt.indexOf('\n', i), s.indexOf('\n', i));
  }
  const starts = computeLineStarts(s);
  assert.equal(pt.lineCount, starts.length);
  starts.forEach((start, line) => assert.equal(pt.lineStart(line), start, `lineStart(${line})`));
  for (let i = 0; i <= s.length; i++) {
    let line = 0;
    while (line + 1 < starts.length && starts[line + 1] <= i) line++;
    assert.equal(pt.lineAt(i), line, `lineAt(${i})`);
  }
}

describe('syntax/pieceText', () => {
  it('reads as the string it stands for, after any edits, with pieces of any size', () => {
    fc.assert(
      fc.property(text, fc.array(edit, { maxLength: 12 }), fc.integer({ min: 1, max: 12 }), (start, edits, size) => {
        let pt = PieceText.from(start, size);
        let s = start;
        assertSame(pt, s);
        for (const e of edits) {
          const before = pt;
          const beforeText = s;
          const [a, b] = [Math.min(e.from, s.length), Math.min(e.to, s.length)].sort((x, y) => x - y);
          pt = pt.edit(e.from, e.to, e.text);
          s = s.slice(0, a) + e.text + s.slice(b);
          assertSame(pt, s);
          assertSame(before, beforeText); // versions are immutable
        }
      }),
      { numRuns: 300 },
    );
  });

  it('cuts a long text into pieces at `###` lines and replaces only the piece a keystroke is in', () => {
    const segment = (k: number) => `### r${k}\r\nPOST /x\n\n{"n": ${k}}\r`;
    const whole = Array.from({ length: 400 }, (_, k) => segment(k)).join('');
    const pt = PieceText.from(whole, 256);
    assert.ok(pt.pieces.length > 20, `${pt.pieces.length} pieces`);
    const at = whole.indexOf('"n": 200');
    const next = pt.edit(at, at, 'x');
    const changed = next.pieces.filter((p, j) => p !== pt.pieces[j]);
    assert.equal(next.pieces.length, pt.pieces.length);
    assert.equal(changed.length, 1, 'one piece made');
    assert.equal(next.toString(), whole.slice(0, at) + 'x' + whole.slice(at));
  });

  it('refuses to search for a line break across pieces, naming what to do instead', () => {
    assert.throws(() => PieceText.from('a\r\nb').indexOf('\r\n'), /toString\(\)/);
  });
});
