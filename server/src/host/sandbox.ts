// The local sandbox seen from the editor's engine host: started on demand (ensureLocalSandbox
// spawns this very bundle as `cli.js sandbox`), reused when one is already running (e.g. from a
// terminal), and stopped when the editor shuts the server down if this server started it. The
// client shows the status bar item from SandboxStatusNotification.
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Connection } from 'vscode-languageserver/node';
import { SandboxStatusNotification, type SandboxStatus } from '../../../engine/protocol';
import type * as Ensure from '../../../engine/sandbox/ensure';
import { payoutHome } from '../../../engine/workspace/home';

/**
 * The CLI bundle to run the sandbox with: this process's own script when it is the CLI (the editor
 * starts the server as `cli.js language-server`), else cli.js beside it (dist/server.js).
 */
// The sandbox's modules load on the first start, status or stop, not with the server (the first
// diagnostics need none of them; README "Performance", cold start).
const sandboxes = (): Promise<typeof Ensure> => import('../../../engine/sandbox/ensure');

function cliPath(): { cliPath: string; execArgv: string[] } {
  const self = process.argv[1] ?? '';
  if (/\.[cm]?ts$/.test(self)) return { cliPath: join(__dirname, '..', '..', '..', 'cli', 'main.ts'), execArgv: ['--import', 'tsx'] };
  if (basename(self) === 'cli.js') return { cliPath: self, execArgv: [] };
  const beside = join(__dirname, 'cli.js');
  return { cliPath: existsSync(beside) ? beside : self, execArgv: [] };
}

export class HostSandbox {
  private startedHere = false;
  /** The sandbox process this server spawned, from its spawn on (a start may still be under way). */
  private startedPid: number | undefined;
  private pendingStart: Promise<string> | undefined;

  constructor(private readonly connection: Connection) {
    // An editor that goes away often ends the server without a shutdown request (a window reload
    // ends the extension host before the client's stop reaches the server), so a sandbox this server
    // started is also stopped when the process exits, by a signal that needs no waiting.
    // A start still under way counts: the sandbox would come up after this server is gone.
    process.once('exit', () => {
      if (this.startedPid === undefined) return;
      try {
        process.kill(this.startedPid, 'SIGTERM');
      } catch {
        // already gone
      }
    });
  }

  private announce(status: SandboxStatus): SandboxStatus {
    void this.connection.sendNotification(SandboxStatusNotification.method, status);
    return status;
  }

  /** The sandbox's base URL, starting it when needed. */
  ensure(): Promise<string> {
    this.pendingStart ??= (async () => {
      try {
        // The server runs as Node (an editor forks it with its own runtime, as Node), so its own
        // execPath runs the CLI; ELECTRON_RUN_AS_NODE keeps an Electron binary in Node mode.
        const { url, started, pid } = await (
          await sandboxes()
        ).ensureLocalSandbox({
          home: payoutHome(),
          ...cliPath(),
          nodePath: process.execPath,
          env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
          onSpawn: (spawned) => {
            this.startedPid = spawned;
          },
        });
        if (started) {
          this.startedHere = true;
          this.startedPid = pid;
        }
        this.connection.console.info(`local sandbox ${started ? 'started' : 'reused'} at ${url}`);
        this.announce({ running: true, url, startedHere: this.startedHere });
        return url;
      } finally {
        this.pendingStart = undefined;
      }
    })();
    return this.pendingStart;
  }

  async status(): Promise<SandboxStatus> {
    const url = await (await sandboxes()).runningSandbox(payoutHome());
    return { running: url !== undefined, url, startedHere: url !== undefined && this.startedHere };
  }

  async running(): Promise<boolean> {
    return (await (await sandboxes()).runningSandbox(payoutHome())) !== undefined;
  }

  async stop(): Promise<boolean> {
    const stopped = await (await sandboxes()).stopLocalSandbox({ home: payoutHome() });
    this.startedHere = false;
    this.startedPid = undefined;
    if (stopped) this.connection.console.info('local sandbox stopped');
    this.announce({ running: false, startedHere: false });
    return stopped;
  }

  /** On shutdown: only a sandbox this server started goes away with the editor. */
  async stopIfStartedHere(): Promise<void> {
    // A start under way ends first (ready or failed), so the sandbox it brings up is stopped too.
    await this.pendingStart?.catch(() => undefined);
    if (this.startedHere) await (await sandboxes()).stopLocalSandbox({ home: payoutHome() }).catch(() => false);
    this.startedHere = false;
    this.startedPid = undefined;
  }
}
