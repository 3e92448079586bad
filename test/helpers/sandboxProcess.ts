// Starts the real local sandbox as its own process (`node dist/cli.js sandbox --port 0 --home <tmp>`)
// and waits for its listening line. Used by the sandbox, HTTP/CLI and extension tests.
// CI builds dist/ before the tests; PAYOUT_HTTP_CLI points at another build during development.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distFile } from './dist';
import type { SandboxConfigFile } from '../../engine/sandbox/config';

export const LISTENING_PREFIX = 'payout-http sandbox listening on ';

export interface SandboxProcessOptions {
  /** State folder; a fresh temp folder when omitted (reuse one to test restarts). */
  home?: string;
  /** Config: an object (written to a temp file) or the path of a config file. */
  config?: object | string;
  /** Extra CLI arguments, e.g. ['--kyc-delay', '0']. */
  args?: string[];
}

export interface SandboxProcess {
  url: string;
  home: string;
  /** Everything the process printed so far (request log lines). */
  output(): string;
  /** Everything it printed to stderr so far (warnings). */
  errors(): string;
  /** SIGTERM, and wait for the process to exit. */
  stop(): Promise<void>;
  /** Sends `signal` (e.g. SIGKILL: a hard stop) and waits for the process to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Whether the process is still running. */
  alive(): boolean;
}

export function cliPath(): string {
  // Another build named on purpose is taken as is; our own dist/ must be newer than the sources.
  const path = process.env.PAYOUT_HTTP_CLI ?? distFile('cli.js');
  if (!existsSync(path)) throw new Error(`${path} does not exist: build it first with "npm run build"`);
  return path;
}

/**
 * Set by the `sandbox` mutation scope (stryker.config.mjs): the same sandbox, started in this process
 * from the sources through startSandbox, because a mutant in engine/sandbox never reaches dist/cli.js.
 * Suites that need a real process (signals, restarts, stderr) are left out of that scope.
 */
export const IN_PROCESS = process.env.PAYOUT_HTTP_SANDBOX_IN_PROCESS === '1';

export async function startSandboxProcess(options: SandboxProcessOptions = {}): Promise<SandboxProcess> {
  const home = options.home ?? mkdtempSync(join(tmpdir(), 'payout-sandbox-'));
  if (IN_PROCESS) return startInProcess(home, options);
  const args = [cliPath(), 'sandbox', '--port', '0', '--home', home];
  if (options.config !== undefined) {
    let file = options.config;
    if (typeof file !== 'string') {
      file = join(mkdtempSync(join(tmpdir(), 'payout-sandbox-config-')), 'sandbox.config.json');
      writeFileSync(file, JSON.stringify(options.config, null, 2));
    }
    args.push('--config', file);
  }
  args.push(...(options.args ?? []));
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith(LISTENING_PREFIX));
      if (line) resolveUrl(line.slice(LISTENING_PREFIX.length).trim());
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the sandbox exited with code ${code} before listening:\n${err || out}`)));
  });
  return {
    url,
    home,
    output: () => out,
    errors: () => err,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

/** As the CLI starts it (cli/commands/sandbox.ts), with `--kyc-delay` the one option the suites of that scope pass. */
async function startInProcess(home: string, options: SandboxProcessOptions): Promise<SandboxProcess> {
  const { startSandbox } = await import('../../engine/sandbox/server');
  const args = options.args ?? [];
  const delay = args.indexOf('--kyc-delay');
  if (args.length !== (delay >= 0 ? 2 : 0)) throw new Error(`in-process sandbox: only --kyc-delay is supported, not ${args.join(' ')}`);
  let out = '';
  let running = true;
  const sb = await startSandbox({
    home,
    port: 0,
    ...(options.config !== undefined ? { config: options.config as string | SandboxConfigFile } : {}),
    ...(delay >= 0 ? { kycDelayMs: Number(args[delay + 1]) } : {}),
    log: (line) => (out += `${line}\n`),
  });
  const stop = async () => {
    if (running) await sb.close();
    running = false;
  };
  return { url: sb.url, home, output: () => out, errors: () => sb.warnings.join('\n'), stop, kill: stop, alive: () => running };
}
