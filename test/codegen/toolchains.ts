// The five languages' toolchains as the tests find them on the machine, and how a batch of generated
// programs is built once (one `go build` and one `javac` for all of them) and then run as processes.
//
// Python: a generated program needs the `cryptography` package. The first of $PAYOUT_HTTP_PYTHON,
// `python3` on PATH and /usr/bin/python3 that can import it runs the programs (a pyenv python3 on
// PATH often cannot, while Debian's /usr/bin/python3 with python3-cryptography can).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { programFile, type CodeModel, type Language } from '../../engine/codegen';

/** JVM options that shorten the start of a short program (C1 only, serial GC); the programs do not need them. */
export const JVM_QUICK_START = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xshare:auto'];

export type Found = { ok: true; command: string } | { ok: false; why: string };

function succeeds(command: string, args: string[]): boolean {
  const r = spawnSync(command, args, { stdio: 'ignore', timeout: 60_000 });
  return r.status === 0;
}

export function findToolchain(language: Language): Found {
  switch (language) {
    case 'node':
      return { ok: true, command: process.execPath };
    case 'python': {
      const candidates = [process.env.PAYOUT_HTTP_PYTHON, 'python3', '/usr/bin/python3'].filter((c): c is string => !!c);
      const command = candidates.find((c) => succeeds(c, ['-c', 'import cryptography']));
      return command
        ? { ok: true, command }
        : { ok: false, why: `no python3 that imports cryptography (tried ${candidates.join(', ')}): apt-get install python3-cryptography` };
    }
    case 'java':
      return succeeds('java', ['-version']) && succeeds('javac', ['-version'])
        ? { ok: true, command: 'java' }
        : { ok: false, why: 'java/javac (JDK 17) not found' };
    case 'go':
      return succeeds('go', ['version']) ? { ok: true, command: 'go' } : { ok: false, why: 'go not found: apt-get install golang-go' };
    case 'php':
      return succeeds('php', ['-r', 'exit(extension_loaded("openssl") && extension_loaded("json") ? 0 : 1);'])
        ? { ok: true, command: 'php' }
        : { ok: false, why: 'php with openssl not found: apt-get install php-cli' };
  }
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function mustRun(command: string, args: string[], cwd: string): Promise<void> {
  const r = await run(command, args, { cwd });
  if (r.code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.code}):\n${r.stdout}${r.stderr}`);
}

export interface Built {
  /** Where program `key` was written (the source file). */
  source(key: string): string;
  /** Runs program `key` with these environment variables. */
  run(key: string, env: NodeJS.ProcessEnv): Promise<Run>;
}

/**
 * Writes the programs and builds them once: every Go program in one `go build` (one module, a
 * folder each), every Java program in one `javac`. Keys name the programs.
 */
export async function buildPrograms(
  language: Language,
  command: string,
  programs: Map<string, { model: CodeModel; program: string }>,
): Promise<Built> {
  const dir = mkdtempSync(join(tmpdir(), `payout-codegen-${language}-`));
  const sources = new Map<string, string>();
  const folders = new Map<string, string>();
  let i = 0;
  for (const [key, { model, program }] of programs) {
    const folder = language === 'go' ? join(dir, `p${i++}`) : dir;
    mkdirSync(folder, { recursive: true });
    const file = join(folder, programFile(model, language));
    if (sources.has(key) || [...sources.values()].includes(file)) throw new Error(`two programs would be written to ${file}`);
    writeFileSync(file, program);
    sources.set(key, file);
    folders.set(key, folder);
  }
  if (language === 'go') {
    writeFileSync(join(dir, 'go.mod'), 'module codegentest\n\ngo 1.19\n');
    await mustRun(command, ['build', '-o', join(dir, 'bin') + '/', './...'], dir);
  }
  if (language === 'java') await mustRun('javac', ['-d', join(dir, 'classes'), ...sources.values()], dir);
  const source = (key: string) => {
    const s = sources.get(key);
    if (!s) throw new Error(`no program ${key}`);
    return s;
  };
  return {
    source,
    run(key, env) {
      const file = source(key);
      switch (language) {
        case 'go':
          return run(join(dir, 'bin', folders.get(key)!.slice(dir.length + 1)), [], { env });
        case 'java':
          return run('java', [...JVM_QUICK_START, '-cp', join(dir, 'classes'), file.replace(/^.*\//, '').replace(/\.java$/, '')], { env });
        default:
          return run(command, [file], { env });
      }
    },
  };
}

/** Runs `work` on every item, at most `limit` at a time. */
export async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
