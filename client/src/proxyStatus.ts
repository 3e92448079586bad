// A running inspecting proxy in the status bar, once its notification is gone (issue 27): where it
// listens and where it forwards; a click stops it.
import * as vscode from 'vscode';
import type { ProxyStatus } from '../../engine/protocol';
import { COMMANDS } from './commandIds';

export class ProxyStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('payoutHttp.proxy', vscode.StatusBarAlignment.Left, 47);

  constructor() {
    this.item.name = 'Payout HTTP inspecting proxy';
    this.item.command = COMMANDS.stopProxy;
  }

  started(s: ProxyStatus): void {
    this.item.text = '$(radio-tower) proxy';
    this.item.tooltip = `Payout HTTP inspecting proxy on ${s.url} -> ${s.upstream} (click to stop)`;
    this.item.show();
  }

  stopped(): void {
    this.item.hide();
  }

  dispose(): void {
    this.item.dispose();
  }
}
