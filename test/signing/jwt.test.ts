import assert from 'node:assert/strict';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import type { KeyObject } from 'node:crypto';
import { loadPrivateKey, loadPublicKey } from '../../engine/signing/keys';
import {
  CLIENT_ASSERTION_AUDIENCE,
  createClientAssertion,
  verifyClientAssertion,
  type VerifyAssertionOptions,
} from '../../engine/signing/jwt';
import { signTextWith } from '../../engine/signing/rsa';
import { keyPem } from './helpers';

const NOW = 1_800_000_000;
const partnerPriv = loadPrivateKey(keyPem('test-partner-private.pem'));
const partnerPub = loadPublicKey(keyPem('test-partner-public.pem'));
const otherPriv = loadPrivateKey(keyPem('test-other-private.pem'));

function options(over: Partial<VerifyAssertionOptions> = {}): VerifyAssertionOptions {
  const seen = new Set<string>();
  return {
    publicKeyFor: (code) => (code === 'TESTPARTNER' ? partnerPub : undefined),
    now: NOW,
    maxAgeSeconds: 300,
    seenJti: (jti) => (seen.has(jti) ? true : (seen.add(jti), false)),
    ...over,
  };
}

/** Any claims, signed for real with jose, to produce each wrong assertion. */
async function sign(claims: Record<string, unknown>, key: KeyObject = partnerPriv, alg = 'RS256') {
  return new SignJWT(claims).setProtectedHeader({ alg }).sign(key);
}

const good = { iss: 'TESTPARTNER', aud: CLIENT_ASSERTION_AUDIENCE, iat: NOW, jti: 'j-1', exp: NOW + 60 };

async function rejection(token: unknown, opts = options()) {
  const r = await verifyClientAssertion(token, opts);
  assert.equal(r.ok, false, 'expected a rejection');
  return r;
}

