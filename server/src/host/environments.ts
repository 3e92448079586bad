// `payoutHttp/environments` (the status bar's picker) and `payoutHttp/checkPrivateKey` (before the
// client stores a key in SecretStorage): the workspace layer's answers for the client.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPrivateKey } from '../../../engine/signing/keys';
import { loadEnvironments } from '../../../engine/workspace/envFiles';
import { LOCAL_ENV } from '../../../engine/workspace/home';

export function environmentNames(p: { uri?: string; folder?: string }): { name: string; source?: string }[] {
  const entries: { name: string; source?: string }[] = [{ name: LOCAL_ENV }];
  const dir = p.uri?.startsWith('file:') ? dirname(fileURLToPath(p.uri)) : typeof p.folder === 'string' ? p.folder : undefined;
  if (!dir) return entries;
  const envs = loadEnvironments(dir);
  for (const name of envs.names) if (name !== LOCAL_ENV) entries.push({ name, source: envs.files[0] });
  return entries;
}

/** The same parse and RSA-2048 check signing does; its messages name the fix and never hold key text. */
export function checkPrivateKey(pem: unknown): { problem?: string } {
  try {
    loadPrivateKey(typeof pem === 'string' ? pem : '');
    return {};
  } catch (e) {
    return { problem: (e as Error).message };
  }
}
