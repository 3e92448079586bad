// dist/server.js, `payout-http-language-server` (the editor starts it too): runs `cli.js
// language-server`, compiling cli.js with V8's code cache. Without a cache Node parses and compiles
// the 500 KB bundle and then each function the first diagnostics run: about a third of a cold
// start's CPU. The cache is what V8 compiled during an earlier start, written once per bundle (named
// by a hash of cli.js and the Node version: V8 checks a cache against its source's length only, so a
// cache must never meet another bundle) into a folder only this user can write, since a cache is
// code: PAYOUT_HTTP_CODE_CACHE (empty: none), else the user's cache folder (~/.cache/payout-http).
// Any problem with the cache means starting without it: it saves time and is never needed.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';

interface CliModule {
  main(argv: string[]): Promise<number>;
}

/** The folder the cache goes in, or undefined for none. */
function codeCacheFolder(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string | undefined {
  if (env.PAYOUT_HTTP_CODE_CACHE !== undefined) return env.PAYOUT_HTTP_CODE_CACHE || undefined;
  if (platform === 'win32') return env.LOCALAPPDATA ? join(env.LOCALAPPDATA, 'payout-http', 'Cache') : undefined;
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'payout-http');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'payout-http');
}

/** The folder, made if missing, when it is this user's own and no one else can write it (POSIX). */
function privateFolder(dir: string): boolean {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return true;
  const s = statSync(dir);
  return s.isDirectory() && s.uid === process.getuid?.() && (s.mode & 0o022) === 0;
}

/** Loads cli.js as `require` would (same module object, so lazy.js's require('./cli.js') gets it), with the cache. */
function loadCli(): CliModule {
  // the path require() gives it (symbolic links resolved), so lazy.js's require('./cli.js') finds this module
  let file = join(__dirname, 'cli.js');
  try {
    file = realpathSync(file);
  } catch {
    process.stderr.write(
      `The language server's bundle ${file} cannot be loaded (missing or unreadable): reinstall the extension or the CLI, or run npm run build.\n`,
    );
    process.exit(1);
  }
  const requireCli = () => createRequire(file)(file) as CliModule;
  const folder = codeCacheFolder();
  let prepared: { script: Script; write?: () => void } | undefined;
  try {
    if (!folder || !privateFolder(folder)) return requireCli();
    const source = readFileSync(file, 'utf8');
    const key = createHash('sha256').update(source).update(`\0${process.version}\0${process.arch}`).digest('hex').slice(0, 24);
    const cacheFile = join(folder, `cli-${key}.cache`);
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // none yet
    }
    // the shebang line, kept as a comment so lines and columns stay as in the file
    const body = source.startsWith('#!') ? `//${source.slice(2)}` : source;
    const script = new Script(Module.wrap(body), { filename: file, cachedData });
    prepared = { script };
    if (!cachedData || script.cachedDataRejected) {
      let written = false;
      // once, a second after start (the first diagnostics compiled what they need) or at exit
      prepared.write = () => {
        if (written) return;
        written = true;
        try {
          const temporary = `${cacheFile}.${process.pid}`;
          writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
          renameSync(temporary, cacheFile);
          for (const f of readdirSync(folder))
            if (/^cli-[0-9a-f]+\.cache$/.test(f) && join(folder, f) !== cacheFile) rmSync(join(folder, f), { force: true });
        } catch {
          // a cache that cannot be written: the next start compiles, as without one
        }
      };
    }
  } catch {
    return requireCli();
  }
  const cli = new Module(file, module);
  cli.filename = file;
  require.cache[file] = cli;
  const run = prepared.script.runInThisContext() as (...args: unknown[]) => void;
  run.call(cli.exports, cli.exports, createRequire(file), cli, file, __dirname);
  cli.loaded = true;
  if (prepared.write) {
    setTimeout(prepared.write, 1000).unref();
    process.once('exit', prepared.write);
  }
  return cli.exports as CliModule;
}

loadCli()
  .main(['language-server', ...process.argv.slice(2)])
  .then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`payout-http-language-server: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
