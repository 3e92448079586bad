// An open document's text as pieces (issue 28): an ordered list of strings of about 16 K
// characters, so that a keystroke makes a new piece, not a new copy of the whole file. On the
// 20 MB document each keystroke's 20 MB string was garbage until a major GC, and V8 lets the old
// generation grow to several times the live heap first (+42 MB of RSS per keystroke-and-undo).
// At 64 K a keystroke's new piece (64–128 KB, alive until the next version) was still the largest
// thing each version promoted to the old generation on the 5,000-request file: 16 K made the
// collections of 300 keystroke-and-completion rounds 194 → 136 (old-generation marking steps 22 →
// 14), the opens and the 20 MB document's peak unchanged (README, "The open's lint").
//
// Pieces are cut only where a segment starts (a `###` at a line start, docs/syntax.md): every
// block of a parse then lies inside one piece, and a block's text is a slice of that piece, not
// of the file. A cut at p holds while the characters p-1 .. p+2 (the line break and `###`) are
// unchanged; an edit that reaches them makes the pieces around it again. So no line break pair
// (`\r\n`) and no `###` straddles a cut, and every piece starts at a line start.

import { computeLineStarts, lastAtOrBefore } from './lineIndex';

/** What a piece is cut at (in characters); a piece is made again when it grows past twice this or shrinks below a quarter. */
const TARGET = 1 << 14;

/**
 * A copy of `s` that is a string of its own: no view of a larger string (a slice keeps its whole
 * parent alive: the 20 MB text of the open) and no concatenation of views of the previous piece.
 */
function flat(s: string): string {
  // `' ' + s` is a concatenation; slicing it makes V8 flatten it into a new string first.
  return s.length < 13 ? s : (' ' + s).slice(1);
}

const isLineBreak = (c: number) => c === 10 || c === 13;

/** Whether a piece may start at `i` of `text`: a `###` right after a line break. */
function isCut(text: string, i: number): boolean {
  return i > 0 && isLineBreak(text.charCodeAt(i - 1)) && text.startsWith('###', i);
}

/**
 * `text` (whose start is a cut) as pieces of at least `size` characters where it can be cut so:
 * copies (flat), or with `views`, slices of `text` that keep it alive (PieceText.from says when).
 */
function cut(text: string, size: number, views = false): string[] {
  const piece = views ? (s: string) => s : flat;
  const out: string[] = [];
  let last = 0;
  while (text.length - last > 2 * size) {
    let c = text.indexOf('###', last + size);
    while (c !== -1 && !isCut(text, c)) c = text.indexOf('###', c + 1);
    if (c === -1) break;
    out.push(piece(text.slice(last, c)));
    last = c;
  }
  if (last < text.length || out.length === 0) out.push(piece(last === 0 ? text : text.slice(last)));
  return out;
}

/**
 * Line starts of a piece relative to it; a line starting at its very end is the next piece's (not
 * kept) unless it is the last. Kept as 32-bit integers at their exact length: as arrays with the
 * room push leaves they were 7.5 MB of the 20 MB document's live heap, 2.4 MB so (issue 28).
 */
function linesOf(piece: string, last: boolean): Int32Array {
  const starts = computeLineStarts(piece);
  if (!last && starts.length > 1 && starts[starts.length - 1] === piece.length) starts.pop();
  return Int32Array.from(starts);
}

/** Builds of the whole text, counted for the test that a keystroke makes none (test/syntax/pieceText.test.ts). */
export const wholeTextBuilds = { count: 0 };

/**
 * One version of a text as pieces. Immutable: `edit` returns a new version sharing every piece
 * the edit did not touch (the same string objects, which the parser compares to find the edit).
 */
export class PieceText {
  readonly length: number;
  /** Where each piece starts in the text. */
  readonly #starts: number[];
  /** Each piece's line starts, relative to the piece (see linesOf). */
  readonly #lines: Int32Array[];
  /** The line each piece starts on. */
  readonly #firstLines: number[];
  #whole?: string;

  private constructor(
    /** The pieces, in order; only the first may be empty (then it is the only one). */
    readonly pieces: readonly string[],
    lines: Int32Array[],
    /** The size pieces are cut at (smaller in tests, to have many pieces in a short text). */
    readonly pieceSize: number,
  ) {
    this.#lines = lines;
    const n = pieces.length;
    this.#starts = new Array<number>(n);
    this.#firstLines = new Array<number>(n);
    let at = 0;
    let line = 0;
    for (let j = 0; j < n; j++) {
      this.#starts[j] = at;
      this.#firstLines[j] = line;
      at += pieces[j].length;
      line += lines[j].length;
    }
    this.length = at;
  }

  /**
   * The pieces of a whole text (an opened document's): views of `text`, not copies. While every
   * piece is a view they keep exactly `text` alive, which copies would take as well; pieces an edit
   * makes again are copies, so what `text` then keeps beyond its remaining pieces is at most the
   * text as opened. Copying the 20 MB document at its open made 20 MB of garbage, a tenth of its
   * peak RSS (issue 28).
   */
  static from(text: string, size = TARGET): PieceText {
    const pieces = cut(text, size, true);
    return new PieceText(
      pieces,
      pieces.map((p, j) => linesOf(p, j === pieces.length - 1)),
      size,
    );
  }

  /** Where piece `j` starts in the text. */
  pieceStart(j: number): number {
    return this.#starts[j];
  }

