// Responses open beside the request file as read-only virtual documents on the
// `payout-http-response:` scheme, one per request (file + request), reused on every send; Send All
// opens one summary whose lines link to each request's response. Only text the language server
// rendered secret-free (engine/http/render.ts) is ever in a view.
import * as path from 'node:path';
import * as vscode from 'vscode';

export const RESPONSE_SCHEME = 'payout-http-response';

export class ResponseView implements vscode.TextDocumentContentProvider, vscode.DocumentLinkProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly links = new Map<string, { line: number; target: vscode.Uri }[]>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registrations = [
    vscode.workspace.registerTextDocumentContentProvider(RESPONSE_SCHEME, this),
    vscode.languages.registerDocumentLinkProvider({ scheme: RESPONSE_SCHEME }, this),
  ];

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

  provideDocumentLinks(doc: vscode.TextDocument): vscode.DocumentLink[] {
    return (this.links.get(doc.uri.toString()) ?? [])
      .filter((l) => l.line < doc.lineCount)
      .map((l) => {
        const link = new vscode.DocumentLink(doc.lineAt(l.line).range, l.target);
        link.tooltip = 'Open this response';
        return link;
      });
  }

  /** Keeps a view's text (an open tab of it refreshes) without opening it. */
  set(uri: vscode.Uri, text: string, links: { line: number; target: vscode.Uri }[] = []): void {
    this.texts.set(uri.toString(), text);
    this.links.set(uri.toString(), links);
    this.changed.fire(uri);
  }

  async show(uri: vscode.Uri, text: string, links: { line: number; target: vscode.Uri }[] = []): Promise<vscode.TextEditor> {
    this.set(uri, text, links);
    const doc = await vscode.workspace.openTextDocument(uri);
    return vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
  }

  dispose(): void {
    for (const r of this.registrations) r.dispose();
    this.changed.dispose();
  }
}
