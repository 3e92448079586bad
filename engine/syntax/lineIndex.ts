// Offsets <-> LSP positions. Positions are UTF-16 based, exactly like JavaScript string indices,
// so `character` is a plain index into the line. Line breaks are `\n`, `\r\n` and a lone `\r`,
// the three the LSP specification recognises.

export interface Position {
  line: number;
  character: number;
}

export class LineIndex {
  private starts?: number[];

  constructor(private readonly text: string) {}

  /** Offset of the first character of each line; starts[0] === 0. Built on first use. */
  private get lineStarts(): number[] {
    return (this.starts ??= computeLineStarts(this.text));
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** Offset clamped into [0, text.length]; never lands between `\r` and `\n`'s line numbering. */
  positionAt(offset: number): Position {
    const o = Math.max(0, Math.min(Number.isFinite(offset) ? Math.floor(offset) : 0, this.text.length));
    // Last line start <= o (binary search).
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - this.lineStarts[lo] };
  }

  /** A character past the end of its line is clamped to the line end (before its line break), as LSP asks. */
  offsetAt(position: Position): number {
    if (!Number.isFinite(position.line) || position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[position.line];
    const end = this.lineContentEnd(position.line);
    const ch = Number.isFinite(position.character) ? Math.floor(position.character) : 0;
    return Math.max(start, Math.min(start + ch, end));
  }

  /** Offset where line `line` starts. */
  lineStart(line: number): number {
    return this.lineStarts[Math.max(0, Math.min(line, this.lineStarts.length - 1))];
  }

  /** Offset just before the line break of `line` (or the text end). */
  lineContentEnd(line: number): number {
    const l = Math.max(0, Math.min(line, this.lineStarts.length - 1));
    let end = l + 1 < this.lineStarts.length ? this.lineStarts[l + 1] : this.text.length;
    if (end > this.lineStarts[l] && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > this.lineStarts[l] && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }
}

function computeLineStarts(text: string): number[] {
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
