// Responses open beside the request file as read-only virtual documents on the
// `payout-http-response:` scheme, one per request (file + request), reused on every send. Only the
// text handed to show() is in a view; callers render it secret-free (see responseText.ts).
import * as path from 'node:path';
import * as vscode from 'vscode';

export const RESPONSE_SCHEME = 'payout-http-response';
export const RESPONSE_LANGUAGE_ID = 'payout-http-response';

export class ResponseView implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(RESPONSE_SCHEME, this);

  /** The view of one request: stable for a file and a request key (its name, else its line). */
  static uriFor(file: vscode.Uri, requestKey: string): vscode.Uri {
    const base = path.basename(file.path).replace(/\.payout\.http$/, '');
    const safe = requestKey.replace(/[^\w.-]+/g, '-');
    return vscode.Uri.from({
      scheme: RESPONSE_SCHEME,
      path: `/${base} · ${safe}.response`,
      query: new URLSearchParams({ file: file.toString(), request: requestKey }).toString(),
    });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? 'This response is no longer in memory; send the request again.';
  }

  async show(uri: vscode.Uri, text: string, beside: vscode.ViewColumn | undefined): Promise<vscode.TextEditor> {
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    // A language of its own (syntaxes/payout-http-response.tmLanguage.json): coloured verdicts, wrapped lines.
    const doc = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), RESPONSE_LANGUAGE_ID);
    return vscode.window.showTextDocument(doc, {
      viewColumn: beside ?? vscode.ViewColumn.Beside,
      preserveFocus: true,
      preview: false,
    });
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
