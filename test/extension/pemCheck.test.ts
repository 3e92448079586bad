import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { privateKeyProblem } from '../../client/src/pemCheck';

describe('private key check before SecretStorage', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const pkcs1 = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();

  it('accepts PKCS#8 and PKCS#1 private keys (doc 1 §5.6)', () => {
    assert.equal(privateKeyProblem(pkcs8), undefined);
    assert.equal(privateKeyProblem(pkcs1), undefined);
  });

  it('names the problem and the fix, never echoing the key', () => {
    const pub = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const enc = privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'x' }).toString();
    for (const [text, expect] of [[pub, /public key.*private half/], [enc, /encrypted.*openssl pkey/], ['hello', /not a PEM private key/]] as const) {
      const msg = privateKeyProblem(text);
      assert.match(msg ?? '', expect);
      assert.ok(!msg!.includes('MII'), 'the message contains key material');
    }
  });
});
