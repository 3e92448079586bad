import assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildCanonical } from '../../engine/signing/canonical';
import { explainSignature } from '../../engine/signing/explain';
import { loadPrivateKey, loadPublicKey } from '../../engine/signing/keys';
import { decodeSignature, signText, verifyText } from '../../engine/signing/rsa';
import type { SignedTemplate } from '../../engine/catalogue/types';
import { keyPem } from './helpers';

const priv = loadPrivateKey(keyPem('test-partner-private.pem'));
const pub = loadPublicKey(keyPem('test-partner-public.pem'));
const otherPub = loadPublicKey(keyPem('test-other-public.pem'));

describe('signing/rsa', () => {
  it('signs deterministically (PKCS#1 v1.5) and verifies', () => {
    const a = signText('a|b|secret', priv);
    assert.equal(a, signText('a|b|secret', priv));
    assert.equal(Buffer.from(a, 'base64').length, 256);
    assert.ok(verifyText('a|b|secret', a, pub));
    assert.ok(!verifyText('a|b|secreT', a, pub));
    assert.ok(!verifyText('a|b|secret', a, otherPub));
  });

  it('signs UTF-8 bytes', () => {
    const s = signText('Cà phê|secret', priv);
    assert.ok(verifyText('Cà phê|secret', s, pub));
    assert.ok(!verifyText('Ca phe|secret', s, pub));
  });

  it('accepts a signature wrapped over lines, never throws on garbage', () => {
    const s = signText('x', priv);
    assert.ok(verifyText('x', s.replace(/(.{64})/g, '$1\n'), pub));
    for (const junk of ['', '!!!', 'AAAA', '====', 'a b c', null, undefined, 42, {}, s.slice(0, 100)]) {
      assert.equal(verifyText('x', junk, pub), false, String(junk));
    }
    assert.equal(decodeSignature('%%%'), undefined);
  });

  it('property: buildCanonical, sign, verify round-trips for arbitrary templates and values', () => {
    const fieldName = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{0,11}$/);
    const template = fc.uniqueArray(fc.record({ field: fieldName, omittedAs: fc.constantFrom<'undefined' | '0'>('undefined', '0') }), {
      maxLength: 8,
      selector: (s) => s.field,
    });
    const value = fc.oneof(fc.string({ unit: 'grapheme' }), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.jsonValue());
    fc.assert(
      fc.property(template, fc.dictionary(fieldName, value), fc.string({ unit: 'grapheme', minLength: 1 }), (segments, values, secret) => {
        const t: SignedTemplate = { segments };
        const c = buildCanonical(t, values);
        const sig = signText(c.withSecret(secret), priv);
        assert.ok(verifyText(c.withSecret(secret), sig, pub));
        assert.equal(c.segments.length, segments.length);
        // The display is the signed string with the secret swapped for the placeholder.
        assert.equal(c.withSecret('<secretKey>'), c.display);
        // explain agrees that the signature covers exactly the expected string.
        assert.equal(explainSignature({ template: t, values, secret, signature: sig, publicKey: pub }).verifiedAsExpected, true);
      }),
      { numRuns: 60, seed: 20261122 },
    );
  });
});

describe('signing/signed', () => {
  it('signValues and verifyValues agree, and verifyValues fails on changed values', async () => {
    const { signValues, verifyValues } = await import('../../engine/signing/signed');
    const t: SignedTemplate = { segments: [{ field: 'partnerCode', omittedAs: 'undefined' }, { field: 'fiatAmount', omittedAs: '0' }] };
    const { canonical, signature } = signValues(t, { partnerCode: 'P' }, 'sec', priv);
    assert.equal(canonical.display, 'P|0|<secretKey>');
    assert.equal(verifyValues(t, { partnerCode: 'P', fiatAmount: undefined }, 'sec', signature, pub).ok, true);
    assert.equal(verifyValues(t, { partnerCode: 'P', fiatAmount: 1 }, 'sec', signature, pub).ok, false);
    assert.equal(verifyValues(t, { partnerCode: 'P' }, 'other', signature, pub).ok, false);
  });
});
