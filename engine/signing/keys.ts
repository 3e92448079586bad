// Key loading for doc 1 §5.6: the partner pair is RSA-2048; the public key is PEM with a
// `PUBLIC KEY` (SPKI) or `RSA PUBLIC KEY` (PKCS#1) header, the private key `PRIVATE KEY` (PKCS#8)
// or `RSA PRIVATE KEY` (PKCS#1). node:crypto parses all four; this file adds what a user needs
// when it goes wrong (which problem, and the fix), and a cache so a key is parsed once, not per
// request. Errors never carry the PEM text: a private key must not end up in a log.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { BoundedReadError, KEY_FILE_MAX_BYTES, readBoundedText } from '../util/readBounded';

export type KeyErrorKind = 'unreadable' | 'unusable' | 'wrong-kind' | 'not-rsa' | 'wrong-size';

export class KeyError extends Error {
  override readonly name = 'KeyError';
  constructor(
    readonly kind: KeyErrorKind,
    message: string,
    /** The file the key was read from, when it came from a file. */
    readonly file?: string,
  ) {
    super(message);
  }
}

/** The partner key size of doc 1 §2.1 / §5.6. */
export const PARTNER_KEY_BITS = 2048;

export interface KeyOptions {
  /**
   * The RSA modulus size required, in bits; 'any' accepts every size. Default 2048, the partner
   * pair. The service public key's size is "not shown" (doc 1 §2.1 says only "RSA"), so callers
   * loading it pass 'any'.
   */
  bits?: number | 'any';
}

type Role = 'private' | 'public';

const CACHE_LIMIT = 64;
const cache = new Map<string, KeyObject>();

/** Parses a private key PEM (PKCS#8 or PKCS#1), checks it is RSA of the right size; cached. */
export function loadPrivateKey(pem: string, options: KeyOptions = {}): KeyObject {
  return load('private', pem, options, undefined);
}

/** Parses a public key PEM (SPKI or PKCS#1), checks it is RSA of the right size; cached. */
export function loadPublicKey(pem: string, options: KeyOptions = {}): KeyObject {
  return load('public', pem, options, undefined);
}

export function readPrivateKeyFile(path: string, options: KeyOptions = {}): KeyObject {
  return load('private', readKeyFile(path, 'private'), options, path);
}

export function readPublicKeyFile(path: string, options: KeyOptions = {}): KeyObject {
  return load('public', readKeyFile(path, 'public'), options, path);
}

/** A fresh RSA-2048 pair as PKCS#8 / SPKI PEM (the local sandbox's keys, `keys generate`). */
export function generateRsaKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: PARTNER_KEY_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** The public half of a private key. */
export function publicKeyFromPrivate(privateKey: KeyObject): KeyObject {
  return createPublicKey(privateKey);
}

/** A public key as SPKI PEM (`-----BEGIN PUBLIC KEY-----`), the form given to the service. */
export function publicKeyPem(key: KeyObject): string {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  return pub.export({ type: 'spki', format: 'pem' }).toString();
}

/** Empties the parsed-key cache (tests; a key file replaced by another is other text, so another entry). */
export function clearKeyCache(): void {
  cache.clear();
}

function readKeyFile(path: string, role: Role): string {
  try {
    return readBoundedText(path, { maxBytes: KEY_FILE_MAX_BYTES });
  } catch (err) {
    if (!(err instanceof BoundedReadError)) throw err;
    const setting = role === 'private' ? 'privateKeyFile' : 'the public key setting';
    const problem = err.kind === 'not-a-file' ? err.problem.replace('not a regular file', 'not a key file') : err.problem;
    const fix =
      err.kind === 'too-large'
        ? `a PEM key is a few KB: point ${setting} at the PEM file holding the ${role} key`
        : `point ${setting} at a readable PEM file holding the ${role} key`;
    throw new KeyError('unreadable', `${path}: ${problem}: ${fix}`, path);
  }
}

function load(role: Role, pem: string, options: KeyOptions, file: string | undefined): KeyObject {
  const bits = options.bits ?? PARTNER_KEY_BITS;
  const given = typeof pem === 'string' ? pem : '';
  // Keyed by the text exactly as given: a caller passing the same PEM again (a signer per request)
  // finds its key with one lookup, no normalising or hashing.
  const id = `${role}\u0000${bits}\u0000${given}`;
  const hit = cache.get(id);
  if (hit) return hit;
  const key = parse(role, normalizePem(given), bits, file);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(id, key);
  return key;
}

/**
 * Undoes what copying a PEM through JSON, YAML or an env var does to it: `\n` left as two
 * characters, CRLF line ends, indentation. The base64 content is untouched.
 */
