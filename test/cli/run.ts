// Runs the bundled CLI (`node dist/cli.js ...`, build with `npm run bundle`) as a separate process
// with its own PAYOUT_HTTP_HOME, so nothing touches the real user's state folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cliPath } from '../helpers/sandboxProcess';

export const REPO = resolve(__dirname, '..', '..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { home: string; cwd?: string; env?: NodeJS.ProcessEnv }): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [cliPath(), ...args], {
      cwd: options.cwd ?? REPO,
      env: { ...process.env, ...options.env, PAYOUT_HTTP_HOME: options.home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

/** A long-running CLI process (webhooks listen): its output so far, and a way to stop it. */
export function startCli(
  args: string[],
  options: { home: string; cwd?: string },
): { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [cliPath(), ...args], {
    cwd: options.cwd ?? REPO,
    env: { ...process.env, PAYOUT_HTTP_HOME: options.home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('close', (code) => r(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Waits (polling) until `probe` returns a value; bounded by mocha's timeout, not a timed assertion. */
export async function waitFor<T>(probe: () => T | undefined, what: string, limitMs = 20_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The local partner's secretKey in a state folder, to prove it never appears in output. */
export function localSecret(home: string): string {
  return (JSON.parse(readFileSync(join(home, 'credentials', 'partner.json'), 'utf8')) as { secretKey: string }).secretKey;
}

export function privateKeyPem(home: string): string {
  return readFileSync(join(home, 'credentials', 'partner-private.pem'), 'utf8');
}

/** The `local` environment's variables as the sandbox wrote them (public and private files merged). */
export function localEnv(home: string): Record<string, string> {
  const pub = JSON.parse(readFileSync(join(home, 'local', 'http-client.env.json'), 'utf8')).local;
  const priv = JSON.parse(readFileSync(join(home, 'local', 'http-client.private.env.json'), 'utf8')).local;
  return { ...pub, ...priv };
}
