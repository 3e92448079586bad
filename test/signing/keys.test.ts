import assert from 'node:assert/strict';
import { writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import {
  KeyError,
  clearKeyCache,
  generateRsaKeyPair,
  loadPrivateKey,
  loadPublicKey,
  publicKeyFromPrivate,
  publicKeyPem,
  readPrivateKeyFile,
  readPublicKeyFile,
} from '../../engine/signing/keys';
import { signText, verifyText } from '../../engine/signing/rsa';
import { keyPath, keyPem, tempDir } from './helpers';

/** Runs fn, asserts it throws a KeyError of `kind`, and returns it. */
function keyError(kind: KeyError['kind'], fn: () => unknown): KeyError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof KeyError, `expected KeyError, got ${String(err)}`);
    assert.equal(err.kind, kind, err.message);
    return err;
  }
  assert.fail(`expected a ${kind} KeyError`);
}

/** The base64 body of a PEM, to check an error message never quotes it. */
const pemBody = (pem: string) =>
  pem
    .split('\n')
    .filter((l) => l && !l.startsWith('-----'))
    .join('');

describe('signing/keys', () => {
  beforeEach(() => clearKeyCache());

  it('loads PKCS#8 and PKCS#1 private keys to the same RSA-2048 key', () => {
    const a = loadPrivateKey(keyPem('test-partner-private.pem'));
    const b = loadPrivateKey(keyPem('test-partner-private-pkcs1.pem'));
    assert.equal(a.asymmetricKeyType, 'rsa');
    assert.equal(a.asymmetricKeyDetails?.modulusLength, 2048);
    assert.ok(a.equals(b));
  });

  it('loads SPKI and PKCS#1 public keys to the same key, matching the private half', () => {
    const a = loadPublicKey(keyPem('test-partner-public.pem'));
    const b = loadPublicKey(keyPem('test-partner-public-pkcs1.pem'));
    assert.ok(a.equals(b));
    const priv = loadPrivateKey(keyPem('test-partner-private.pem'));
    assert.ok(publicKeyFromPrivate(priv).equals(a));
    assert.equal(publicKeyPem(priv), keyPem('test-partner-public.pem'));
  });

  it('caches by content: the same PEM gives the same KeyObject', () => {
    const pem = keyPem('test-partner-private.pem');
    assert.equal(loadPrivateKey(pem), loadPrivateKey(pem));
    // A PEM copied through JSON with literal \n and CRLF is the same key.
    const mangled = pem.trim().replace(/\n/g, '\\n');
    assert.ok(loadPrivateKey(mangled).equals(loadPrivateKey(pem)));
    assert.ok(loadPrivateKey(pem.replace(/\n/g, '\r\n')).equals(loadPrivateKey(pem)));
  });

  it('reads key files', () => {
    const priv = readPrivateKeyFile(keyPath('test-partner-private-pkcs1.pem'));
    const pub = readPublicKeyFile(keyPath('test-partner-public.pem'));
    assert.ok(verifyText('x', signText('x', priv), pub));
  });

  it('generates RSA-2048 PKCS#8/SPKI pairs that load and sign', () => {
    const pair = generateRsaKeyPair();
    assert.match(pair.privateKeyPem, /^-----BEGIN PRIVATE KEY-----/);
    assert.match(pair.publicKeyPem, /^-----BEGIN PUBLIC KEY-----/);
    const priv = loadPrivateKey(pair.privateKeyPem);
    const pub = loadPublicKey(pair.publicKeyPem);
    assert.ok(verifyText('hello|secret', signText('hello|secret', priv), pub));
  });

  describe('KeyError', () => {
    it('unreadable: empty text, no PEM block, missing file (names the file)', () => {
      assert.match(keyError('unreadable', () => loadPrivateKey('')).message, /empty.*-----BEGIN PRIVATE KEY-----/);
      assert.match(keyError('unreadable', () => loadPublicKey('hello')).message, /no PEM block.*BEGIN PUBLIC KEY/);
      const missing = join(tempDir(), 'nope.pem');
      const err = keyError('unreadable', () => readPrivateKeyFile(missing));
      assert.equal(err.file, missing);
      assert.match(err.message, /no such file/);
      assert.ok(err.message.startsWith(missing));
    });

    it('unreadable: a directory', () => {
      const dir = tempDir();
      assert.match(keyError('unreadable', () => readPublicKeyFile(dir)).message, /directory/);
    });

    it('unusable: a corrupted PEM, without quoting it', () => {
      const pem = keyPem('test-partner-private.pem');
      const broken = pem.replace(/(-----\n)(.{40})/, '$1' + 'A'.repeat(40));
      const err = keyError('unusable', () => loadPrivateKey(broken));
      assert.match(err.message, /could not be decoded.*copy the whole key again/);
      assert.ok(!err.message.includes(pemBody(broken).slice(60, 100)));
    });

    it('unusable: an encrypted private key, with the export command', () => {
      const priv = loadPrivateKey(keyPem('test-partner-private.pem'));
      const encrypted = priv.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'test' }).toString();
      assert.match(keyError('unusable', () => loadPrivateKey(encrypted)).message, /passphrase.*openssl pkey/);
    });

    it('unusable: an OpenSSH public key', () => {
      assert.match(keyError('unusable', () => loadPublicKey('ssh-rsa AAAAB3NzaC1yc2E test@host')).message, /ssh-keygen -e -m PKCS8/);
    });

    it('wrong-kind: a public key where a private key is needed (file named, content not quoted)', () => {
      const file = keyPath('test-partner-public.pem');
      const err = keyError('wrong-kind', () => readPrivateKeyFile(file));
      assert.match(err.message, /holds a public key where a private key is needed: point privateKeyFile at the private half/);
      assert.ok(err.message.includes(file));
      assert.ok(!err.message.includes(pemBody(keyPem('test-partner-public.pem')).slice(0, 40)));
    });

    it('wrong-kind: a private key where a public key is needed, never quoting the private key', () => {
      const pem = keyPem('test-partner-private.pem');
      const err = keyError('wrong-kind', () => loadPublicKey(pem));
      assert.match(err.message, /holds a private key where a public key is needed.*-pubout/);
      for (let i = 0; i < pemBody(pem).length - 16; i += 16) assert.ok(!err.message.includes(pemBody(pem).slice(i, i + 16)));
    });

    it('wrong-kind: a certificate where a private key is needed', () => {
      const cert = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
      assert.match(keyError('wrong-kind', () => loadPrivateKey(cert)).message, /certificate where a private key/);
      assert.match(keyError('wrong-kind', () => loadPublicKey(cert)).message, /openssl x509/);
    });

    it('not-rsa: EC P-256, private and public', () => {
      assert.match(
        keyError('not-rsa', () => readPrivateKeyFile(keyPath('test-ec-p256-private.pem'))).message,
        /the key is EC P-256, the service needs RSA-2048/,
      );
      assert.match(keyError('not-rsa', () => readPublicKeyFile(keyPath('test-ec-p256-public.pem'))).message, /EC P-256/);
    });

    it('wrong-size: RSA-4096, unless any size is allowed (the service key)', () => {
      assert.match(
        keyError('wrong-size', () => readPrivateKeyFile(keyPath('test-rsa4096-private.pem'))).message,
        /the key is RSA-4096; the service expects RSA-2048/,
      );
      assert.match(keyError('wrong-size', () => readPublicKeyFile(keyPath('test-rsa4096-public.pem'))).message, /RSA-4096/);
      assert.equal(readPublicKeyFile(keyPath('test-rsa4096-public.pem'), { bits: 'any' }).asymmetricKeyDetails?.modulusLength, 4096);
    });

    it('unreadable: a file without read permission (skipped as root)', function () {
      if (process.getuid?.() === 0) this.skip();
      const file = join(tempDir(), 'k.pem');
      writeFileSync(file, keyPem('test-partner-private.pem'));
      chmodSync(file, 0o000);
      assert.match(keyError('unreadable', () => readPrivateKeyFile(file)).message, /permission denied/);
    });
  });

  it('never throws anything but KeyError on arbitrary text', () => {
    const samples = [
      '-----BEGIN PUBLIC KEY-----',
      '-----BEGIN PRIVATE KEY-----\n!!!\n-----END PRIVATE KEY-----',
      '\u0000',
      '-----BEGIN FOO-----\nAA\n-----END FOO-----',
    ];
    for (const s of samples) {
      for (const load of [loadPrivateKey, loadPublicKey]) {
        assert.throws(() => load(s), KeyError);
      }
    }
    // A public key derived from a private KeyObject still is what node says it is.
    assert.equal(createPublicKey(loadPrivateKey(keyPem('test-partner-private.pem'))).type, 'public');
  });
});