function normalizePem(text: string): string {
  let t = text.trim();
  if (t.includes('\\n') && !/-----\r?\n/.test(t)) t = t.replace(/\\r/g, '').replace(/\\n/g, '\n');
  return t
    .split(/\r?\n/)
    .map((line) => line.trim())
    .join('\n');
}

function parse(role: Role, text: string, bits: number | 'any', file: string | undefined): KeyObject {
  const subject = file ?? `the ${role} key`;
  const holder = file ? 'the file' : 'the text';
  const fail = (kind: KeyErrorKind, problem: string, fix: string): never => {
    throw new KeyError(kind, `${subject}: ${problem}: ${fix}`, file);
  };
  const label = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(text)?.[1];
  if (!label) {
    if (/^(ssh-rsa|ssh-ed25519|ecdsa-sha2-\S+)\s/.test(text))
      fail(
        'unusable',
        'this is an OpenSSH public key, not PEM',
        'convert it with `ssh-keygen -e -m PKCS8 -f <file>` and use the `-----BEGIN PUBLIC KEY-----` output',
      );
    fail(
      'unreadable',
      text === '' ? 'it is empty' : 'no PEM block found',
      `give the key as PEM text from its -----BEGIN ${role === 'private' ? 'PRIVATE KEY' : 'PUBLIC KEY'}----- line to its -----END line`,
    );
  }
  const isPrivateLabel = /PRIVATE KEY$/.test(label!);
  const isPublicLabel = /PUBLIC KEY$/.test(label!);
  if (role === 'private' && (isPublicLabel || label === 'CERTIFICATE'))
    fail(
      'wrong-kind',
      `${holder} holds a ${isPublicLabel ? 'public key' : 'certificate'} where a private key is needed`,
      'point privateKeyFile at the private half of the pair (a PEM whose BEGIN line says PRIVATE KEY or RSA PRIVATE KEY)',
    );
  if (role === 'public' && isPrivateLabel)
    fail(
      'wrong-kind',
      `${holder} holds a private key where a public key is needed`,
      'give the public half instead (`openssl pkey -in private.pem -pubout`), and keep the private key out of shared settings',
    );
  if (role === 'public' && label === 'CERTIFICATE')
    fail(
      'wrong-kind',
      `${holder} holds a certificate where a public key is needed`,
      'extract its public key with `openssl x509 -in cert.pem -pubkey -noout`',
    );
  if (label === 'ENCRYPTED PRIVATE KEY' || /Proc-Type:\s*4,ENCRYPTED/.test(text))
    fail(
      'unusable',
      'the private key is encrypted with a passphrase',
      'export an unencrypted copy for signing (`openssl pkey -in key.pem -out key-plain.pem`) and keep it private',
    );
  if (label === 'OPENSSH PRIVATE KEY')
    fail(
      'unusable',
      'the private key is in OpenSSH format',
      'convert it to PEM (`ssh-keygen -p -m PKCS8 -f <file>` rewrites it in place) or generate an RSA-2048 key with `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048`',
    );
  if (!isPrivateLabel && !isPublicLabel)
    fail(
      'wrong-kind',
      `the PEM block is a ${label}, not a key`,
      `give the ${role} key (-----BEGIN ${role === 'private' ? 'PRIVATE' : 'PUBLIC'} KEY-----)`,
    );

  let key: KeyObject;
  try {
    key = role === 'private' ? createPrivateKey({ key: text, format: 'pem' }) : createPublicKey({ key: text, format: 'pem' });
  } catch {
    // node's message can quote decoder internals; ours says what to do. The PEM text is not included.
    return fail(
      'unusable',
      `the ${label} block could not be decoded (truncated, edited or not base64)`,
      'copy the whole key again, from its -----BEGIN line to its -----END line',
    );
  }
  const type = key.asymmetricKeyType;
  if (type !== 'rsa')
    fail(
      'not-rsa',
      `the key is ${describeType(key)}, the service needs RSA-2048`,
      'generate an RSA key pair: `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out private.pem`',
    );
  const size = key.asymmetricKeyDetails?.modulusLength;
  if (bits !== 'any' && size !== bits)
    fail(
      'wrong-size',
      `the key is RSA-${size}; the service expects RSA-${bits}`,
      `generate an RSA-${bits} key pair: \`openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:${bits} -out private.pem\``,
    );
  return key;
}

function describeType(key: KeyObject): string {
  const type = key.asymmetricKeyType;
  if (type === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    const names: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };
    return `EC ${curve ? (names[curve] ?? curve) : ''}`.trim();
  }
  if (type === 'rsa-pss') return 'RSA-PSS (restricted to PSS padding, which the service rejects)';
  return (type ?? 'of an unknown type').toUpperCase().replace('ED', 'Ed');
}
