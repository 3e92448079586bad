// RSA signatures over a signed string (doc 1 §5.3): SHA256withRSA, PKCS#1 v1.5 padding, base64.
// PKCS#1 v1.5 is deterministic, so the same text and key always give the same signature: that is
// what lets golden vectors be compared byte for byte with openssl.
import { constants, sign, verify, type KeyObject } from 'node:crypto';

export type SignatureHash = 'sha256' | 'sha1' | 'sha512';
export type SignaturePadding = 'pkcs1' | 'pss';

/** The scheme the service uses; the others exist to diagnose mistakes (explain.ts). */
export const SERVICE_SCHEME: { hash: SignatureHash; padding: SignaturePadding } = { hash: 'sha256', padding: 'pkcs1' };

/** Signs the UTF-8 bytes of `text` with RSA-SHA256 PKCS#1 v1.5; base64. */
export function signText(text: string, key: KeyObject): string {
  // The call node:crypto alone makes: PKCS#1 v1.5 is what an RSA key signs with when no padding is
  // given, so no options object is built per signature (test/signing's golden vectors pin the bytes).
  return sign(SERVICE_SCHEME.hash, Buffer.from(text, 'utf8'), key).toString('base64');
}

/** True when `signatureB64` is a valid RSA-SHA256 PKCS#1 v1.5 signature of `text`. Never throws. */
export function verifyText(text: string, signatureB64: unknown, key: KeyObject): boolean {
  return verifyTextWith(text, signatureB64, key, SERVICE_SCHEME.hash, SERVICE_SCHEME.padding);
}

/** Signs with any of the schemes explain.ts considers (tests use it to produce real mistakes). */
export function signTextWith(text: string, key: KeyObject, hash: SignatureHash, padding: SignaturePadding): string {
  return sign(hash, Buffer.from(text, 'utf8'), { key, ...paddingOptions(padding, 'sign') }).toString('base64');
}

/** Verifies under a given scheme; false for any malformed input rather than an exception. */
export function verifyTextWith(
  text: string,
  signatureB64: unknown,
  key: KeyObject,
  hash: SignatureHash,
  padding: SignaturePadding,
): boolean {
  const sig = decodeSignature(signatureB64);
  if (!sig) return false;
  try {
    return verify(hash, Buffer.from(text, 'utf8'), { key, ...paddingOptions(padding, 'verify') }, sig);
  } catch {
    return false;
  }
}

/**
 * The signature bytes, or undefined when the value is not base64 at all. Whitespace (a signature
 * wrapped over lines) is ignored, as Node's decoder ignores it on the service side.
 */
export function decodeSignature(signatureB64: unknown): Buffer | undefined {
  if (typeof signatureB64 !== 'string') return undefined;
  const compact = signatureB64.replace(/\s+/g, '');
  if (compact === '' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact)) return undefined;
  const bytes = Buffer.from(compact, 'base64');
  return bytes.length === 0 ? undefined : bytes;
}

function paddingOptions(padding: SignaturePadding, op: 'sign' | 'verify') {
  if (padding === 'pkcs1') return { padding: constants.RSA_PKCS1_PADDING };
  // Signing uses the digest-length salt (the common library default); verifying accepts any salt
  // length, so a PSS signature from any library is recognised.
  return {
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: op === 'sign' ? constants.RSA_PSS_SALTLEN_DIGEST : constants.RSA_PSS_SALTLEN_AUTO,
  };
}
