import assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildCanonical } from '../../engine/signing/canonical';
import { explainSignature } from '../../engine/signing/explain';
import { loadPrivateKey, loadPublicKey } from '../../engine/signing/keys';
import { constants, createSecretKey, verify as nodeVerify } from 'node:crypto';
import { decodeSignature, signText, signTextWith, verifyText, verifyTextWith } from '../../engine/signing/rsa';
import { signValues, verifyValues } from '../../engine/signing/signed';
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
      assert.equal(verifyText('x', junk, pub), false, JSON.stringify(junk));
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

  it('property: a field dropped, two fields swapped or the last pipe lost is found by explain', () => {
    const fieldName = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,7}$/);
    const segs = fc.uniqueArray(fc.record({ field: fieldName, omittedAs: fc.constant<'undefined'>('undefined') }), {
      minLength: 2,
      maxLength: 6,
      selector: (s) => s.field,
    });
    const text = fc.stringMatching(/^[A-Za-z0-9@.\-]{1,12}$/);
    fc.assert(
      fc.property(
        segs,
        fc.array(text, { minLength: 6, maxLength: 6 }),
        fc.nat(),
        fc.constantFrom('drop', 'swap', 'pipe'),
        (segments, texts, pick, mistake) => {
          const values = Object.fromEntries(segments.map((s, i) => [s.field, texts[i]]));
          const parts = segments.map((s) => String(values[s.field]));
          const i = pick % (parts.length - 1);
          const wrong = (secret: string) =>
            mistake === 'drop'
              ? [...parts.slice(0, i), ...parts.slice(i + 1), secret].join('|')
              : mistake === 'swap'
                ? [...parts.slice(0, i), parts[i + 1], parts[i], ...parts.slice(i + 2), secret].join('|')
                : parts.join('|') + secret;
          fc.pre(wrong('S') !== [...parts, 'S'].join('|'));
          const r = explainSignature({
            template: { segments },
            values,
            secret: 'S3cr3t',
            signature: signText(wrong('S3cr3t'), priv),
            publicKey: pub,
          });
          assert.equal(r.verifiedAsExpected, false);
          assert.equal(r.match?.display, wrong('<secretKey>'));
        },
      ),
      { numRuns: 40, seed: 7 },
    );
  });
});

describe('signing/rsa: edges found by mutation testing', () => {
  const text = 'a|b|secret';
  const good = signText(text, priv);

  it("rejects a signature with anything but base64 around it, though Node's decoder would skip it", () => {
    assert.ok(verifyText(text, good, pub));
    for (const bad of [`!!${good}`, `${good}!!`, `${good}===`, `sig:${good}`]) assert.equal(verifyText(text, bad, pub), false, bad);
    assert.equal(decodeSignature(`*${good}`), undefined);
    // One base64 character decodes to no bytes at all: that is no signature either.
    assert.equal(decodeSignature('A'), undefined);
  });

  it('answers false, never throws, for a key that cannot verify (a secret key object)', () => {
    assert.equal(verifyText(text, good, createSecretKey(Buffer.from('0123456789abcdef'))), false);
  });

  it('PSS signatures carry a digest-length salt (what common libraries produce), which the verifier accepts', () => {
    const pss = signTextWith(text, priv, 'sha256', 'pss');
    const withSalt = (saltLength: number) =>
      nodeVerify(
        'sha256',
        Buffer.from(text),
        { key: pub, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength },
        Buffer.from(pss, 'base64'),
      );
    assert.ok(withSalt(32));
    assert.ok(verifyTextWith(text, pss, pub, 'sha256', 'pss'));
    assert.equal(verifyTextWith(text, pss, pub, 'sha256', 'pkcs1'), false);
  });
});

describe('signing/signed', () => {
  it('signValues and verifyValues agree, and verifyValues fails on changed values', () => {
    const t: SignedTemplate = {
      segments: [
        { field: 'partnerCode', omittedAs: 'undefined' },
        { field: 'fiatAmount', omittedAs: '0' },
      ],
    };
    const { canonical, signature } = signValues(t, { partnerCode: 'P' }, 'sec', priv);
    assert.equal(canonical.display, 'P|0|<secretKey>');
    assert.equal(verifyValues(t, { partnerCode: 'P', fiatAmount: undefined }, 'sec', signature, pub).ok, true);
    assert.equal(verifyValues(t, { partnerCode: 'P', fiatAmount: 1 }, 'sec', signature, pub).ok, false);
    assert.equal(verifyValues(t, { partnerCode: 'P' }, 'other', signature, pub).ok, false);
  });
});
