// The peak resident memory of a child process, as a resource bound for tests (not a speed figure).
// A finished command is run under GNU time (`/usr/bin/time -f %M`, the kernel's own ru_maxrss of the
// child); a running process is read from /proc/PID/status (VmHWM, the high-water mark so far).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeFolder } from './folders';

export const GNU_TIME = '/usr/bin/time';

export interface MeasuredRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Peak resident set size in MiB. */
  maxRssMiB: number;
}

/**
 * Runs `command args` to its end and reports its output and peak memory: from GNU time when it is
 * installed (exact), else from polling /proc/PID/status every 10 ms (the highest VmHWM seen).
 */
export function runMeasured(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<MeasuredRun> {
  if (!existsSync(GNU_TIME)) return runPolled(command, args, options);
  const dir = mkdtempSync(join(tmpdir(), 'payout-rss-'));
  const out = join(dir, 'rss');
  return new Promise((resolve, reject) => {
    const child = spawn(GNU_TIME, ['-f', '%M', '-o', out, command, ...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      const kib = Number(/(\d+)\s*$/.exec(readFileSync(out, 'utf8'))?.[1]);
      removeFolder(dir);
      resolve({ code, stdout, stderr, maxRssMiB: kib / 1024 });
    });
  });
}

/** The peak resident memory so far of a running process, in MiB (Linux). */
export function peakRssMiB(pid: number): number {
  const m = /VmHWM:\s*(\d+)\s*kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(m[1]) / 1024;
}

function runPolled(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }): Promise<MeasuredRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let peak = 0;
    const poll = setInterval(() => {
      try {
        peak = Math.max(peak, peakRssMiB(child.pid!));
      } catch {
        // exited between two polls
      }
    }, 10);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      clearInterval(poll);
      resolve({ code, stdout, stderr, maxRssMiB: peak });
    });
  });
}
