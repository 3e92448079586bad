// The partner's credentials as the selected environment gives them (doc 1 §2.1): partnerCode,
// secretKey, the partner's private key (privateKeyFile, or privateKey as PEM text) and the service
// public key (servicePublicKeyFile). Each missing or unusable piece comes with a message naming
// the variable, the file it belongs in and the fix. No message ever contains a secret or key text.
import type { KeyObject } from 'node:crypto';
import { partnerPrivateKey, servicePublicKey } from '../workspace/keys';
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

  // one key loader (engine/workspace/keys.ts), bounded reads, messages naming the variable and the fix
  const priv = partnerPrivateKey({ pem: valueOf(PRIVATE_KEY), file: valueOf(PRIVATE_KEY_FILE) }, where(true));
  c.privateKey = priv.key;
  if (priv.problem) c.problems.privateKey = priv.problem;

  const service = servicePublicKey(valueOf(SERVICE_PUBLIC_KEY_FILE), where(false));
  c.servicePublicKey = service.key;
  if (service.problem) c.problems.servicePublicKey = service.problem;
  return c;
}
