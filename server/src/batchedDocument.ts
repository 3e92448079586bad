// The server's text documents: a TextDocument that takes changes in O(1) and applies them when its
// text is next read. With vscode-languageserver-textdocument every didChange of a 2 MB file copies
// the whole text and shifts 100,000 line offsets, so 200 keystrokes sent back to back cost 200 full
// copies before the one lint that follows (the scheduler lints only the last version). Here typing
// (edits within one line, inserting no line break: nearly every keystroke) is applied in one pass
// for the whole batch; anything else change by change, as the library does.
//
// The text is held as pieces (engine/syntax/pieceText.ts, issue 28): a keystroke makes a new piece
// of ~64 K characters, not a new copy of the file (on the 20 MB document each keystroke's 20 MB
// string was garbage until a major GC: +42 MB of RSS per keystroke and undo). The engine parses the
// pieces (`pieces()`); `getText()` makes the whole string only for the callers that need it.

import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { Position, Range } from 'vscode-languageserver';
import { PieceText } from '../../engine/syntax/pieceText';

const isLineBreak = (c: number) => c === 10 || c === 13;
const hasLineBreak = (s: string) => s.indexOf('\n') !== -1 || s.indexOf('\r') !== -1;

export class BatchedDocument {
  private content: PieceText;
  private pending: TextDocumentContentChangeEvent[] = [];
  /** The last batch applied, when it was typing (see pendingTyping). */
  private applied?: { base: PieceText; lines: ReadonlyMap<number, string> };

  constructor(
    readonly uri: string,
    readonly languageId: string,
    public version: number,
    content: string,
    /** Characters a piece is cut at (tests give a few, to have many pieces in a short text). */
    pieceSize?: number,
  ) {
    this.content = PieceText.from(content, pieceSize);
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

  /** The whole text (made once per version, when first asked) or a range of it. */
  getText(range?: Range): string {
    this.flush();
    return range ? this.content.slice(this.offsetAt(range.start), this.offsetAt(range.end)) : this.content.toString();
  }

  /** The text as pieces: what the engine parses, without a string of the whole file. */
  pieces(): PieceText {
    this.flush();
    return this.content;
  }

  get lineCount(): number {
    this.flush();
    return this.content.lineCount;
  }

  positionAt(offset: number): Position {
    this.flush();
    const text = this.content;
    const o = Math.max(0, Math.min(offset, text.length));
    const line = text.lineAt(o);
    const start = text.lineStart(line);
    // Inside a `\r\n` pair: before it, as the library answers.
    let at = o;
    while (at > start && isLineBreak(text.charCodeAt(at - 1))) at--;
    return { line, character: at - start };
  }

  offsetAt(position: Position): number {
    this.flush();
    return this.offsetNow(position);
  }

  /** offsetAt on the content as it is (pending changes not applied). */
  private offsetNow(position: Position): number {
    const text = this.content;
    if (position.line >= text.lineCount) return text.length;
    if (position.line < 0) return 0;
    const start = text.lineStart(position.line);
    return Math.max(start, Math.min(start + position.character, this.contentEnd(position.line)));
  }

  /** Offset before the line break of `line` (as the library clamps a character past the line's end). */
  private contentEnd(line: number, text = this.content): number {
    const start = text.lineStart(line);
    let end = line + 1 < text.lineCount ? text.lineStart(line + 1) : text.length;
    if (end > start && text.charCodeAt(end - 1) === 10) end--;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  /**
   * The typing the last parsed text may not have seen yet, as the new text of each edited line,
   * with the text it applies to: the changes not applied yet when there are any (undefined when one
   * of them is not typing: edits within lines, no line break), else the last batch applied, when
   * it was typing (the lint applies a batch a turn before it parses it). Applies nothing: a request
   * can be answered from the edited lines alone (engine/language/window.ts, which checks that `base`
   * is the very text it last parsed: the same PieceText object).
   */
  pendingTyping(): { base: PieceText; lines: ReadonlyMap<number, string> } | undefined {
    if (!this.pending.length) return this.applied;
    const lines = this.typedLines(this.pending);
    return lines && { base: this.content, lines };
  }

  /** Each edited line's new text, or undefined when a change is not typing (see pendingTyping). */
  private typedLines(changes: readonly TextDocumentContentChangeEvent[]): Map<number, string> | undefined {
    const text = this.content;
    const lineCount = text.lineCount;
    // Typing keeps the number of lines, so every edit's line can be checked against today's count.
    const typing = changes.every(
      (c) =>
        'range' in c &&
        c.range.start.line === c.range.end.line &&
        c.range.start.line >= 0 &&
        c.range.start.line < lineCount &&
        !hasLineBreak(c.text),
    );
    if (!typing) return undefined;
    const edited = new Map<number, string>();
    for (const { range, text: typed } of changes as { range: Range; text: string }[]) {
      const line = range.start.line;
      const start = text.lineStart(line);
      let current = edited.get(line);
      if (current === undefined) current = text.slice(start, this.contentEnd(line));
      // Characters clamped to the line, as the library does; start and end in order.
      const a = Math.max(0, Math.min(range.start.character, current.length));
      const b = Math.max(0, Math.min(range.end.character, current.length));
      const lineText = current.slice(0, Math.min(a, b)) + typed + current.slice(Math.max(a, b));
      // Emptying a line that sits between a lone CR and its own LF joins them into one CRLF: a line
      // is gone ("\r" "a\n" less the "a" is "\r\n"), so that is not typing, even when a later change
      // of the batch fills the line again (that change's position counts lines after the join).
      if (lineText === '' && start > 0 && text.charCodeAt(start - 1) === 13) {
        if (text.charCodeAt(this.contentEnd(line)) === 10) return undefined;
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
      // As the library's update: each change in turn, its range read in the text the changes
      // before it made; a change without a range is the whole new text.
      for (const c of changes) {
        if (!('range' in c)) this.content = PieceText.from(c.text, this.content.pieceSize);
        else this.content = this.content.edit(this.offsetNow(c.range.start), this.offsetNow(c.range.end), c.text);
      }
    }
  }

  /** Edits inside lines (each line's new text): each line's piece made again, the last line first (offsets before it hold). */
  private applyTyping(edited: ReadonlyMap<number, string>): void {
    const lines = [...edited.keys()].sort((x, y) => y - x);
    let text = this.content;
    for (const line of lines) text = text.edit(text.lineStart(line), this.contentEnd(line, text), edited.get(line)!);
    this.content = text;
  }
}