  /** The index of the piece holding `offset` (the last one starting at or before it). */
  pieceAt(offset: number): number {
    return lastAtOrBefore(this.#starts, offset);
  }

  charCodeAt(i: number): number {
    if (!(i >= 0 && i < this.length)) return NaN;
    const j = this.pieceAt(i);
    return this.pieces[j].charCodeAt(i - this.#starts[j]);
  }

  /** As String.prototype.slice with offsets in [0, length]: a view of one piece when the range lies in one. */
  slice(from = 0, to = this.length): string {
    from = Math.max(0, Math.min(from, this.length));
    to = Math.max(0, Math.min(to, this.length));
    if (to <= from) return '';
    const j = this.pieceAt(from);
    const start = this.#starts[j];
    if (to <= start + this.pieces[j].length) return this.pieces[j].slice(from - start, to - start);
    const parts = [this.pieces[j].slice(from - start)];
    for (let k = j + 1; k < this.pieces.length && this.#starts[k] < to; k++) {
      parts.push(this.pieces[k].slice(0, to - this.#starts[k]));
    }
    return parts.join('');
  }

  startsWith(s: string, at: number): boolean {
    return this.slice(at, at + s.length) === s;
  }

  /**
   * As String.prototype.indexOf, for one character or a `search` without a line break: no such
   * string straddles a cut (one would hold the line break before the cut and the `#` after it), so
   * each piece is searched on its own.
   */
  indexOf(search: string, fromIndex = 0): number {
    if (search.length > 1 && (search.includes('\n') || search.includes('\r'))) {
      throw new Error(
        `PieceText.indexOf searches for text without line breaks (asked for ${JSON.stringify(search)}); search the whole text (toString()) instead.`,
      );
    }
    const from = Math.max(0, Math.min(fromIndex, this.length));
    for (let j = this.pieceAt(from); j < this.pieces.length; j++) {
      const start = this.#starts[j];
      const i = this.pieces[j].indexOf(search, Math.max(0, from - start));
      if (i !== -1) return start + i;
    }
    return search === '' ? this.length : -1;
  }

  get lineCount(): number {
    const n = this.pieces.length;
    return this.#firstLines[n - 1] + this.#lines[n - 1].length;
  }

  /** Offset where `line` starts (clamped to the lines there are). */
  lineStart(line: number): number {
    const l = Math.max(0, Math.min(line, this.lineCount - 1));
    const j = lastAtOrBefore(this.#firstLines, l);
    return this.#starts[j] + this.#lines[j][l - this.#firstLines[j]];
  }

  /** The line holding `offset` (a line break belongs to the line it ends). */
  lineAt(offset: number): number {
    const o = Math.max(0, Math.min(offset, this.length));
    const j = this.pieceAt(o);
    return this.#firstLines[j] + lastAtOrBefore(this.#lines[j], o - this.#starts[j]);
  }

  /**
   * The text with [from, to) replaced by `text`: a new version sharing every piece but the one(s)
   * the edit touches. Offsets are clamped to [0, length] and put in order.
   */
  edit(from: number, to: number, text: string): PieceText {
    from = Math.max(0, Math.min(from, this.length));
    to = Math.max(0, Math.min(to, this.length));
    if (to < from) [from, to] = [to, from];
    if (from === to && text === '') return this;
    const n = this.pieces.length;
    // Pieces [a, b] are made again: the cut at a's start must keep its `###` and the line break
    // before it (so the edit starts 3 or more characters into piece a), the cut after b must keep the
    // line break before it (the edit ends inside piece b).
    let a = this.pieceAt(from);
    while (a > 0 && from < this.#starts[a] + 3) a--;
    let b = this.pieceAt(to);
    if (b < a) b = a;
    const start = this.#starts[a];
    const old = b === a ? this.pieces[a] : this.pieces.slice(a, b + 1).join('');
    const made = old.slice(0, from - start) + text + old.slice(to - start);
    const max = 2 * this.pieceSize;
    const min = this.pieceSize >> 2;
    let fresh: string[];
    if (a === b && (made.length <= max || old.length > max) && (made.length >= min || old.length < min || n === 1)) {
      // The common case: typing inside one piece, which stays within its bounds (or was already out of them).
      fresh = [flat(made)];
    } else if (made.length < min && n > b - a + 1) {
      // Too small: joined with a neighbour and cut again.
      if (b + 1 < n) return this.remake(a, b + 2, made + this.pieces[b + 1]);
      return this.remake(a - 1, b + 1, this.pieces[a - 1] + made);
    } else fresh = cut(made, this.pieceSize);
    return this.replace(a, b + 1, fresh);
  }

  private remake(a: number, end: number, text: string): PieceText {
    return this.replace(a, end, cut(text, this.pieceSize));
  }

  /** Pieces [a, end) replaced by `fresh` (their line starts computed, every other piece's shared). */
  private replace(a: number, end: number, fresh: string[]): PieceText {
    if (fresh.length === 1 && fresh[0] === '' && (a > 0 || end < this.pieces.length)) fresh = [];
    const pieces = this.pieces.slice(0, a).concat(fresh, this.pieces.slice(end));
    if (pieces.length === 0) return new PieceText([''], [Int32Array.of(0)], this.pieceSize);
    const last = pieces.length - 1;
    const lines = this.#lines.slice(0, a);
    for (let j = a; j < a + fresh.length; j++) lines.push(linesOf(pieces[j], j === last));
    for (let j = end; j < this.pieces.length; j++) lines.push(this.#lines[j]);
    // A piece that became the last keeps a line starting at its end (the text's empty last line).
    if (fresh.length === 0 && end === this.pieces.length) lines[last] = linesOf(pieces[last], true);
    return new PieceText(pieces, lines, this.pieceSize);
  }

  /** The whole text, made when first asked and kept for this version. */
  toString(): string {
    if (this.#whole === undefined) {
      if (this.pieces.length > 1) wholeTextBuilds.count++; // one piece is the text as it is: nothing made
      this.#whole = this.pieces.length === 1 ? this.pieces[0] : this.pieces.join('');
    }
    return this.#whole;
  }
}
