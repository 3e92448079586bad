// Opening a request file for a CLI command: the environment selected (engine/workspace/environment),
// and, for the `local` environment, the local sandbox's credentials created on first use and the
// sandbox itself started or reused (ensureLocalSandbox) before anything is sent.
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { selectEnvironment, type SelectedEnvironment } from '../engine/workspace/environment';
import { PayoutSession, type SessionDeps } from '../engine/http/session';
import type { OpenApiDirective } from '../engine/openapi/userDocuments';
import { ensureLocalSandbox } from '../engine/sandbox/ensure';
import { ensureLocalCredentials, payoutHome } from '../engine/sandbox/home';
import { BODY_FILE_MAX_BYTES, BoundedReadError, readTextFile } from '../engine/util/readBounded';
import { UsageError } from './args';

export type LocalNeed = 'sandbox' | 'credentials';

/** How to run this very CLI again as a child process (the sandbox runs as `payout-http sandbox`). */
function selfInvocation(): { cliPath: string; execArgv: string[] } {
  const cliPath = process.argv[1] ?? '';
  // From source (tsx cli/main.ts) the child needs the TypeScript loader too.
  return { cliPath, execArgv: /\.[cm]?ts$/.test(cliPath) ? ['--import', 'tsx'] : [] };
}

export function checkFile(path: string): string {
  const abs = resolve(path);
  if (!existsSync(abs)) throw new UsageError(`${path} does not exist; give the path of a .payout.http (or .http) file`);
  if (!statSync(abs).isFile()) throw new UsageError(`${path} is not a file; give the path of a .payout.http (or .http) file`);
  return abs;
}

/**
 * The text of a request file, refused as "not a request file" (a usage error naming it) when it is
 * binary (NUL bytes, not UTF-8), too large or not a regular file: such bytes are never parsed or echoed.
 */
export function requestFileText(path: string, abs = checkFile(path)): string {
  try {
    return readTextFile(abs, { maxBytes: BODY_FILE_MAX_BYTES });
  } catch (e) {
    if (!(e instanceof BoundedReadError)) throw e;
    throw new UsageError(`${path} is not a request file: ${e.problem}; give the path of a .payout.http (or .http) text file`);
  }
}

/** The hook that readies the `local` environment, then re-reads it for a request file in `fileDir`. */
export function localPreparer(
  need: LocalNeed,
  fileDir: string,
  onNote?: (text: string) => void,
): (env: SelectedEnvironment) => Promise<SelectedEnvironment> {
  return async (env) => {
    const home = payoutHome();
    if (need === 'sandbox') {
      const { url, started } = await ensureLocalSandbox({ home, ...selfInvocation() });
      onNote?.(`local sandbox ${started ? 'started' : 'running'} at ${url} (state in ${home}; stop it with: payout-http sandbox stop)`);
    } else {
      await ensureLocalCredentials(home);
    }
    return selectEnvironment(fileDir, env.name, home);
  };
}

/** `openApiDocuments`: the `--openapi` documents (cli/args.ts openApiOptions). */
export function openSession(
  file: string,
  envName: string | undefined,
  need: LocalNeed,
  deps: SessionDeps = {},
  onNote?: (text: string) => void,
  openApiDocuments: readonly OpenApiDirective[] = [],
): PayoutSession {
  const abs = checkFile(file);
  const text = requestFileText(file, abs);
  const env = selectEnvironment(dirname(abs), envName);
  return new PayoutSession({
    filePath: abs,
    text,
    environment: env,
    openApiDocuments,
    deps: { prepareLocal: localPreparer(need, dirname(abs), onNote), ...deps },
  });
}
