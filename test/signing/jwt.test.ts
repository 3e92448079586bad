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
