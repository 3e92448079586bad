// The environments a request file can use: `local` (the local sandbox) and every name in the
// nearest http-client.env.json / http-client.private.env.json (engine/syntax reads them).
import { DEFAULT_ENVIRONMENT } from '../../engine/protocol';
import { loadEnvironments } from '../../engine/syntax/environments';

export interface EnvironmentEntry {
  name: string;
  /** The file that defines it (absent for `local`). */
  source?: string;
}

export function environmentNames(fileDir: string | undefined): EnvironmentEntry[] {
  const entries: EnvironmentEntry[] = [{ name: DEFAULT_ENVIRONMENT }];
  if (!fileDir) return entries;
  const envs = loadEnvironments(fileDir);
  for (const name of envs.names) {
    if (name !== DEFAULT_ENVIRONMENT) entries.push({ name, source: envs.files[0] });
  }
  return entries;
}
