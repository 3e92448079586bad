// The keys the inspector checks with, from the selected environment: the secretKey (the last
// segment of every signed string), the partner's public key (the public half of privateKeyFile /
// privateKey, or partnerPublicKeyFile when the proxy runs where the private key is not), and the
// service public key for the responses. Each missing piece comes with the reason, which the
// verdicts then quote. Nothing here is ever printed: the record shows `<secretKey>` only.
import type { KeyObject } from 'node:crypto';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { loadCredentials } from '../http/credentials';
import type { SelectedEnvironment } from '../workspace/environment';
import { publicKeyFromPrivate, readPublicKeyFile } from '../signing';

/** The environment variable naming the partner's public key file (an alternative to privateKeyFile). */
export const PARTNER_PUBLIC_KEY_FILE = 'partnerPublicKeyFile';

export interface ProxyKeys {
  secretKey?: string;
  partnerPublicKey?: KeyObject;
  servicePublicKey?: KeyObject;
  /** Keys the backend may have signed with by mistake (`--other-key`), named for the explanation. */
  otherPublicKeys: { label: string; key: KeyObject }[];
  problems: { secretKey?: string; partnerPublicKey?: string; servicePublicKey?: string };
}

/** `otherKeyFiles`: public key PEM files to recognise as "another key" (throws a KeyError naming a bad one). */
export function proxyKeys(env: SelectedEnvironment, otherKeyFiles: readonly string[] = []): ProxyKeys {
  const creds = loadCredentials((n) => env.variables[n], env.name);
  const keys: ProxyKeys = { secretKey: creds.secretKey, servicePublicKey: creds.servicePublicKey, otherPublicKeys: [], problems: {} };
  if (!creds.secretKey) keys.problems.secretKey = creds.problems.secretKey;
  if (!creds.servicePublicKey) keys.problems.servicePublicKey = creds.problems.servicePublicKey;

  const publicFile = env.variables[PARTNER_PUBLIC_KEY_FILE];
  if (creds.privateKey) keys.partnerPublicKey = publicKeyFromPrivate(creds.privateKey);
  else if (publicFile) {
    // Relative to the environment files, like the other key file variables.
    const base = env.sources[0] ? dirname(env.sources[0]) : process.cwd();
    try {
      keys.partnerPublicKey = readPublicKeyFile(isAbsolute(publicFile) ? publicFile : resolve(base, publicFile));
    } catch (e) {
      keys.problems.partnerPublicKey = `${PARTNER_PUBLIC_KEY_FILE}: ${(e as Error).message}`;
    }
  } else {
    keys.problems.partnerPublicKey = `${creds.problems.privateKey ?? 'no partner key'}; or set ${PARTNER_PUBLIC_KEY_FILE} to your public key (PEM) to check signatures without the private key`;
  }

  for (const file of otherKeyFiles) keys.otherPublicKeys.push({ label: basename(file), key: readPublicKeyFile(file, { bits: 'any' }) });
  return keys;
}
