// The active environment: shown in the status bar, picked from a list, remembered per workspace,
// and told to the language server (payoutHttp/activeEnvironment) so the preview resolves against it.
// `local` (the local sandbox) is the default.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEFAULT_ENVIRONMENT, EnvironmentsRequest } from '../../engine/protocol';
import type { EngineClient } from './engine';

const MEMENTO_KEY = 'payoutHttp.activeEnvironment';

export class EnvironmentState implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('payoutHttp.environment', vscode.StatusBarAlignment.Left, 50);
  private readonly changed = new vscode.EventEmitter<string>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly memento: vscode.Memento) {
    this.item.name = 'Payout HTTP environment';
    this.item.command = 'payoutHttp.selectEnvironment';
    this.render();
  }

  /** The picked environment, else the `payoutHttp.environment` setting, else `local`. */
  get current(): string {
    return (
      this.memento.get<string>(MEMENTO_KEY) ||
      vscode.workspace.getConfiguration('payoutHttp').get<string>('environment') ||
      DEFAULT_ENVIRONMENT
    );
  }

  async set(name: string): Promise<void> {
    await this.memento.update(MEMENTO_KEY, name);
    this.render();
    this.changed.fire(name);
  }

  /** Shows the status bar item while a .payout.http editor is active. */
  updateVisibility(editor: vscode.TextEditor | undefined): void {
    if (editor?.document.languageId === 'payout-http') this.item.show();
    else this.item.hide();
  }

  /** The environments of the file's env files (the server reads them), `local` first. */
  async pick(engine: EngineClient, where: { uri?: string; folder?: string }): Promise<void> {
    const names = await engine.request(EnvironmentsRequest, where);
    const items: (vscode.QuickPickItem & { name: string })[] = names.map((n) => ({
      name: n.name,
      label: n.name === this.current ? `$(check) ${n.name}` : n.name,
      description:
        n.name === DEFAULT_ENVIRONMENT
          ? 'local sandbox, started on demand'
          : n.source
            ? path.basename(path.dirname(n.source)) + '/' + path.basename(n.source)
            : undefined,
    }));
    const choice = await vscode.window.showQuickPick(items, {
      title: 'Payout HTTP: environment',
      placeHolder:
        names.length > 1
          ? 'Pick the environment requests are sent to'
          : 'Only the local sandbox is configured; add environments in http-client.env.json',
    });
    if (choice) await this.set(choice.name);
  }

  private render(): void {
    const name = this.current;
    this.item.text = `$(server-environment) ${name}`;
    this.item.tooltip =
      name === DEFAULT_ENVIRONMENT
        ? 'Payout HTTP: requests go to the local sandbox (started on demand). Click to pick another environment.'
        : `Payout HTTP: requests go to the "${name}" environment. Click to pick another.`;
  }

  dispose(): void {
    this.item.dispose();
    this.changed.dispose();
  }
}
