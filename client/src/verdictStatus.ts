// The verdict of the last request sent from the active editor, in the status bar: the inline mark
// at the end of the request line is off-screen when the response opens beside a narrow editor
// (issue 27), the status bar is always seen. Follows the marks (requestMarks.ts): gone when its
// request line is edited, and shown for whichever editor is active.
import * as vscode from 'vscode';
import type { RequestMark } from './requestMarks';

export class VerdictStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('payoutHttp.verdict', vscode.StatusBarAlignment.Left, 48);
  /** Per document: the mark of its last send, while that mark stands. */
  private readonly last = new Map<string, RequestMark>();

  constructor() {
    this.item.name = 'Payout HTTP last verdict';
  }

  /** A send finished in `uri` with `mark`. */
  set(uri: vscode.Uri, mark: RequestMark): void {
    this.last.set(uri.toString(), mark);
    this.refresh();
  }

  /** The document's marks now (after an edit moved or removed some). */
  follow(uri: vscode.Uri, marks: readonly RequestMark[]): void {
    const key = uri.toString();
    const mark = this.last.get(key);
    if (!mark) return;
    const still = marks.find((m) => m.text === mark.text && m.kind === mark.kind);
    if (still) this.last.set(key, still);
    else this.last.delete(key);
    this.refresh();
  }

  refresh(): void {
    const editor = vscode.window.activeTextEditor;
    const mark = editor ? this.last.get(editor.document.uri.toString()) : undefined;
    if (!mark) {
      this.item.hide();
      return;
    }
    this.item.text = `Payout: ${mark.text}`;
    this.item.tooltip = `Payout HTTP: the last request sent from this file (line ${mark.line + 1}): ${mark.text}`;
    this.item.backgroundColor = mark.kind === 'bad' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
