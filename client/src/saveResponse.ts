// "Save Response As…" from a response view: the body alone (as received, e.g. to keep a JSON
// fixture) or the whole exchange (the view's text). Both are what the language server sent over:
// rendered and redacted there, so the secretKey, a private key or a token is never written.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SentRequest } from '../../engine/protocol';
import { RESPONSE_SCHEME } from './responseView';

export class SavedResponses {
  /** A response view's URI -> the body of the response it shows (redacted by the server). */
  private readonly bodies = new Map<string, string>();

  remember(view: vscode.Uri, r: SentRequest): void {
    if (r.body !== undefined) this.bodies.set(view.toString(), r.body);
    else this.bodies.delete(view.toString());
  }

  /** The view given (the editor title button's argument), else the active editor's. */
  async saveAs(view?: vscode.Uri): Promise<vscode.Uri | undefined> {
    const uri = view ?? vscode.window.activeTextEditor?.document.uri;
    if (uri?.scheme !== RESPONSE_SCHEME) throw new Error('open a response view first (send a request), then save it');
    const text = (await vscode.workspace.openTextDocument(uri)).getText();
    const body = this.bodies.get(uri.toString());
    const picked =
      body === undefined
        ? { whole: true }
        : await vscode.window.showQuickPick(
            [
              { label: 'Body only', description: 'the response body as received', whole: false },
              { label: 'Whole exchange', description: 'request line, status, verdicts, assertions, headers and body', whole: true },
            ],
            { title: 'Payout HTTP: Save Response As…' },
          );
    if (!picked) return undefined;
    const name = path.posix
      .basename(uri.path)
      .replace(/\.response$/, '')
      .replace(/[^\w.-]+/g, '-');
    const json = !picked.whole && isJson(body!);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const suggested = `${name}${picked.whole ? '.response.txt' : json ? '.json' : '.txt'}`;
    const target = await vscode.window.showSaveDialog({
      title: picked.whole ? 'Save the whole exchange' : 'Save the response body',
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, suggested) } : {}),
      filters: json ? { JSON: ['json'], 'All files': ['*'] } : { Text: ['txt'], 'All files': ['*'] },
    });
    if (!target) return undefined;
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(picked.whole ? text : body!));
    void vscode.window.showInformationMessage(
      `Payout HTTP: ${picked.whole ? 'exchange' : 'body'} saved to ${vscode.workspace.asRelativePath(target)}.`,
    );
    return target;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
