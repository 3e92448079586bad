// After a send, an inline mark at the end of the request line: ✓ verified, ✗ not verified, or the
// error code. Marks follow edits (lines above shift them) and disappear when their line is edited,
// because the mark describes the request as it was sent.
import * as vscode from 'vscode';
import { VerdictStatusItem } from './verdictStatus';

export type MarkKind = 'ok' | 'bad' | 'neutral';
export interface RequestMark {
  line: number;
  text: string;
  kind: MarkKind;
}

export class RequestMarks implements vscode.Disposable {
  private readonly marks = new Map<string, RequestMark[]>();
  private readonly types: Record<MarkKind, vscode.TextEditorDecorationType>;
  private readonly disposables: vscode.Disposable[] = [];
  /** The last verdict also in the status bar, where it is seen beside a narrow editor. */
  private readonly verdict = new VerdictStatusItem();

  constructor() {
    const type = (color: string) =>
      vscode.window.createTextEditorDecorationType({
        after: { margin: '0 0 0 2em', color: new vscode.ThemeColor(color), fontStyle: 'italic' },
        rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
      });
    this.types = { ok: type('testing.iconPassed'), bad: type('testing.iconFailed'), neutral: type('editorCodeLens.foreground') };
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => this.onEdit(e)),
      vscode.window.onDidChangeVisibleTextEditors(() => this.paintAll()),
      vscode.window.onDidChangeActiveTextEditor(() => this.verdict.refresh()),
      this.verdict,
    );
  }

  set(uri: vscode.Uri, mark: RequestMark): void {
    const list = (this.marks.get(uri.toString()) ?? []).filter((m) => m.line !== mark.line);
    list.push(mark);
    this.marks.set(uri.toString(), list);
    this.paint(uri);
    this.verdict.set(uri, mark);
  }

  /** The marks of a document, for tests and the response view. */
  get(uri: vscode.Uri): readonly RequestMark[] {
    return this.marks.get(uri.toString()) ?? [];
  }

  private onEdit(e: vscode.TextDocumentChangeEvent): void {
    const key = e.document.uri.toString();
    let list = this.marks.get(key);
    if (!list || !e.contentChanges.length) return;
    for (const c of e.contentChanges) {
      const first = c.range.start.line;
      const last = c.range.end.line;
      const delta = c.text.split('\n').length - 1 - (last - first);
      list = list.filter((m) => m.line < first || m.line > last).map((m) => (m.line > last ? { ...m, line: m.line + delta } : m));
    }
    this.marks.set(key, list);
    this.paint(e.document.uri);
    this.verdict.follow(e.document.uri, list);
  }

  private paintAll(): void {
    for (const editor of vscode.window.visibleTextEditors) this.paintEditor(editor);
  }

  private paint(uri: vscode.Uri): void {
    for (const editor of vscode.window.visibleTextEditors) {
      if (editor.document.uri.toString() === uri.toString()) this.paintEditor(editor);
    }
  }

  private paintEditor(editor: vscode.TextEditor): void {
    const list = this.marks.get(editor.document.uri.toString()) ?? [];
    for (const kind of Object.keys(this.types) as MarkKind[]) {
      const options = list
        .filter((m) => m.kind === kind && m.line < editor.document.lineCount)
        .map((m) => {
          const line = editor.document.lineAt(m.line);
          return { range: line.range.with(line.range.end, line.range.end), renderOptions: { after: { contentText: m.text } } };
        });
      editor.setDecorations(this.types[kind], options);
    }
  }

  dispose(): void {
    for (const t of Object.values(this.types)) t.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
