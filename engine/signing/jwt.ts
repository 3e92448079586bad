// The v3 client assertion (doc 2 §2.1, §5): a JWT signed RS256 with the partner's private key,
// iss = partnerCode, aud = `service-v3-token`, iat, jti, optional short exp. The client creates
// one per token request (never cached); the local sandbox verifies it. jose does the JWS work;
// the claim checks are written out here so each rejection has its own reason.
import { compactVerify, decodeJwt, decodeProtectedHeader, SignJWT, errors as joseErrors } from 'jose';
import type { KeyObject } from 'node:crypto';
// Imported from its catalogue file rather than the catalogue index, so signing does not load the
// whole catalogue (and the OpenAPI documents) to make a JWT.
import { CLIENT_ASSERTION_AUDIENCE } from '../catalogue/payoutV3';

export { CLIENT_ASSERTION_AUDIENCE };
/** Default assertion lifetime: doc 2 says "short expiry" and leaves the value "not shown"; 60 s is our choice. */
export const DEFAULT_ASSERTION_TTL_SECONDS = 60;

export interface ClientAssertionInput {
  partnerCode: string;
  privateKey: KeyObject;
  /** Unix seconds. */
  now: number;
  /** Unique per assertion (lets the service reject replays). */
  jti: string;
  ttlSeconds?: number;
}

export async function createClientAssertion(input: ClientAssertionInput): Promise<string> {
  const ttl = input.ttlSeconds ?? DEFAULT_ASSERTION_TTL_SECONDS;
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(input.partnerCode)
    .setAudience(CLIENT_ASSERTION_AUDIENCE)
    .setIssuedAt(input.now)
    .setJti(input.jti)
    .setExpirationTime(input.now + ttl)
    .sign(input.privateKey);
}

export type AssertionRejection =
  | 'malformed'
  | 'wrong-alg'
  | 'missing-claim'
  | 'unknown-iss'
  | 'bad-signature'
  | 'wrong-aud'
  | 'stale-iat'
  | 'future-iat'
  | 'expired'
  | 'replayed-jti';

export interface VerifyAssertionOptions {
  /** The partner's registered public key, by partner code; undefined for an unknown partner. */
  publicKeyFor(partnerCode: string): KeyObject | undefined;
  /** Unix seconds. */
  now: number;
  /** How long after `iat` an assertion is accepted (doc 2 §5.8: "briefly"; the window is not shown). */
  maxAgeSeconds: number;
  /**
   * Records the jti and says whether it was seen before. Called only once everything else has
   * passed, so a rejected assertion does not use up its jti.
   */
  seenJti(jti: string): boolean;
  /** Allowed clock skew for an `iat` in the future; default 0. */
  clockToleranceSeconds?: number;
}

export type VerifyAssertionResult =
  | { ok: true; partnerCode: string; /** '' when the assertion carries no jti (doc 2: "Recommended", so accepted). */ jti: string }
  | { ok: false; code: AssertionRejection; reason: string };

export async function verifyClientAssertion(token: unknown, options: VerifyAssertionOptions): Promise<VerifyAssertionResult> {
  const reject = (code: AssertionRejection, reason: string): VerifyAssertionResult => ({ ok: false, code, reason });
  if (typeof token !== 'string' || token.split('.').length !== 3)
    return reject(
      'malformed',
      'clientAssertion is not a JWT (three base64url parts joined by dots): send the signed assertion, not the raw claims',
    );

  let header: ReturnType<typeof decodeProtectedHeader>;
  let claims: ReturnType<typeof decodeJwt>;
  try {
    header = decodeProtectedHeader(token);
    claims = decodeJwt(token);
  } catch {
    return reject('malformed', 'clientAssertion cannot be decoded as a JWT: send the compact JWS that your JWT library produced');
  }
  if (header.alg !== 'RS256')
    return reject(
      'wrong-alg',
      `the assertion is signed ${String(header.alg)}; the service needs RS256 (RSA-SHA256) with the partner's private key`,
    );

  const iss = claims.iss;
  if (typeof iss !== 'string' || iss === '') return reject('missing-claim', 'the assertion has no iss claim: set iss to your partnerCode');
  if (typeof claims.iat !== 'number' || !Number.isFinite(claims.iat))
    return reject('missing-claim', 'the assertion has no numeric iat claim: set iat to the issue time in Unix seconds');

  const key = options.publicKeyFor(iss);
  if (!key)
    return reject(
      'unknown-iss',
      `iss "${iss}" is not a known partner code: set iss to your partnerCode, whose public key was registered at onboarding`,
    );

  try {
    await compactVerify(token, key, { algorithms: ['RS256'] });
  } catch (err) {
    if (err instanceof joseErrors.JWSSignatureVerificationFailed)
      return reject(
        'bad-signature',
        `the assertion's signature does not verify with the public key registered for ${iss}: sign with the private half of that key pair`,
      );
    return reject('malformed', 'the assertion could not be verified as a JWS: send the compact JWT your library produced, unmodified');
  }

  // Doc 2 §4.1: aud is the literal string. An array holding it (what a JWT library given a list of
  // audiences produces) is refused as the service refuses it, so the setting is fixed here, not in production.
  const aud = claims.aud;
  if (Array.isArray(aud) && aud.includes(CLIENT_ASSERTION_AUDIENCE))
    return reject(
      'wrong-aud',
      `aud is the array ${JSON.stringify(aud)}; it must be the literal string "${CLIENT_ASSERTION_AUDIENCE}", not an array: give your JWT library the audience as one string`,
    );
  if (aud !== CLIENT_ASSERTION_AUDIENCE)
    return reject('wrong-aud', `aud is ${JSON.stringify(aud ?? null)}; it must be the literal string "${CLIENT_ASSERTION_AUDIENCE}"`);

  const tolerance = options.clockToleranceSeconds ?? 0;
  if (claims.iat > options.now + tolerance)
    return reject(
      'future-iat',
      `iat is ${claims.iat - options.now} s in the future: set iat from a synchronised clock (Unix seconds, not milliseconds)`,
    );
  if (options.now - claims.iat > options.maxAgeSeconds)
    return reject(
      'stale-iat',
      `the assertion was issued ${options.now - claims.iat} s ago, outside the ${options.maxAgeSeconds} s window: sign a fresh assertion for each token request`,
    );
  if (claims.exp !== undefined && (typeof claims.exp !== 'number' || options.now >= claims.exp))
    return reject('expired', 'the assertion has expired (exp is past): sign a fresh assertion for each token request');

  const jti = typeof claims.jti === 'string' ? claims.jti : '';
  if (jti !== '' && options.seenJti(jti))
    return reject('replayed-jti', `jti "${jti}" was already used: give every assertion a new unique jti (e.g. a UUID)`);
  return { ok: true, partnerCode: iss, jti };
}
