// Offsets <-> LSP positions. Positions are UTF-16 based, exactly like JavaScript string indices,
// so `character` is a plain index into the line. Line breaks are `\n`, `\r\n` and a lone `\r`,
// the three the LSP specification recognises.
//
// Built from the parsed blocks (a block always starts at a line start), the index costs one small
// count per block, computed once per block object: after a keystroke only the edited block's lines
// are counted again, instead of every line of the file (100,000 in a 2 MB file) per version.

import { LastRead } from '../util/lru';
import type { PieceText } from './pieceText';

export interface Position {
  line: number;
  character: number;
}

/** What the index needs of a parsed block: where it starts and its (immutable) text. */
export interface BlockText {
  readonly start: number;
  readonly text: string;
  /** The text as a view of the file's, for a reader that keeps no piece of it (a parsed block has it: no copy made). */
  view?(): string;
}

/**
 * Line starts relative to a block, without a line starting at its very end (the next block's): for
 * the block read last only. Kept for every block they were 11 MB and 100,000 objects
 * of the 20 MB document's heap (issue 28), which every major GC marks; a block's line count, all the
 * numbering needs, is kept for every block (a number in a weak map, no object). Readers go block by
 * block (code lenses, symbols, a diagnostic's position).
 */
const blockLineStarts = new LastRead<BlockText, number[]>();
const blockLineCounts = new WeakMap<BlockText, number>();
function linesOfBlock(block: BlockText): number[] {
  let rel = blockLineStarts.get(block);
  if (!rel) {
    rel = computeLineStarts(block.text);
    if (rel[rel.length - 1] === block.text.length) rel.pop();
    blockLineStarts.set(block, rel);
    blockLineCounts.set(block, rel.length);
  }
  return rel;
}

/**
 * How many lines a block spans (cached per block object, like the index itself). Counted in a view
 * of the text, with no copy and no list: a new version's index and the code lenses ask it of every
 * block of the file, where making each block's line starts was most of the first lens list's time.
 */
export function blockLineCount(block: BlockText): number {
  let count = blockLineCounts.get(block);
  if (count === undefined) {
    count = lineCountOf(block.view ? block.view() : block.text);
    blockLineCounts.set(block, count);
  }
  return count;
}

/** The length of computeLineStarts(text) without a line starting at the very end (linesOfBlock's). */
function lineCountOf(text: string): number {
  let breaks = 0;
  let lastStart = 0;
  if (text.indexOf('\r') === -1) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
      breaks++;
      lastStart = i + 1;
    }
  } else {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13 /* \r */ || c === 10 /* \n */) {
        if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
        breaks++;
        lastStart = i + 1;
      }
    }
  }
  return breaks + (lastStart === text.length ? 0 : 1);
}

/**
 * The 0-based line within `block` of an offset relative to the block's start. Counted in the text
 * up to the offset unless the block's line starts are cached: code lenses ask this of every request
 * of a file, for the request line, a few lines into its block.
 */
export function lineInBlock(block: BlockText, offset: number): number {
  const rel = blockLineStarts.get(block);
  if (rel) return Math.max(0, lastAtOrBefore(rel, offset));
  const text = block.view ? block.view() : block.text;
  // Line starts at 1..min(offset, length - 1): a line starting at the block's very end is the next block's.
  const end = Math.min(offset, text.length - 1);
  let line = 0;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) line++;
  }
  return line;
}

/**
 * How a version's blocks differ from the previous version's: blocks [from, oldTo) of `previous`
 * were replaced by blocks [from, newTo) of this one; all others are the same (same line counts).
 */
export interface BlockEdit {
  previous: LineIndex;
  from: number;
  oldTo: number;
  newTo: number;
}

/** Lines of a file as its blocks' lines: block k's lines are numbered from `base[k]`. */
class BlockLines {
  /**
   * Where each block starts (and below, the line each starts on), as 32-bit integers. Every version
   * makes a new list of every block's start (50,000 on the 20 MB document): as arrays, 400 KB of
   * old-generation garbage per keystroke; so, half that, outside the V8 heap whose growth sets when
   * V8 collects (issue 28).
   */
  readonly starts: Int32Array;
  private built?: { base: Int32Array; count: number };

  constructor(
    readonly blocks: readonly BlockText[],
    private readonly length: number,
    /** The text ends with a line break: one more (empty) line, starting at the end. */
    private readonly tailLine: boolean,
    edit?: { previous: BlockLines; from: number; oldTo: number; newTo: number },
  ) {
    // Snapshot: the parser moves reused blocks (their `start`) when a later version is parsed.
    this.starts = new Int32Array(blocks.length);
    for (let k = 0; k < blocks.length; k++) this.starts[k] = blocks[k].start;
    // Typing changes no line count: then every block starts on the same line as in the previous
    // version, whose numbering (already built) is this one's, shared instead of summed again over
    // every block (5,000 cached lookups per keystroke on a 5,000-request file).
    const before = edit?.previous.built;
    if (edit && before && edit.newTo - edit.from === edit.oldTo - edit.from && edit.previous.tailLine === tailLine) {
      let same = true;
      for (let k = edit.from; k < edit.newTo && same; k++) same = blockLineCount(blocks[k]) === blockLineCount(edit.previous.blocks[k]);
      if (same) this.built = before;
    }
  }

