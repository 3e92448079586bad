// The server's text documents: a TextDocument that takes changes in O(1) and applies them when its
// text is next read. With vscode-languageserver-textdocument every didChange of a 2 MB file copies
// the whole text and shifts 100,000 line offsets, so 200 keystrokes sent back to back cost 200 full
// copies before the one lint that follows (the scheduler lints only the last version). Here typing
// (edits within one line, inserting no line break: nearly every keystroke) is applied in one pass
// for the whole batch; anything else goes through the library's own update, change by change.

import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { Position, Range } from 'vscode-languageserver';
import { computeLineStarts } from '../../engine/syntax/lineIndex';

const isLineBreak = (c: number) => c === 10 || c === 13;
const hasLineBreak = (s: string) => s.indexOf('\n') !== -1 || s.indexOf('\r') !== -1;

export class BatchedDocument {
  private content: string;
  private starts?: number[];
  private pending: TextDocumentContentChangeEvent[] = [];
  /** The last batch applied, when it was typing (see pendingTyping). */
  private applied?: { base: string; lines: ReadonlyMap<number, string> };

  constructor(
    readonly uri: string,
    readonly languageId: string,
    public version: number,
    content: string,
  ) {
    this.content = content;
  }

  /** TextDocuments' `update`: the changes are kept, not applied. */
  static update(doc: BatchedDocument, changes: TextDocumentContentChangeEvent[], version: number): BatchedDocument {
    doc.pending.push(...changes);
    doc.version = version;
    return doc;
  }

  static create(uri: string, languageId: string, version: number, content: string): BatchedDocument {
    return new BatchedDocument(uri, languageId, version, content);
  }

  getText(range?: Range): string {
    this.flush();
    return range ? this.content.substring(this.offsetAt(range.start), this.offsetAt(range.end)) : this.content;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    this.flush();
    const o = Math.max(0, Math.min(offset, this.content.length));
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    // Inside a `\r\n` pair: before it, as the library answers.
    let at = o;
    while (at > starts[lo] && isLineBreak(this.content.charCodeAt(at - 1))) at--;
    return { line: lo, character: at - starts[lo] };
  }

  offsetAt(position: Position): number {
    this.flush();
    const starts = this.lineStarts;
    if (position.line >= starts.length) return this.content.length;
    if (position.line < 0) return 0;
    const start = starts[position.line];
    return Math.max(start, Math.min(start + position.character, this.contentEnd(position.line)));
  }

  private get lineStarts(): number[] {
    this.flush();
    return this.lineStartsNow();
  }

  /** Line starts of the content as it is (pending changes not applied). */
  private lineStartsNow(): number[] {
    return (this.starts ??= computeLineStarts(this.content));
  }

  /** Offset before the line break of `line` (as the library clamps a character past the line's end). */
  private contentEnd(line: number): number {
    const starts = this.starts!;
    let end = line + 1 < starts.length ? starts[line + 1] : this.content.length;
    if (end > starts[line] && this.content.charCodeAt(end - 1) === 10) end--;
    if (end > starts[line] && this.content.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  /**
   * The typing the last parsed text may not have seen yet, as the new text of each edited line,
   * with the text it applies to: the changes not applied yet when there are any (undefined when one
   * of them is not typing: edits within lines, no line break), else the last batch applied, when
   * it was typing (the lint applies a batch a turn before it parses it). Applies nothing: a request
   * can be answered from the edited lines alone (engine/language/window.ts, which checks that `base`
   * is the text it last parsed).
   */
  pendingTyping(): { base: string; lines: ReadonlyMap<number, string> } | undefined {
    if (!this.pending.length) return this.applied;
    const lines = this.typedLines(this.pending);
    return lines && { base: this.content, lines };
  }

  /** Each edited line's new text, or undefined when a change is not typing (see pendingTyping). */
  private typedLines(changes: readonly TextDocumentContentChangeEvent[]): Map<number, string> | undefined {
    const starts = this.lineStartsNow();
    // Typing keeps the number of lines, so every edit's line can be checked against today's count.
    const typing = changes.every(
      (c) =>
        'range' in c &&
        c.range.start.line === c.range.end.line &&
        c.range.start.line >= 0 &&
        c.range.start.line < starts.length &&
        !hasLineBreak(c.text),
    );
    if (!typing) return undefined;
    const edited = new Map<number, string>();
    for (const { range, text } of changes as { range: Range; text: string }[]) {
      const line = range.start.line;
      let current = edited.get(line);
      if (current === undefined) current = this.content.slice(starts[line], this.contentEnd(line));
      // Characters clamped to the line, as the library does; start and end in order.
      const a = Math.max(0, Math.min(range.start.character, current.length));
      const b = Math.max(0, Math.min(range.end.character, current.length));
      const lineText = current.slice(0, Math.min(a, b)) + text + current.slice(Math.max(a, b));
      // Emptying a line that sits between a lone CR and its own LF joins them into one CRLF: a line
      // is gone ("\r" "a\n" less the "a" is "\r\n"), so that is not typing, even when a later change
      // of the batch fills the line again (that change's position counts lines after the join).
      if (lineText === '' && starts[line] > 0 && this.content.charCodeAt(starts[line] - 1) === 13) {
        if (this.content.charCodeAt(this.contentEnd(line)) === 10) return undefined;
      }
      edited.set(line, lineText);
    }
    return edited;
  }

  private flush(): void {
    if (!this.pending.length) return;
    const changes = this.pending;
    this.pending = [];
    const typed = this.typedLines(changes);
    this.applied = typed && { base: this.content, lines: typed };
    if (typed) this.applyTyping(typed);
    else {
      const doc = TextDocument.update(TextDocument.create(this.uri, this.languageId, this.version, this.content), changes, this.version);
      this.content = doc.getText();
      this.starts = undefined;
    }
  }

  /** Edits inside lines (each line's new text): the text rebuilt once, line starts shifted. */
  private applyTyping(edited: ReadonlyMap<number, string>): void {
    const starts = this.lineStartsNow();
    const lines = [...edited.keys()].sort((x, y) => x - y);
    // Read before any line start moves: where each edited line ends, and by how much it grows.
    const ends = lines.map((line) => this.contentEnd(line));
    const growth = lines.map((line, j) => edited.get(line)!.length - (ends[j] - starts[line]));
    const parts: string[] = [];
    let from = 0;
    lines.forEach((line, j) => {
      parts.push(this.content.slice(from, starts[line]), edited.get(line)!);
      from = ends[j];
    });
    parts.push(this.content.slice(from));
    this.content = parts.join('');
    // Lines after an edited line move by what the edited lines before them grew or shrank. In place:
    // the array is this document's own, and a copy per batch was 8 MB of garbage on a 20 MB file.
    let shift = 0;
    for (let j = 0; j < lines.length; j++) {
      shift += growth[j];
      const last = j + 1 < lines.length ? lines[j + 1] : starts.length - 1;
      if (shift !== 0) for (let l = lines[j] + 1; l <= last; l++) starts[l] += shift;
    }
  }
}
