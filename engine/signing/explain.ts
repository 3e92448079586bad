// Why does a signature not verify? Builds the canonical string the service expects, and if the
// signature does not cover it, searches the strings and schemes a real integration plausibly got
// wrong (variants.ts) until one verifies. A hit is a proof, not a guess: RSA signatures do not
// verify by accident. Works for request signatures (partner key) and for response/webhook
// signatures (service key, template = the response template, values = `data`).
import type { KeyObject } from 'node:crypto';
import type { SignedTemplate } from '../catalogue/types';
import { buildCanonical } from './canonical';
import { decodeSignature, verifyTextWith, type SignatureHash, type SignaturePadding } from './rsa';
import { FAMILIES, stringVariants, type StringVariant } from './variants';

export interface ExplainInput {
  template: SignedTemplate;
  values: Record<string, unknown>;
  secret: string;
  signature: string;
  /** The key the signature should verify with. */
  publicKey: KeyObject;
  /** The body as sent, to recognise "the JSON body was signed instead". */
  bodyJson?: string;
  /** Other keys the signer may have used by mistake (a labelled key names itself in the description). */
  otherPublicKeys?: (KeyObject | { label: string; key: KeyObject })[];
  /** Values each field has elsewhere (other requests of the file, the environment), for the "changed value" family. */
  otherValues?: Record<string, readonly unknown[]>;
}

export interface SegmentDiff {
  /** Index in the expected string's pipe-separated segments. */
  index: number;
  expected: string;
  actual: string;
  /** A segment signed at another place: its index in the signed string (then expected === actual). */
  movedTo?: number;
}

export interface Explanation {
  /** The expected string with `<secretKey>` in place of the secret. */
  expectedDisplay: string;
  verifiedAsExpected: boolean;
  match?: {
    id: string;
    description: string;
    /** What the signature actually covers, with `<secretKey>` (never the secret). */
    display: string;
    diff: SegmentDiff[];
  };
  /** How many (string, scheme, key) combinations were verified. */
  tried: number;
  /** When nothing verified: what was searched (families of strings, how many strings, schemes, keys). */
  searched?: { families: string[]; strings: number; schemes: number; keys: string[] };
  /** A problem with the signature itself (not base64, wrong length), when there is one. */
  note?: string;
}

interface Scheme {
  id: string;
  description: string;
  hash: SignatureHash;
  padding: SignaturePadding;
}

// The service's scheme first, then the wrong ones, in the order they are met in practice.
const SCHEMES: Scheme[] = [
  { id: 'rsa-sha256', description: '', hash: 'sha256', padding: 'pkcs1' },
  {
    id: 'pss',
    description: 'signed with RSASSA-PSS padding instead of PKCS#1 v1.5 (the service rejects PSS with error 2)',
    hash: 'sha256',
    padding: 'pss',
  },
  { id: 'sha1', description: 'hashed with SHA-1 instead of SHA-256', hash: 'sha1', padding: 'pkcs1' },
  { id: 'sha512', description: 'hashed with SHA-512 instead of SHA-256', hash: 'sha512', padding: 'pkcs1' },
  { id: 'pss-sha1', description: 'signed with RSASSA-PSS and SHA-1 instead of PKCS#1 v1.5 and SHA-256', hash: 'sha1', padding: 'pss' },
  {
    id: 'pss-sha512',
    description: 'signed with RSASSA-PSS and SHA-512 instead of PKCS#1 v1.5 and SHA-256',
    hash: 'sha512',
    padding: 'pss',
  },
];

const PLACEHOLDER = '<secretKey>';

export function explainSignature(input: ExplainInput): Explanation {
  const canonical = buildCanonical(input.template, input.values);
  const expectedDisplay = canonical.display;
  const note = signatureNote(input.signature, input.publicKey);
  let tried = 0;

  const expected: StringVariant = { id: 'expected', description: 'the expected string', render: (s) => canonical.withSecret(s) };
  const strings = dedupe(
    [
      expected,
      ...stringVariants({
        template: input.template,
        canonical,
        values: input.values,
        bodyJson: input.bodyJson,
        otherValues: input.otherValues,
      }),
    ],
    input.secret,
  );
  const keys = [
    { id: '', description: '', key: input.publicKey },
    ...(input.otherPublicKeys ?? []).map((k, i) =>
      'label' in k
        ? { id: `key:${k.label}`, description: `signed with another key (${k.label})`, key: k.key }
        : { id: `key:${i + 1}`, description: `signed with another key (other key #${i + 1})`, key: k },
    ),
  ];

  if (note === undefined || !note.startsWith('the signature is not base64')) {
    for (const key of keys) {
      for (const scheme of SCHEMES) {
        for (const variant of strings) {
          tried++;
          if (!verifyTextWith(variant.text, input.signature, key.key, scheme.hash, scheme.padding)) continue;
          if (variant.id === 'expected' && key.id === '' && scheme.id === 'rsa-sha256')
            return { expectedDisplay, verifiedAsExpected: true, tried };
          const parts: { id: string; description: string }[] = [];
          if (variant.id !== 'expected') parts.push(variant);
          if (key.id !== '') parts.push(key);
          if (scheme.id !== 'rsa-sha256') parts.push(scheme);
          const display = variant.render(PLACEHOLDER);
          return {
            expectedDisplay,
            verifiedAsExpected: false,
            match: {
              id: parts.map((p) => p.id).join('+'),
              description: describe(
                parts.map((p) => p.description),
                variant.id === 'expected',
              ),
              display,
              diff: segmentDiff(expectedDisplay, display),
            },
            tried,
            ...(note ? { note } : {}),
          };
        }
      }
    }
  }
  const families = [...new Set(strings.flatMap((s) => (s.family ? [FAMILIES[s.family]] : [])))];
  const searched = {
    families,
    strings: strings.length,
    schemes: SCHEMES.length,
    keys: keys.map((k) => (k.id === '' ? 'the key given' : k.id.slice('key:'.length))),
  };
  return { expectedDisplay, verifiedAsExpected: false, tried, searched, ...(note ? { note } : {}) };
}

