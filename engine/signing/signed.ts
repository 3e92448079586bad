// The two operations the client, the CLI and the sandbox all perform: sign a body's values under
// a template, and check a signature over a body or a response's `data`. Kept here so the
// canonical string and the signature always come from the same place.
import type { KeyObject } from 'node:crypto';
import type { SignedTemplate } from '../catalogue/types';
import { buildCanonical, type Canonical } from './canonical';
import { signText, verifyText } from './rsa';

/** Builds the canonical string of `values` and signs it with the partner's (or service's) private key. */
export function signValues(
  template: SignedTemplate,
  values: Record<string, unknown>,
  secret: string,
  privateKey: KeyObject,
): { canonical: Canonical; signature: string } {
  const canonical = buildCanonical(template, values);
  return { canonical, signature: signText(canonical.withSecret(secret), privateKey) };
}

/**
 * Checks `signature` over the canonical string of `values` (a request body, or a response's
 * `data`). `ok: false` with the canonical string lets the caller go on to explainSignature.
 */
export function verifyValues(
  template: SignedTemplate,
  values: Record<string, unknown>,
  secret: string,
  signature: unknown,
  publicKey: KeyObject,
): { ok: boolean; canonical: Canonical } {
  const canonical = buildCanonical(template, values);
  return { ok: verifyText(canonical.withSecret(secret), signature, publicKey), canonical };
}
