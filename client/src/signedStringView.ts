// The live signed-string view: a webview beside the editor that follows the request under the
// cursor and shows its canonical string segment by segment (via `payoutHttp/canonicalString`).
// Each segment links to its field: a click reveals and selects the field's range in the file.
// The secret is never in the view: the server sends `<secretKey>` in its place.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  CanonicalStringRequest,
  LANGUAGE_ID,
  type CanonicalStringParams,
  type CanonicalStringResponse,
  type ProtocolRange,
} from '../../engine/protocol';
import { renderSignedStringHtml } from './signedStringHtml';

import { COMMANDS } from './commandIds';

export const REVEAL_FIELD_COMMAND = COMMANDS.revealField;

export class SignedStringView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private target: vscode.TextEditor | undefined;
  private timer: NodeJS.Timeout | undefined;
  private generation = 0;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.disposables.push(
      vscode.window.onDidChangeTextEditorSelection((e) => this.follow(e.textEditor)),
      vscode.window.onDidChangeActiveTextEditor((e) => e && this.follow(e)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.target && e.document === this.target.document) this.schedule();
      }),
    );
  }

  show(editor: vscode.TextEditor | undefined): void {
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(
        'payoutHttp.signedString',
        'Signed string',
        {
          viewColumn: vscode.ViewColumn.Beside,
          preserveFocus: true,
        },
        { enableScripts: true, localResourceRoots: [] },
      );
      this.panel.onDidDispose(() => (this.panel = undefined), undefined, this.disposables);
      this.panel.webview.onDidReceiveMessage(
        (m: { range?: ProtocolRange }) => {
          if (m?.range) void this.reveal(m.range);
        },
        undefined,
        this.disposables,
      );
    } else {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    if (editor) this.follow(editor);
    else this.schedule();
  }

  /** The server re-read the environment (payoutHttp/environmentChanged): values shown may have changed. */
  environmentChanged(): void {
    if (this.panel) this.schedule();
  }

  /** Selects a field's range in the file the view follows (target of the webview's links). */
  async reveal(range: ProtocolRange): Promise<void> {
    const doc = this.target?.document;
    if (!doc) return;
    const r = new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: this.target?.viewColumn, selection: r, preserveFocus: false });
    editor.revealRange(r, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  private follow(editor: vscode.TextEditor): void {
    if (!this.panel || editor.document.languageId !== LANGUAGE_ID) return;
    this.target = editor;
    this.schedule();
  }

  // Coalesce bursts of keystrokes/cursor moves into one request.
  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), 80);
  }

  private async refresh(): Promise<void> {
    const panel = this.panel;
    const editor = this.target;
    const client = this.client();
    if (!panel) return;
    const gen = ++this.generation;
    let result: CanonicalStringResponse = null;
    let problem: string | undefined;
    if (!editor) problem = 'Open a .payout.http file and put the cursor in a signed request.';
    else if (!client?.isRunning())
      problem = 'The Payout HTTP language server is not running; see the "Payout HTTP Language Server" output.';
    else {
      const params: CanonicalStringParams = {
        uri: editor.document.uri.toString(),
        position: { line: editor.selection.active.line, character: editor.selection.active.character },
      };
      try {
        result = await client.sendRequest<CanonicalStringResponse>(CanonicalStringRequest.method, params);
      } catch (e) {
        problem = `The language server could not compute the signed string: ${(e as Error).message}`;
      }
    }
    if (gen !== this.generation || !this.panel) return; // a newer refresh is under way
    panel.webview.html = renderSignedStringHtml(result, {
      fileName: editor ? vscode.workspace.asRelativePath(editor.document.uri) : undefined,
      problem,
      cspSource: panel.webview.cspSource,
      nonce: nonce(),
    });
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

function nonce(): string {
  let s = '';
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  for (let i = 0; i < 32; i++) s += chars[Math.floor(Math.random() * chars.length)];
  return s;
}
