// Golden vectors (test/fixtures/golden/vectors.json, written by scripts/gen-golden.ts) checked
// three ways: recomputed by our code from the catalogue, verified by `openssl dgst -verify`, and
// re-signed by `openssl dgst -sign` (PKCS#1 v1.5 is deterministic, so the bytes must be equal).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../engine/catalogue';
import { buildCanonical } from '../../engine/signing/canonical';
import { loadPrivateKey, loadPublicKey } from '../../engine/signing/keys';
import { signText, verifyText } from '../../engine/signing/rsa';
import { allSignedTemplates } from '../../engine/signing/templates';
import { tempDir } from './helpers';

const ROOT = join(import.meta.dirname, '..', '..');
interface Vector {
  id: string;
  template: string;
  case: string;
  signer: 'partner' | 'service';
  body: string;
  canonical: string;
  display: string;
  signature: string;
}
const golden = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/golden/vectors.json'), 'utf8')) as {
  secret: string;
  keys: Record<'partner' | 'service', { private: string; public: string }>;
  vectors: Vector[];
};
const templates = new Map(allSignedTemplates(catalogue).map((t) => [t.id, t]));
const keyFile = (signer: Vector['signer'], half: 'private' | 'public') => join(ROOT, golden.keys[signer][half]);
const dir = tempDir();

function opensslVerify(v: Vector, signature = v.signature): { ok: boolean; out: string } {
  const data = join(dir, 'data.txt');
  const sig = join(dir, 'sig.bin');
  writeFileSync(data, v.canonical, 'utf8');
  writeFileSync(sig, Buffer.from(signature, 'base64'));
  const r = spawnSync('openssl', ['dgst', '-sha256', '-verify', keyFile(v.signer, 'public'), '-signature', sig, data], {
    encoding: 'utf8',
  });
  return { ok: r.status === 0, out: `${r.stdout}${r.stderr}`.trim() };
}

describe('signing/golden vectors', () => {
  it('covers every signed string of the catalogue: each request (full and one omitted field), each response, the webhook', () => {
    const ids = new Set(golden.vectors.map((v) => v.id));
    const missing: string[] = [];
    for (const t of templates.values()) {
      if (!ids.has(`${t.id}#full`)) missing.push(`${t.id}#full`);
      if (t.kind === 'request' && !golden.vectors.some((v) => v.template === t.id && v.case.startsWith('omitted:')))
        missing.push(`${t.id}#omitted:*`);
    }
    assert.deepEqual(missing, [], 'run `npx tsx scripts/gen-golden.ts` after adding a signed endpoint');
    const signedEndpoints = catalogue.endpoints.filter((e) => e.signedString);
    assert.ok(signedEndpoints.length >= 14, `doc 1 has 14 signed endpoints, the catalogue ${signedEndpoints.length}`);
    assert.ok(templates.has('webhook'));
    for (const v of golden.vectors) assert.ok(templates.has(v.template), `${v.id}: no such template in the catalogue any more`);
  });

  describe('recomputed from the catalogue and our signer', () => {
    const priv = {
      partner: loadPrivateKey(readFileSync(keyFile('partner', 'private'), 'utf8')),
      service: loadPrivateKey(readFileSync(keyFile('service', 'private'), 'utf8')),
    };
    const pub = {
      partner: loadPublicKey(readFileSync(keyFile('partner', 'public'), 'utf8')),
      service: loadPublicKey(readFileSync(keyFile('service', 'public'), 'utf8')),
    };
    for (const v of golden.vectors) {
      it(v.id, () => {
        const t = templates.get(v.template);
        assert.ok(t, `template ${v.template} missing from the catalogue`);
        const c = buildCanonical(t.template, JSON.parse(v.body) as Record<string, unknown>);
        assert.equal(c.display, v.display);
        assert.equal(c.withSecret(golden.secret), v.canonical);
        assert.equal(signText(v.canonical, priv[v.signer]), v.signature);
        assert.ok(verifyText(v.canonical, v.signature, pub[v.signer]));
      });
    }
  });

  describe('checked by openssl', () => {
    for (const v of golden.vectors) {
      it(`${v.id}: openssl verifies ours and signs the same bytes`, () => {
        const verdict = opensslVerify(v);
        assert.ok(verdict.ok, verdict.out);
        assert.match(verdict.out, /Verified OK/);
        const data = join(dir, 'sign.txt');
        writeFileSync(data, v.canonical, 'utf8');
        const theirs = execFileSync('openssl', ['dgst', '-sha256', '-sign', keyFile(v.signer, 'private'), data]);
        assert.equal(theirs.toString('base64'), v.signature);
      });
    }

    it('openssl rejects a vector whose signature was altered (the check can fail)', () => {
      const v = golden.vectors[0];
      const bytes = Buffer.from(v.signature, 'base64');
      bytes[10] ^= 1;
      assert.equal(opensslVerify(v, bytes.toString('base64')).ok, false);
      assert.equal(opensslVerify({ ...v, canonical: `${v.canonical} ` }).ok, false);
    });
  });
});