describe('signing/jwt', () => {
  it('creates an RS256 assertion with the claims of doc 2 §2.1', async () => {
    const token = await createClientAssertion({ partnerCode: 'TESTPARTNER', privateKey: partnerPriv, now: NOW, jti: 'abc' });
    assert.deepEqual(decodeProtectedHeader(token), { alg: 'RS256', typ: 'JWT' });
    assert.deepEqual(decodeJwt(token), { iss: 'TESTPARTNER', aud: 'service-v3-token', iat: NOW, jti: 'abc', exp: NOW + 60 });
    const t2 = await createClientAssertion({ partnerCode: 'P', privateKey: partnerPriv, now: NOW, jti: 'x', ttlSeconds: 30 });
    assert.equal(decodeJwt(t2).exp, NOW + 30);
  });

  it('round-trips: created assertions verify', async () => {
    const token = await createClientAssertion({ partnerCode: 'TESTPARTNER', privateKey: partnerPriv, now: NOW - 10, jti: 'round' });
    assert.deepEqual(await verifyClientAssertion(token, options()), { ok: true, partnerCode: 'TESTPARTNER', jti: 'round' });
  });

  it('accepts an assertion without jti or exp (both optional in doc 2)', async () => {
    const token = await sign({ iss: 'TESTPARTNER', aud: CLIENT_ASSERTION_AUDIENCE, iat: NOW });
    assert.deepEqual(await verifyClientAssertion(token, options()), { ok: true, partnerCode: 'TESTPARTNER', jti: '' });
  });

  it('rejects a bad signature (signed with another key)', async () => {
    const r = await rejection(await sign(good, otherPriv));
    assert.equal(r.code, 'bad-signature');
    assert.match(r.reason, /does not verify with the public key registered for TESTPARTNER/);
  });

  it('rejects a tampered payload', async () => {
    const token = await sign(good);
    const [h, , s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...good, iss: 'TESTPARTNER', jti: 'other' })).toString('base64url');
    assert.equal((await rejection(`${h}.${forged}.${s}`)).code, 'bad-signature');
  });

  it('rejects aud as an array holding the audience: the document says the literal string (issue 13)', async () => {
    const r = await rejection(await sign({ ...good, aud: [CLIENT_ASSERTION_AUDIENCE] }));
    assert.equal(r.code, 'wrong-aud');
    assert.match(r.reason, /aud is the array \["service-v3-token"\]; it must be the literal string "service-v3-token", not an array/);
  });

  it('rejects a wrong aud', async () => {
    const r = await rejection(await sign({ ...good, aud: 'service-v3' }));
    assert.equal(r.code, 'wrong-aud');
    assert.match(r.reason, /"service-v3-token"/);
  });

  it('rejects a stale iat outside the window, accepts one just inside', async () => {
    const r = await rejection(await sign({ ...good, iat: NOW - 301, exp: undefined }));
    assert.equal(r.code, 'stale-iat');
    assert.match(r.reason, /301 s ago, outside the 300 s window/);
    const edge = await verifyClientAssertion(await sign({ ...good, iat: NOW - 300, exp: undefined }), options());
    assert.equal(edge.ok, true);
  });

  it('rejects an iat in the future (e.g. milliseconds)', async () => {
    assert.equal((await rejection(await sign({ ...good, iat: NOW * 1000 }))).code, 'future-iat');
  });

  it('rejects an expired assertion', async () => {
    const r = await rejection(await sign({ ...good, iat: NOW - 100, exp: NOW - 1 }));
    assert.equal(r.code, 'expired');
  });

  it('rejects a replayed jti, and does not burn the jti of a rejected assertion', async () => {
    const opts = options();
    const token = await sign(good);
    assert.equal((await verifyClientAssertion(token, opts)).ok, true);
    assert.equal((await rejection(token, opts)).code, 'replayed-jti');
    // A stale assertion with a fresh jti is rejected as stale, and the jti stays usable.
    assert.equal((await rejection(await sign({ ...good, jti: 'j-2', iat: NOW - 1000, exp: undefined }), opts)).code, 'stale-iat');
    assert.equal((await verifyClientAssertion(await sign({ ...good, jti: 'j-2' }), opts)).ok, true);
  });

  it('rejects an unknown iss', async () => {
    const r = await rejection(await sign({ ...good, iss: 'NOBODY' }));
    assert.equal(r.code, 'unknown-iss');
    assert.match(r.reason, /NOBODY/);
  });

  it('rejects a missing iss or iat', async () => {
    assert.equal((await rejection(await sign({ ...good, iss: undefined }))).code, 'missing-claim');
    assert.equal((await rejection(await sign({ ...good, iat: undefined }))).code, 'missing-claim');
  });

  it('rejects another algorithm (RS512, PS256)', async () => {
    assert.equal((await rejection(await sign(good, partnerPriv, 'RS512'))).code, 'wrong-alg');
    assert.equal((await rejection(await sign(good, partnerPriv, 'PS256'))).code, 'wrong-alg');
  });

  it('rejects garbage without throwing', async () => {
    for (const t of [undefined, 42, '', 'a.b', 'a.b.c', '...', `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.e30.AAAA`]) {
      const r = await rejection(t);
      assert.ok(['malformed', 'missing-claim', 'bad-signature'].includes(r.code), `${String(t)} -> ${r.code}`);
    }
  });

  it('a hand-built RS256 JWT (independent of jose) verifies', async () => {
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const input = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(good)}`;
    const sig = Buffer.from(signTextWith(input, partnerPriv, 'sha256', 'pkcs1'), 'base64').toString('base64url');
    assert.deepEqual(await verifyClientAssertion(`${input}.${sig}`, options()), { ok: true, partnerCode: 'TESTPARTNER', jti: 'j-1' });
  });
});

describe('signing/jwt: the edges of each claim check, and the reasons given', () => {
  it('iat in the future: refused by the second with no tolerance, accepted within clockToleranceSeconds', async () => {
    const ahead = await sign({ ...good, iat: NOW + 5, exp: NOW + 60 });
    const r = await rejection(ahead);
    assert.equal(r.code, 'future-iat');
    assert.equal(r.reason, 'iat is 5 s in the future: set iat from a synchronised clock (Unix seconds, not milliseconds)');
    assert.equal((await verifyClientAssertion(ahead, options({ clockToleranceSeconds: 5 }))).ok, true);
    assert.equal((await rejection(ahead, options({ clockToleranceSeconds: 4 }))).code, 'future-iat');
    assert.equal((await verifyClientAssertion(await sign({ ...good, iat: NOW }), options())).ok, true);
  });

  it('exp: refused from the second it names, accepted the second before; an exp that is not a number is refused', async () => {
    const atExp = await rejection(await sign({ ...good, iat: NOW - 10, exp: NOW }));
    assert.equal(atExp.code, 'expired');
    assert.equal(atExp.reason, 'the assertion has expired (exp is past): sign a fresh assertion for each token request');
    assert.equal((await verifyClientAssertion(await sign({ ...good, iat: NOW - 10, exp: NOW + 1 }), options())).ok, true);
    // jose refuses to sign a non-numeric exp, so this one is built by hand
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const input = `${b64({ alg: 'RS256' })}.${b64({ ...good, exp: 'later' })}`;
    const sig = Buffer.from(signTextWith(input, partnerPriv, 'sha256', 'pkcs1'), 'base64').toString('base64url');
    assert.equal((await rejection(`${input}.${sig}`)).code, 'expired');
  });

  it('the stale window: its reason names the age and the window', async () => {
    const r = await rejection(await sign({ ...good, iat: NOW - 61, exp: undefined }), options({ maxAgeSeconds: 60 }));
    assert.equal(r.reason, 'the assertion was issued 61 s ago, outside the 60 s window: sign a fresh assertion for each token request');
  });

  it('iss and iat: an empty iss and a text iat are missing claims, each reason naming the claim to set', async () => {
    const noIss = await rejection(await sign({ ...good, iss: '' }));
    assert.deepEqual([noIss.code, noIss.reason], ['missing-claim', 'the assertion has no iss claim: set iss to your partnerCode']);
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const input = `${b64({ alg: 'RS256' })}.${b64({ ...good, iat: String(NOW) })}`;
    const sig = Buffer.from(signTextWith(input, partnerPriv, 'sha256', 'pkcs1'), 'base64').toString('base64url');
    const textIat = await rejection(`${input}.${sig}`);
    assert.deepEqual(
      [textIat.code, textIat.reason],
      ['missing-claim', 'the assertion has no numeric iat claim: set iat to the issue time in Unix seconds'],
    );
    const unknown = await rejection(await sign({ ...good, iss: 'NOBODY' }));
    assert.equal(
      unknown.reason,
      'iss "NOBODY" is not a known partner code: set iss to your partnerCode, whose public key was registered at onboarding',
    );
  });

  it('aud: the reason quotes what was sent, null when absent', async () => {
    const wrong = await rejection(await sign({ ...good, aud: 'service-v3' }));
    assert.equal(wrong.reason, 'aud is "service-v3"; it must be the literal string "service-v3-token"');
    const absent = await rejection(await sign({ ...good, aud: undefined }));
    assert.deepEqual([absent.code, absent.reason], ['wrong-aud', 'aud is null; it must be the literal string "service-v3-token"']);
    const otherList = await rejection(await sign({ ...good, aud: ['service-v3'] }));
    assert.equal(otherList.reason, 'aud is ["service-v3"]; it must be the literal string "service-v3-token"');
  });

  it('alg and shape: the reasons say what to send instead', async () => {
    const rs512 = await rejection(await sign(good, partnerPriv, 'RS512'));
    assert.equal(rs512.reason, "the assertion is signed RS512; the service needs RS256 (RSA-SHA256) with the partner's private key");
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = await rejection(`${b64({ alg: 'none' })}.${b64(good)}.`);
    assert.equal(none.code, 'wrong-alg');
    const raw = await rejection(JSON.stringify(good));
    assert.equal(
      raw.reason,
      'clientAssertion is not a JWT (three base64url parts joined by dots): send the signed assertion, not the raw claims',
    );
    const fourParts = await rejection(`${await sign(good)}.x`);
    assert.equal(fourParts.code, 'malformed');
    const undecodable = await rejection('not.a.jwt');
    assert.equal(undecodable.reason, 'clientAssertion cannot be decoded as a JWT: send the compact JWS that your JWT library produced');
    // a signature segment that is not base64url: jose refuses it before any signature check
    const token = await sign(good);
    const broken = await rejection(`${token.slice(0, token.lastIndexOf('.'))}.***`);
    assert.deepEqual(
      [broken.code, broken.reason],
      ['malformed', 'the assertion could not be verified as a JWS: send the compact JWT your library produced, unmodified'],
    );
  });

  it('assertions without a jti are each accepted: there is nothing to replay', async () => {
    const opts = options();
    const token = await sign({ iss: 'TESTPARTNER', aud: CLIENT_ASSERTION_AUDIENCE, iat: NOW });
    assert.equal((await verifyClientAssertion(token, opts)).ok, true);
    assert.equal((await verifyClientAssertion(token, opts)).ok, true);
  });

  it('a replayed jti is named in the reason', async () => {
    const opts = options();
    const token = await sign({ ...good, jti: 'once' });
    assert.equal((await verifyClientAssertion(token, opts)).ok, true);
    assert.equal((await rejection(token, opts)).reason, 'jti "once" was already used: give every assertion a new unique jti (e.g. a UUID)');
  });
});
