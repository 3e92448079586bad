// Opening an RSA signature with a public key: `s^e mod n` (node's publicDecrypt without padding)
// gives the encoded message the signer padded. Its structure is a definitive answer to "which key,
// which padding, which hash": PKCS#1 v1.5 with a DigestInfo (00 01 FF…FF 00 DigestInfo digest)
// means this key pair made it and names the hash; PSS (…0xBC, a DB of zeros, 0x01, salt once
// unmasked) means PSS; anything else means another key made it (with the wrong key the output is
// noise). With the digest in hand a candidate string costs one hash, not an RSA verification.
//
// What is opened is the digest of a string that contains the secretKey: it is never returned to a
// caller that shows things; `matches(text)` is the only way to use it.
import { constants, hash, publicDecrypt, type KeyObject } from 'node:crypto';
import { decodeSignature } from './rsa';

export type OpenedHash = 'sha256' | 'sha1' | 'sha512' | 'sha384' | 'sha224' | 'md5';

export interface OpenedSignature {
  padding: 'pkcs1' | 'pss' | 'pkcs1-raw';
  /** The hash named; for a PSS block that reads under more than one hash, the likeliest, then the one that matched. */
  hash: OpenedHash;
  /** True when the signature covers exactly `text` (its UTF-8 bytes). One or two hashes; no RSA. */
  matches: (text: string) => boolean;
}

// DigestInfo prefixes (RFC 8017 §9.2 note 1), and the same without the NULL parameters some
// libraries write; both are accepted by OpenSSL's verifier for the SHA-2 family.
const DIGEST_INFOS: { hash: OpenedHash; prefix: string }[] = [
  { hash: 'sha256', prefix: '3031300d060960864801650304020105000420' },
  { hash: 'sha256', prefix: '302f300b0609608648016503040201' + '0420' },
  { hash: 'sha1', prefix: '3021300906052b0e03021a05000414' },
  { hash: 'sha1', prefix: '301f300706052b0e03021a' + '0414' },
  { hash: 'sha512', prefix: '3051300d060960864801650304020305000440' },
  { hash: 'sha512', prefix: '304f300b0609608648016503040203' + '0440' },
  { hash: 'sha384', prefix: '3041300d060960864801650304020205000430' },
  { hash: 'sha224', prefix: '302d300d06096086480165030402040500041c' },
  { hash: 'md5', prefix: '3020300c06082a864886f70d020505000410' },
];

const HASH_BYTES: Record<OpenedHash, number> = { sha256: 32, sha1: 20, sha512: 64, sha384: 48, sha224: 28, md5: 16 };
/** The hashes PSS is tried with, most common first. */
const PSS_HASHES: OpenedHash[] = ['sha256', 'sha1', 'sha512', 'sha384'];

/** `s^e mod n` as the modulus-length block, or undefined when the signature cannot be this key's (other length, ≥ n). */
function rawBlock(signature: Buffer, key: KeyObject): Buffer | undefined {
  const bits = key.asymmetricKeyDetails?.modulusLength;
  if (bits === undefined || signature.length !== Math.ceil(bits / 8)) return undefined;
  try {
    return publicDecrypt({ key, padding: constants.RSA_NO_PADDING }, signature);
  } catch {
    return undefined;
  }
}

/** Opens `signatureB64` with `key`; undefined when this key did not make it (or it is no signature at all). */
export function openSignature(signatureB64: unknown, key: KeyObject): OpenedSignature | undefined {
  const sig = decodeSignature(signatureB64);
  if (!sig) return undefined;
  const em = rawBlock(sig, key);
  if (!em) return undefined;
  return openPkcs1(em) ?? openPss(em, key.asymmetricKeyDetails!.modulusLength!);
}