function describe(parts: string[], stringIsRight: boolean): string {
  const text = parts.join('; and ');
  // Scheme and key descriptions read "signed with…"/"hashed with…", so they follow "it was".
  return stringIsRight ? `the string is right, but it was ${text}` : text;
}

/** Variants whose text equals an earlier one (or the expected string) add nothing: drop them. */
function dedupe(variants: StringVariant[], secret: string): (StringVariant & { text: string })[] {
  const seen = new Set<string>();
  const out: (StringVariant & { text: string })[] = [];
  for (const v of variants) {
    const text = v.render(secret);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({ ...v, text });
  }
  return out;
}

function signatureNote(signature: string, key: KeyObject): string | undefined {
  const bytes = decodeSignature(signature);
  if (!bytes) return 'the signature is not base64: send the base64 encoding of the RSA signature bytes';
  const bits = key.asymmetricKeyDetails?.modulusLength;
  if (bits && bytes.length !== bits / 8)
    return `the signature is ${bytes.length} bytes; an RSA-${bits} signature is ${bits / 8} bytes: it was truncated, double-encoded or made with a key of another size`;
  return undefined;
}

/**
 * Segment-by-segment differences (split on `|`), aligned by longest common subsequence so a
 * dropped or inserted field shows as one entry rather than shifting every later one. A segment
 * missing in one place and extra in another (fields reordered) is one move, not two entries.
 */
export function segmentDiff(expectedDisplay: string, actualDisplay: string): SegmentDiff[] {
  const raw = alignedDiff(expectedDisplay, actualDisplay);
  const b = actualDisplay.split('|');
  const out: SegmentDiff[] = [];
  const used = new Set<SegmentDiff>();
  for (const d of raw) {
    if (used.has(d)) continue;
    if (d.actual === '' && d.expected !== '') {
      const extra = raw.find((x) => !used.has(x) && x.expected === '' && x.actual === d.expected);
      if (extra) {
        used.add(extra);
        out.push({ index: d.index, expected: d.expected, actual: d.expected, movedTo: movedIndex(b, d.expected, out) });
        continue;
      }
    }
    if (d.expected === '' && d.actual !== '') {
      const missing = raw.find((x) => !used.has(x) && x.actual === '' && x.expected === d.actual);
      if (missing) {
        used.add(missing);
        out.push({ index: missing.index, expected: missing.expected, actual: missing.expected, movedTo: movedIndex(b, d.actual, out) });
        continue;
      }
    }
    out.push(d);
  }
  return out;
}

/** Where a moved segment's text sits in the signed string (the first place not already claimed by a move). */
function movedIndex(signed: string[], text: string, claimed: SegmentDiff[]): number {
  const taken = new Set(claimed.filter((d) => d.movedTo !== undefined && d.actual === text).map((d) => d.movedTo));
  const i = signed.findIndex((t, j) => t === text && !taken.has(j));
  return i < 0 ? signed.indexOf(text) : i;
}

function alignedDiff(expectedDisplay: string, actualDisplay: string): SegmentDiff[] {
  const a = expectedDisplay.split('|');
  const b = actualDisplay.split('|');
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: SegmentDiff[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (i < a.length && j < b.length && lcs[i + 1][j + 1] === lcs[i][j]) {
      out.push({ index: i, expected: a[i], actual: b[j] }); // replaced
      i++;
      j++;
    } else if (i < a.length && (j >= b.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
      out.push({ index: i, expected: a[i], actual: '' }); // missing from the signed string
      i++;
    } else {
      out.push({ index: i, expected: '', actual: b[j] }); // extra in the signed string
      j++;
    }
  }
  return out;
}
