// Finds the local sandbox of a state folder, or starts one in the background. Used by the CLI and
// the extension when a request targets the `local` environment. A running sandbox is known by
// <home>/sandbox.json (pid + url, written by the sandbox itself) and confirmed by a health check
// that answers with the same pid; a new one is spawned detached, logs to <home>/sandbox.log, and
// survives the process that started it.

import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { ensurePrivateDir, readJsonIfExists } from './files';
import { ensureLocalCredentials, payoutHome, setLocalBaseUrl } from './home';
import { endpointUrl } from './route';
import { sandboxFile } from './server';

export interface EnsureOptions {
  home?: string;
  /** The payout-http CLI to run (`node <cliPath> sandbox ...`), e.g. dist/cli.js. */
  cliPath: string;
  /** Extra node options for the child (e.g. ['--import', 'tsx'] for a .ts entry). */
  execArgv?: string[];
  /** How long to wait for a new sandbox to answer (default 20 s). */
  timeoutMs?: number;
  /** The Node binary (default process.execPath); the VS Code extension passes its host's, see docs/extension.md. */
  nodePath?: string;
  /** The child's environment (default process.env); e.g. ELECTRON_RUN_AS_NODE=1 from an Electron host. */
  env?: NodeJS.ProcessEnv;
  /**
   * Called with the new sandbox's pid as soon as it is spawned, before it is ready: a caller that
   * goes away during the start (an editor closing) can still stop the process it caused.
   */
  onSpawn?: (pid: number) => void;
}

interface SandboxInfo {
  pid: number;
  url: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function readInfo(home: string): SandboxInfo | undefined {
  try {
    const v = readJsonIfExists(sandboxFile(home)) as Partial<SandboxInfo> | undefined;
    return v && typeof v.pid === 'number' && typeof v.url === 'string' ? (v as SandboxInfo) : undefined;
  } catch {
    return undefined; // a half-written or damaged file: treat as no sandbox
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running sandbox's URL if sandbox.json names a live process that answers the health check as itself. */
export async function runningSandbox(home: string): Promise<string | undefined> {
  const info = readInfo(home);
  if (!info || !alive(info.pid)) return undefined;
  try {
    const res = await getJson(endpointUrl(info.url, 'sandbox.health'), 2000);
    const body = res.body as { ok?: boolean; pid?: number } | null;
    return res.status === 200 && body?.ok && body.pid === info.pid ? info.url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET a small JSON answer over node:http. Not the global fetch: its first call loads Node's own
 * undici (~100 ms of every CLI run that sends to the sandbox, which sends with the bundled one).
 * The sandbox is plain HTTP on loopback; `agent: false` leaves no kept-alive socket behind.
 */
function getJson(url: string, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { agent: false, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (text.length > 64 * 1024) req.destroy(new Error('the health answer is too large'));
      });
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

function logTail(file: string): string {
  try {
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    return lines.slice(-5).join('\n');
  } catch {
    return '(no log)';
  }
}

/** A lock so that two processes asking at once start one sandbox, not two. Stale after 30 s. */
function tryLock(file: string): boolean {
  try {
    closeSync(openSync(file, 'wx', 0o600));
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    try {
      if (Date.now() - statSync(file).mtimeMs > 30_000) rmSync(file, { force: true });
    } catch {
      // gone meanwhile
    }
    return false;
  }
}

/** `pid`: the process this call started (absent when one was already running). */
export async function ensureLocalSandbox(options: EnsureOptions): Promise<{ url: string; started: boolean; pid?: number }> {
  const home = options.home ?? payoutHome();
  const timeoutMs = options.timeoutMs ?? 20_000;
  await ensureLocalCredentials(home);
  const existing = await runningSandbox(home);
  if (existing) {
    await setLocalBaseUrl(home, existing);
    return { url: existing, started: false };
  }
  ensurePrivateDir(home);
  const lock = join(home, 'sandbox.lock');
  const deadline = Date.now() + timeoutMs;
  while (!tryLock(lock)) {
    // Someone else is starting it: wait for theirs.
    const url = await runningSandbox(home);
    if (url) return { url, started: false };
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for another process to start the sandbox in ${home}; if none is starting, delete ${lock}`);
    await sleep(100);
  }
  try {
    const logFile = join(home, 'sandbox.log');
    const out = openSync(logFile, 'a', 0o600);
    const child = spawn(
      options.nodePath ?? process.execPath,
      [...(options.execArgv ?? []), options.cliPath, 'sandbox', '--port', '0', '--home', home],
      {
        detached: true,
        stdio: ['ignore', out, out],
        env: options.env ?? process.env,
      },
    );
    closeSync(out);
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    let exited: number | null | undefined;
    child.on('exit', (code) => {
      exited = code;
    });
    child.unref();
    while (Date.now() < deadline) {
      if (exited !== undefined) {
        throw new Error(
          `the local sandbox exited (code ${exited}) before it was ready:\n${logTail(logFile)}\nRun "payout-http sandbox --home ${home}" to see why.`,
        );
      }
      const info = readInfo(home);
      if (info?.pid === child.pid) {
        const url = await runningSandbox(home);
        if (url) return { url, started: true, pid: child.pid };
      }
      await sleep(50);
    }
    throw new Error(`the local sandbox did not answer within ${timeoutMs} ms; its log (${logFile}) ends:\n${logTail(logFile)}`);
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * Stops the sandbox running for a state folder (SIGTERM to the pid in sandbox.json, once the health
 * check confirms it is that sandbox). Resolves true when one was running and has exited.
 * (Added for the VS Code extension, which stops a sandbox it started when the editor closes.)
 */
export async function stopLocalSandbox(options: { home?: string; timeoutMs?: number } = {}): Promise<boolean> {
  const home = options.home ?? payoutHome();
  const url = await runningSandbox(home);
  const info = readInfo(home);
  if (!url || !info) return false;
  try {
    process.kill(info.pid, 'SIGTERM');
  } catch {
    return false;
  }
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  while (alive(info.pid) && Date.now() < deadline) await sleep(50);
  return !alive(info.pid);
}