function openPkcs1(em: Buffer): OpenedSignature | undefined {
  if (em[0] !== 0x00 || em[1] !== 0x01) return undefined;
  let i = 2;
  while (i < em.length && em[i] === 0xff) i++;
  // At least 8 bytes of 0xFF, then the 0x00 separator (RFC 8017 §9.2 step 5).
  if (i - 2 < 8 || em[i] !== 0x00) return undefined;
  const t = em.subarray(i + 1);
  const hex = t.toString('hex');
  for (const d of DIGEST_INFOS) {
    if (!hex.startsWith(d.prefix) || hex.length !== d.prefix.length + HASH_BYTES[d.hash] * 2) continue;
    const digest = hex.slice(d.prefix.length);
    const alg = d.hash;
    return { padding: 'pkcs1', hash: alg, matches: (text) => hash(alg, text, 'hex') === digest };
  }
  // The padding is right but there is no DigestInfo: a bare digest was encrypted (a "sign the hash
  // yourself" integration). Its length names the hash.
  const bare = (Object.keys(HASH_BYTES) as OpenedHash[]).find((h) => HASH_BYTES[h] === t.length && h !== 'md5');
  if (!bare) return undefined;
  return { padding: 'pkcs1-raw', hash: bare, matches: (text) => hash(bare, text, 'hex') === hex };
}

function mgf1(seed: Buffer, length: number, alg: OpenedHash): Buffer {
  const out = Buffer.alloc(length);
  const counter = Buffer.alloc(4);
  for (let c = 0, at = 0; at < length; c++) {
    counter.writeUInt32BE(c);
    const block = hash(alg, Buffer.concat([seed, counter]), 'buffer');
    block.copy(out, at);
    at += block.length;
  }
  return out;
}

/** RFC 8017 §9.1.2: EM = maskedDB || H || 0xBC; DB = PS (zeros) || 0x01 || salt once unmasked with MGF1(H). */
function openPss(block: Buffer, modBits: number): OpenedSignature | undefined {
  const emBits = modBits - 1;
  const emLen = Math.ceil(emBits / 8);
  // When emBits is a multiple of 8 the block has one leading zero byte more than EM.
  if (block.length > emLen && block[0] !== 0) return undefined;
  const em = block.subarray(block.length - emLen);
  if (em[emLen - 1] !== 0xbc) return undefined;
  const topBits = 8 * emLen - emBits;
  const fits: { alg: OpenedHash; salt: Buffer; hHex: string; psLength: number }[] = [];
  for (const alg of PSS_HASHES) {
    const hLen = HASH_BYTES[alg];
    if (emLen < hLen + 2) continue;
    const h = em.subarray(emLen - hLen - 1, emLen - 1);
    const db = mgf1(h, emLen - hLen - 1, alg);
    for (let i = 0; i < db.length; i++) db[i] ^= em[i];
    db[0] &= 0xff >> topBits;
    let i = 0;
    while (i < db.length && db[i] === 0) i++;
    if (i >= db.length || db[i] !== 0x01) continue;
    fits.push({ alg, salt: db.subarray(i + 1), hHex: h.toString('hex'), psLength: i });
  }
  if (fits.length === 0) return undefined;
  // Unmasked with the wrong hash, the block still reads as PSS about once in 128 (a first byte of
  // 01: the largest salt). The reading with the longest zero padding is the likely one; a match
  // settles it (`hash` is then the hash that matched).
  fits.sort((a, b) => b.psLength - a.psLength);
  const zeros = Buffer.alloc(8);
  const opened: OpenedSignature = {
    padding: 'pss',
    hash: fits[0].alg,
    // M' = 8 zero bytes || Hash(M) || salt; the signature covers M when Hash(M') = H.
    matches: (text) => {
      for (const f of fits) {
        if (hash(f.alg, Buffer.concat([zeros, hash(f.alg, text, 'buffer'), f.salt]), 'hex') !== f.hHex) continue;
        opened.hash = f.alg;
        return true;
      }
      return false;
    },
  };
  return opened;
}
