// The local sandbox seen from the editor: started on demand (ensureLocalSandbox spawns
// `node dist/cli.js sandbox`, the CLI bundled in the VSIX), and stopped with the editor when this
// extension started it. A sandbox that was already running (e.g. from a terminal) is reused and
// left running.
import * as vscode from 'vscode';
import { ensureLocalSandbox, stopLocalSandbox } from '../../engine/sandbox/ensure';
import { payoutHome } from '../../engine/sandbox/home';

export class LocalSandbox implements vscode.Disposable {
  private startedHere = false;
  private pending: Promise<string> | undefined;
  private readonly item = vscode.window.createStatusBarItem('payoutHttp.sandbox', vscode.StatusBarAlignment.Left, 49);

  constructor(private readonly cliPath: string, private readonly log: vscode.LogOutputChannel) {
    this.item.name = 'Payout HTTP local sandbox';
    this.item.command = 'payoutHttp.stopSandbox';
  }

  /** The sandbox's base URL, starting it when needed. */
  ensure(): Promise<string> {
    this.pending ??= (async () => {
      try {
        const { url, started } = await ensureLocalSandbox({ home: payoutHome(), cliPath: this.cliPath, ...nodeRuntime() });
        if (started) this.startedHere = true;
        this.log.info(`local sandbox ${started ? 'started' : 'reused'} at ${url}`);
        this.item.text = '$(vm-running) sandbox';
        this.item.tooltip = `Payout HTTP local sandbox at ${url}${this.startedHere ? ' (stopped when the editor closes; click to stop now)' : ' (started elsewhere; click to stop)'}`;
        this.item.show();
        return url;
      } finally {
        this.pending = undefined;
      }
    })();
    return this.pending;
  }

  async stop(): Promise<boolean> {
    const stopped = await stopLocalSandbox({ home: payoutHome() });
    this.startedHere = false;
    this.item.hide();
    if (stopped) this.log.info('local sandbox stopped');
    return stopped;
  }

  /** On deactivate: only a sandbox this extension started goes away with the editor. */
  async stopIfStartedHere(): Promise<void> {
    if (this.startedHere) await this.stop().catch(() => undefined);
  }

  dispose(): void {
    this.item.dispose();
  }
}

/**
 * How to run the bundled CLI as Node from the extension host. In code-server (and VS Code Server)
 * the extension host is Node itself; in desktop VS Code process.execPath is the Electron binary,
 * which behaves as Node only with ELECTRON_RUN_AS_NODE=1. Setting it is harmless for real Node.
 */
export function nodeRuntime(): { nodePath: string; env: NodeJS.ProcessEnv } {
  return { nodePath: process.execPath, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } };
}
