// The one loader of the keys an environment names: the partner's private key (`privateKey` as PEM
// text, from the editor's SecretStorage or an env file, else `privateKeyFile`) and the service public
// key (`servicePublicKeyFile`). Files are read bounded (engine/util/readBounded.ts, through
// engine/signing/keys.ts): a regular file only, with a size cap, a clear error for anything else.
// Sending (engine/http/credentials.ts), lint's signature check (engine/language/diagnostics.ts) and
// the editor's webhook check all load keys here. Messages name the variable and the fix, never key text.
import type { KeyObject } from 'node:crypto';
import { isAbsolute, resolve } from 'node:path';
import { loadPrivateKey, readPrivateKeyFile, readPublicKeyFile } from '../signing/keys';
import { PRIVATE_KEY, PRIVATE_KEY_FILE, SERVICE_PUBLIC_KEY_FILE } from '../syntax/environments';

export interface LoadedKey {
  key?: KeyObject;
  /** Why there is no key: unset (`missing`) or unusable; names the variable and the fix. */
  problem?: string;
  missing?: boolean;
}

function absolute(file: string, baseDir: string | undefined): string {
  return baseDir && !isAbsolute(file) ? resolve(baseDir, file) : file;
}

/** The partner's private key from `privateKey` (PEM text) or `privateKeyFile` (a path, relative to `baseDir`). */
export function partnerPrivateKey(source: { pem?: string; file?: string }, where: string, baseDir?: string): LoadedKey {
  try {
    if (source.pem) return { key: loadPrivateKey(source.pem) };
    if (source.file) return { key: readPrivateKeyFile(absolute(source.file, baseDir)) };
  } catch (err) {
    return { problem: `${source.pem ? PRIVATE_KEY : PRIVATE_KEY_FILE}: ${(err as Error).message}` };
  }
  return {
    missing: true,
    problem: `${PRIVATE_KEY_FILE} is not set: add the path of your RSA-2048 private key (PEM) to ${where}; it signs every request and v3 client assertion`,
  };
}

/** The service public key from `servicePublicKeyFile` (any size: the service's key is not ours to check). */
export function servicePublicKey(file: string | undefined, where: string, baseDir?: string): LoadedKey {
  if (!file)
    return {
      missing: true,
      problem: `no service public key: set ${SERVICE_PUBLIC_KEY_FILE} in ${where} to the PEM file the service issued at onboarding`,
    };
  try {
    return { key: readPublicKeyFile(absolute(file, baseDir), { bits: 'any' }) };
  } catch (err) {
    return { problem: `${SERVICE_PUBLIC_KEY_FILE}: ${(err as Error).message}` };
  }
}
