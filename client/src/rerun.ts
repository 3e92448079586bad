// "Rerun Last Request" (Ctrl+Alt+L, as REST Client's): sends again the request last sent with Send in
// this window, as its file now reads (the request at the same line, dependencies first, like Send).
import type * as vscode from 'vscode';

export class LastRequest {
  private last?: { uri: vscode.Uri; line: number };

  remember(uri: vscode.Uri, line: number): void {
    this.last = { uri, line };
  }

  async rerun(send: (uri: vscode.Uri, line: number) => Promise<unknown>): Promise<void> {
    if (!this.last) throw new Error('no request was sent in this window yet; send one first (Ctrl+Alt+R or its "Send request" lens)');
    await send(this.last.uri, this.last.line);
  }
}