describe('signing/keys: every refusal says which key, what is wrong and what to do', () => {
  beforeEach(() => clearKeyCache());
  const pem = (label: string, body = 'AAAA') => `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;

  it('text, not a file: the message names the role and "the text"', () => {
    const pub = keyPem('test-partner-public.pem');
    assert.equal(
      keyError('wrong-kind', () => loadPrivateKey(pub)).message,
      'the private key: the text holds a public key where a private key is needed: point privateKeyFile at the private half of the pair (a PEM whose BEGIN line says PRIVATE KEY or RSA PRIVATE KEY)',
    );
    assert.equal(
      keyError('unreadable', () => loadPublicKey('   ')).message,
      'the public key: it is empty: give the key as PEM text from its -----BEGIN PUBLIC KEY----- line to its -----END line',
    );
    const file = keyPath('test-partner-private.pem');
    assert.ok(keyError('wrong-kind', () => readPublicKeyFile(file)).message.startsWith(`${file}: the file holds a private key`));
  });

  it('OpenSSH keys: ed25519 and ECDSA public keys and an OpenSSH private key, each with its conversion', () => {
    for (const line of ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 me@host', 'ecdsa-sha2-nistp256 AAAAE2VjZHNh me@host']) {
      assert.match(
        keyError('unusable', () => loadPublicKey(line)).message,
        /OpenSSH public key, not PEM: convert it with `ssh-keygen -e -m PKCS8/,
      );
    }
    assert.match(keyError('unreadable', () => loadPublicKey('ssh-dss AAAAB3NzaC1kc3M me@host')).message, /no PEM block found/);
    assert.equal(
      keyError('unusable', () => loadPrivateKey(pem('OPENSSH PRIVATE KEY'))).message,
      'the private key: the private key is in OpenSSH format: convert it to PEM (`ssh-keygen -p -m PKCS8 -f <file>` rewrites it in place) or generate an RSA-2048 key with `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048`',
    );
  });

  it('a passphrase-protected PKCS#1 key (Proc-Type: 4,ENCRYPTED) is named as encrypted', () => {
    const priv = loadPrivateKey(keyPem('test-partner-private.pem'));
    const encrypted = priv.export({ type: 'pkcs1', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'test' }).toString();
    assert.match(encrypted, /Proc-Type: 4,ENCRYPTED/);
    assert.equal(
      keyError('unusable', () => loadPrivateKey(encrypted)).message,
      'the private key: the private key is encrypted with a passphrase: export an unencrypted copy for signing (`openssl pkey -in key.pem -out key-plain.pem`) and keep it private',
    );
  });

  it('a PEM block that is no key, for either role', () => {
    assert.equal(
      keyError('wrong-kind', () => loadPrivateKey(pem('X509 CRL'))).message,
      'the private key: the PEM block is a X509 CRL, not a key: give the private key (-----BEGIN PRIVATE KEY-----)',
    );
    assert.match(
      keyError('wrong-kind', () => loadPublicKey(pem('PARAMETERS'))).message,
      /a PARAMETERS, not a key: give the public key \(-----BEGIN PUBLIC KEY-----\)$/,
    );
    assert.equal(
      keyError('wrong-kind', () => loadPublicKey(pem('CERTIFICATE'))).message,
      'the public key: the text holds a certificate where a public key is needed: extract its public key with `openssl x509 -in cert.pem -pubkey -noout`',
    );
  });

  it('keys of another type are named: Ed25519, EC P-384, an unnamed curve, RSA-PSS', () => {
    const ed = generateKeyPairSync('ed25519');
    const pemOf = (k: KeyObject) => k.export({ type: k.type === 'private' ? 'pkcs8' : 'spki', format: 'pem' }).toString();
    assert.equal(
      keyError('not-rsa', () => loadPrivateKey(pemOf(ed.privateKey))).message,
      'the private key: the key is Ed25519, the service needs RSA-2048: generate an RSA key pair: `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out private.pem`',
    );
    assert.match(keyError('not-rsa', () => loadPublicKey(pemOf(ed.publicKey))).message, /the key is Ed25519,/);
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
    assert.match(keyError('not-rsa', () => loadPublicKey(pemOf(p384.publicKey))).message, /the key is EC P-384,/);
    const p521 = generateKeyPairSync('ec', { namedCurve: 'secp521r1' });
    assert.match(keyError('not-rsa', () => loadPublicKey(pemOf(p521.publicKey))).message, /the key is EC P-521,/);
    const k1 = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
    assert.match(keyError('not-rsa', () => loadPublicKey(pemOf(k1.publicKey))).message, /the key is EC secp256k1,/);
    const pss = generateKeyPairSync('rsa-pss', { modulusLength: 1024 });
    assert.match(
      keyError('not-rsa', () => loadPrivateKey(pemOf(pss.privateKey))).message,
      /the key is RSA-PSS \(restricted to PSS padding, which the service rejects\), the service needs RSA-2048/,
    );
  });

  it('the cache never lets a key skip a check: the same text for the other role, or for a stricter size, is refused again', () => {
    const priv = keyPem('test-partner-private.pem');
    loadPrivateKey(priv);
    keyError('wrong-kind', () => loadPublicKey(priv));
    const big = keyPem('test-rsa4096-public.pem');
    assert.equal(loadPublicKey(big, { bits: 'any' }).asymmetricKeyDetails?.modulusLength, 4096);
    assert.match(keyError('wrong-size', () => loadPublicKey(big)).message, /RSA-4096; the service expects RSA-2048/);
    assert.match(
      keyError('wrong-size', () => loadPublicKey(keyPem('test-partner-public.pem'), { bits: 4096 })).message,
      /RSA-2048; the service expects RSA-4096: generate an RSA-4096 key pair/,
    );
  });

  it('a PEM pasted indented (YAML) or with escaped \\r\\n (JSON) loads as the same key', () => {
    const priv = keyPem('test-partner-private.pem');
    const indented = priv
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n');
    assert.ok(loadPrivateKey(indented).equals(loadPrivateKey(priv)));
    const escapedCrlf = priv.trim().replace(/\n/g, '\\r\\n');
    assert.ok(loadPrivateKey(escapedCrlf).equals(loadPrivateKey(priv)));
  });

  it('a key file that is too large or not a file says what a key file is, naming the setting for its role', () => {
    const dir = tempDir();
    const big = join(dir, 'huge.pem');
    writeFileSync(big, 'A'.repeat(70 * 1024));
    const tooLarge = keyError('unreadable', () => readPrivateKeyFile(big));
    assert.equal(tooLarge.file, big);
    assert.match(
      tooLarge.message,
      /more than the 65536 bytes allowed: a PEM key is a few KB: point privateKeyFile at the PEM file holding the private key$/,
    );
    assert.match(
      keyError('unreadable', () => readPublicKeyFile(big)).message,
      /a PEM key is a few KB: point the public key setting at the PEM file holding the public key$/,
    );
    const notFile = keyError('unreadable', () => readPrivateKeyFile(dir)).message;
    assert.match(notFile, /not a key file: point privateKeyFile at a readable PEM file holding the private key$/);
    assert.match(
      keyError('unreadable', () => readPublicKeyFile(join(dir, 'none.pem'))).message,
      /point the public key setting at a readable PEM file holding the public key$/,
    );
  });

  it('a setting that is not text (absent, a number) or only blank lines is refused as an empty key, not a TypeError', () => {
    for (const value of [undefined, null, 42, '\n\n', ' \r\n ']) {
      assert.match(keyError('unreadable', () => loadPrivateKey(value as unknown as string)).message, /^the private key: it is empty/);
    }
  });

  it('publicKeyPem gives SPKI PEM for a public key as for a private one', () => {
    const pub = loadPublicKey(keyPem('test-partner-public-pkcs1.pem'));
    assert.equal(publicKeyPem(pub), keyPem('test-partner-public.pem'));
  });
});
