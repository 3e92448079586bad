// Which variables a request file is sent with: the workspace's environment files (the nearest
// http-client.env.json / http-client.private.env.json, read by engine/syntax) plus the local
// sandbox's `local` environment kept in the payout-http state folder. With no environment named,
// `local` is used, so a fresh machine with nothing configured can send at once: the sender starts
// (or reuses) the local sandbox on demand.
import { dirname, isAbsolute, resolve } from 'node:path';
import { PRIVATE_KEY_FILE, SERVICE_PUBLIC_KEY_FILE, type Environments } from '../syntax/environments';
import { loadEnvironments, readEnvFiles } from './envFiles';
import { localEnvironmentDir, LOCAL_ENV } from './home';

export interface SelectedEnvironment {
  name: string;
  /** Variables with `$shared` merged in; key file paths made absolute. Holds secrets: never print. */
  variables: Record<string, string>;
  /** The files the variables came from. */
  sources: string[];
  /** What is wrong with the selection or the files, each naming the fix. */
  problems: string[];
  /** True when this is the local sandbox's environment (the sender starts the sandbox on demand). */
  local: boolean;
  /** False when the environment asked for is defined nowhere (then `problems` says where to define it). */
  defined: boolean;
}

/** Variables holding a path, resolved against the folder of the environment files (docs/http.md). */
const PATH_VARIABLES = [PRIVATE_KEY_FILE, SERVICE_PUBLIC_KEY_FILE];

function absolutePaths(vars: Record<string, string>, baseDir: string | undefined): Record<string, string> {
  const out = { ...vars };
  for (const v of PATH_VARIABLES) {
    const p = out[v];
    if (p && baseDir && !isAbsolute(p) && !p.includes('{{')) out[v] = resolve(baseDir, p);
  }
  return out;
}

function problemsOf(envs: Environments): string[] {
  return envs.problems.map((p) =>
    p.line && !p.message.includes(' line ') ? `${p.file}:${p.line}: ${p.message}` : `${p.file}: ${p.message}`,
  );
}

/**
 * The environment `name` for a request file in `fileDir`; without a name, the local sandbox's.
 * `home` is the payout-http state folder (default: payoutHome(), i.e. $PAYOUT_HTTP_HOME or the XDG state dir).
 */
export function selectEnvironment(
  fileDir: string,
  name?: string,
  home?: string,
  options: { publicOnly?: boolean } = {},
): SelectedEnvironment {
  const ws = loadEnvironments(fileDir, options.publicOnly);
  const wsDir = ws.files[0] ? dirname(ws.files[0]) : undefined;
  const problems = problemsOf(ws);
  const wanted = name?.trim() || undefined;

  if ((wanted && wanted !== LOCAL_ENV) || (wanted === LOCAL_ENV && ws.names.includes(LOCAL_ENV))) {
    // A workspace environment, including a `local` the user defined for their own server.
    const defined = ws.names.includes(wanted);
    if (!defined) {
      const known = [...ws.names, ...(ws.names.includes(LOCAL_ENV) ? [] : [LOCAL_ENV])];
      problems.push(
        ws.files.length === 0
          ? `environment "${wanted}" is not defined: no http-client.env.json was found in ${fileDir} or its parents; create one with {"${wanted}": {"base_url": "https://...", "partnerCode": "..."}}, or leave out --env to use the local sandbox`
          : `environment "${wanted}" is not defined in ${ws.files.join(' or ')}; defined: ${known.join(', ')}`,
      );
    }
    return { name: wanted, variables: absolutePaths(ws.variables(wanted), wsDir), sources: ws.files, problems, local: false, defined };
  }

  // The local sandbox: its own env files, layered over the workspace's `$shared` variables
  // (e.g. a userEmail the user shares across environments); the sandbox's values win.
  const localDir = localEnvironmentDir(home);
  const local = readEnvFiles(localDir, options.publicOnly);
  // The sandbox's own files live in the private state folder (0600), never in a repository, so
  // the "secret in a usually committed file" advice does not apply to them.
  problems.push(...problemsOf({ ...local, problems: local.problems.filter((p) => !/usually committed/.test(p.message)) }));
  const variables = {
    ...absolutePaths(ws.variables('$shared'), wsDir),
    ...absolutePaths(local.variables(LOCAL_ENV), localDir),
  };
  return { name: LOCAL_ENV, variables, sources: [...ws.files, ...local.files], problems, local: true, defined: true };
}
