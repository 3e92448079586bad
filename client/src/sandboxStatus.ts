// The local sandbox in the status bar. The language server starts it on demand (a send to the
// `local` environment) and stops it on shutdown when it started it; it tells the client with
// SandboxStatusNotification, and this item shows that.
import * as vscode from 'vscode';
import type { SandboxStatus } from '../../engine/protocol';

export class SandboxStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('payoutHttp.sandbox', vscode.StatusBarAlignment.Left, 49);

  constructor() {
    this.item.name = 'Payout HTTP local sandbox';
    this.item.command = 'payoutHttp.stopSandbox';
  }

  update(s: SandboxStatus): void {
    if (!s.running) {
      this.item.hide();
      return;
    }
    this.item.text = '$(vm-running) sandbox';
    this.item.tooltip = `Payout HTTP local sandbox at ${s.url ?? '?'}${s.startedHere ? ' (stopped when the editor closes; click to stop now)' : ' (started elsewhere; click to stop)'}`;
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