  private get index(): { base: Int32Array; count: number } {
    if (!this.built) {
      const base = new Int32Array(this.blocks.length);
      let count = 0;
      for (let k = 0; k < this.blocks.length; k++) {
        base[k] = count;
        count += blockLineCount(this.blocks[k]);
      }
      this.built = { base, count: count + (this.tailLine ? 1 : 0) };
    }
    return this.built;
  }

  get count(): number {
    return this.index.count;
  }

  lineOf(offset: number): number {
    const { base, count } = this.index;
    if (this.tailLine && offset >= this.length) return count - 1;
    const k = lastAtOrBefore(this.starts, offset);
    const rel = linesOfBlock(this.blocks[k]);
    return base[k] + Math.max(0, lastAtOrBefore(rel, offset - this.starts[k]));
  }

  startOf(line: number): number {
    const { base, count } = this.index;
    if (this.tailLine && line === count - 1) return this.length;
    const k = lastAtOrBefore(base, line);
    return this.starts[k] + linesOfBlock(this.blocks[k])[line - base[k]];
  }
}

/** Index of the last element <= x in ascending `xs` (0 when none is). */
export function lastAtOrBefore(xs: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (xs[mid] <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export class LineIndex {
  private starts?: number[];
  private readonly byBlock?: BlockLines;

  /**
   * With `blocks` (the parse of `text`, tiling it), the index is built from per-block line starts;
   * with `edit` too, from the previous version's index where the edit moved no line.
   */
  constructor(
    /** A string, or pieces: read by length and character only, unless the file is one block (then its lines are counted once). */
    private readonly text: string | PieceText,
    blocks?: readonly BlockText[],
    edit?: BlockEdit,
  ) {
    if (blocks && blocks.length > 1) {
      const last = text.charCodeAt(text.length - 1);
      const previous = edit?.previous.byBlock;
      this.byBlock = new BlockLines(blocks, text.length, last === 10 || last === 13, previous && edit && { ...edit, previous });
    }
  }

  /** Offset of the first character of each line; starts[0] === 0. Built on first use. */
  private get lineStarts(): number[] {
    return (this.starts ??= computeLineStarts(this.text.toString()));
  }

  get lineCount(): number {
    return this.byBlock ? this.byBlock.count : this.lineStarts.length;
  }

  /** Offset clamped into [0, text.length]; never lands between `\r` and `\n`'s line numbering. */
  positionAt(offset: number): Position {
    const o = Math.max(0, Math.min(Number.isFinite(offset) ? Math.floor(offset) : 0, this.text.length));
    const line = this.byBlock ? this.byBlock.lineOf(o) : lastAtOrBefore(this.lineStarts, o);
    return { line, character: o - this.startOf(line) };
  }

  /** A character past the end of its line is clamped to the line end (before its line break), as LSP asks. */
  offsetAt(position: Position): number {
    if (!Number.isFinite(position.line) || position.line < 0) return 0;
    if (position.line >= this.lineCount) return this.text.length;
    const start = this.startOf(position.line);
    const end = this.lineContentEnd(position.line);
    const ch = Number.isFinite(position.character) ? Math.floor(position.character) : 0;
    return Math.max(start, Math.min(start + ch, end));
  }

  /** Offset where line `line` starts. */
  lineStart(line: number): number {
    return this.startOf(Math.max(0, Math.min(line, this.lineCount - 1)));
  }

  /** Offset just before the line break of `line` (or the text end). */
  lineContentEnd(line: number): number {
    const l = Math.max(0, Math.min(line, this.lineCount - 1));
    const start = this.startOf(l);
    let end = l + 1 < this.lineCount ? this.startOf(l + 1) : this.text.length;
    if (end > start && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  private startOf(line: number): number {
    return this.byBlock ? this.byBlock.startOf(line) : this.lineStarts[line];
  }
}

/** Offsets where lines start (LSP line breaks: `\n`, `\r\n`, lone `\r`); the server's documents use it too. */
export function computeLineStarts(text: string): number[] {
  const starts = [0];
  if (text.indexOf('\r') === -1) {
    // Common case: `\n` only; the native search is several times faster than a character loop.
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (c === 10 /* \n */) {
      starts.push(i + 1);
    }
  }
  return starts;
}
