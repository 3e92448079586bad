// The partner's credentials as the selected environment gives them (doc 1 §2.1): partnerCode,
// secretKey, the partner's private key (privateKeyFile, or privateKey as PEM text) and the service
// public key (servicePublicKeyFile). Each missing or unusable piece comes with a message naming
// the variable, the file it belongs in and the fix. No message ever contains a secret or key text.
import type { KeyObject } from 'node:crypto';
import { KeyError, loadPrivateKey, readPrivateKeyFile, readPublicKeyFile } from '../signing';
import { PARTNER_CODE, PRIVATE_KEY, PRIVATE_KEY_FILE, SECRET_KEY, SERVICE_PUBLIC_KEY_FILE } from '../syntax/environments';

export interface Credentials {
  partnerCode?: string;
  secretKey?: string;
  privateKey?: KeyObject;
  servicePublicKey?: KeyObject;
  /** Why a piece is missing, by piece; absent when the piece is there. */
  problems: { secretKey?: string; privateKey?: string; servicePublicKey?: string; partnerCode?: string };
}

/** Variable values after `{{...}}` resolution (env values may use `{{$dotenv X}}` etc.). */
export type ValueOf = (name: string) => string | undefined;

function keyProblem(err: unknown, variable: string): string {
  const text = err instanceof KeyError || err instanceof Error ? err.message : String(err);
  return `${variable}: ${text}`;
}

export function loadCredentials(valueOf: ValueOf, envName: string): Credentials {
  const where = (secret: boolean) => `${secret ? 'http-client.private.env.json' : 'http-client.env.json'} under "${envName}"`;
  const c: Credentials = { problems: {} };

  c.partnerCode = valueOf(PARTNER_CODE);
  if (!c.partnerCode) c.problems.partnerCode = `${PARTNER_CODE} is not set: add it to ${where(false)} (your partner code from onboarding)`;

  c.secretKey = valueOf(SECRET_KEY);
  if (c.secretKey === undefined || c.secretKey === '') {
    c.secretKey = undefined;
    c.problems.secretKey = `${SECRET_KEY} is not set: add it to ${where(true)} (the shared secret from onboarding; it ends every signed string and is never sent)`;
  }

  const pem = valueOf(PRIVATE_KEY);
  const keyFile = valueOf(PRIVATE_KEY_FILE);
  try {
    if (pem) c.privateKey = loadPrivateKey(pem);
    else if (keyFile) c.privateKey = readPrivateKeyFile(keyFile);
    else c.problems.privateKey = `${PRIVATE_KEY_FILE} is not set: add the path of your RSA-2048 private key (PEM) to ${where(true)}; it signs every request and v3 client assertion`;
  } catch (err) {
    c.problems.privateKey = keyProblem(err, pem ? PRIVATE_KEY : PRIVATE_KEY_FILE);
  }

  const serviceFile = valueOf(SERVICE_PUBLIC_KEY_FILE);
  try {
    if (serviceFile) c.servicePublicKey = readPublicKeyFile(serviceFile, { bits: 'any' });
    else c.problems.servicePublicKey = `no service public key: set ${SERVICE_PUBLIC_KEY_FILE} in ${where(true)} to the PEM file the service issued at onboarding`;
  } catch (err) {
    c.problems.servicePublicKey = keyProblem(err, SERVICE_PUBLIC_KEY_FILE);
  }
  return c;
}
