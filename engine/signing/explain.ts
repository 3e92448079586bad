// Why does a signature not verify? First a definitive verdict from opening the signature with the
// public key (open.ts): this key pair and which hash, PSS padding, another key at hand, or a key
// not at hand at all. With the digest in hand every guess costs one hash: the plausible wrong
// strings (variants.ts), then a search over the values at hand in one field, then two (search.ts),
// until one gives exactly the digest. A hit is a proof, not a guess. Works for request signatures
// (partner key) and for response/webhook signatures (service key, template = the response
// template, values = `data`).
import type { KeyObject } from 'node:crypto';
import type { SignedTemplate } from '../catalogue/types';
import { buildCanonical } from './canonical';
import type { CandidateSource } from './candidates';
import { openSignature, type OpenedSignature } from './open';
import { decodeSignature, verifyText } from './rsa';
import { searchValues, type SearchHit } from './search';
import { FAMILIES, stringVariants, type StringVariant } from './variants';

export type { CandidateSource } from './candidates';

/** The value search's time budget when the caller gives none (the CLI, the editor's Explain, a send). */
export const EXPLAIN_BUDGET_MS = 2000;

export interface ExplainInput {
  template: SignedTemplate;
  values: Record<string, unknown>;
  secret: string;
  signature: string;
  /** The key the signature should verify with. */
  publicKey: KeyObject;
  /** Whose key `publicKey` is: the partner's (a request) or the service's (a response, a webhook). Default partner. */
  keyRole?: 'partner' | 'service';
  /** The body as sent, to recognise "the JSON body was signed instead". */
  bodyJson?: string;
  /** Other keys the signer may have used by mistake (a labelled key names itself in the description). */
  otherPublicKeys?: (KeyObject | { label: string; key: KeyObject })[];
  /** Values each field has elsewhere (other requests of the file, the environment), for the "changed value" family. */
  otherValues?: Record<string, readonly unknown[]>;
  /**
   * Values at hand for the value search: other requests and responses of the file, earlier sends,
   * the history, the environment. Plain data: the caller decides what it has (see docs/signing.md).
   */
  sources?: readonly CandidateSource[];
  /** Time budget of the value search, ms (default EXPLAIN_BUDGET_MS). */
  budgetMs?: number;
  /** Clock for the budget (tests). */
  now?: () => number;
}

export interface SegmentDiff {
  /** Index in the expected string's pipe-separated segments. */
  index: number;
  expected: string;
  actual: string;
  /** A segment signed at another place: its index in the signed string (then expected === actual). */
  movedTo?: number;
}

export type VerdictKind = 'this-key' | 'other-hash' | 'pss' | 'raw-digest' | 'key-at-hand' | 'other-key' | 'unreadable';

export interface Explanation {
  /** The expected string with `<secretKey>` in place of the secret. */
  expectedDisplay: string;
  verifiedAsExpected: boolean;
  /** What opening the signature with the public key says, in one sentence without "or". */
  verdict: { kind: VerdictKind; text: string };
  match?: {
    id: string;
    description: string;
    /** What the signature actually covers, with `<secretKey>` (never the secret). */
    display: string;
    diff: SegmentDiff[];
    /** For a value found by the search: each field, what was signed, what is sent, and where the value came from. */
    changes?: { field: string; segment: number; signed: string; sent: string; from: string }[];
  };
  /** How many strings were hashed. */
  tried: number;
  /** When nothing matched: what was searched. */
  searched?: {
    /** The families of wrong strings tried (FAMILIES), and the value search's stages. */
    families: string[];
    /** Distinct strings of the families. */
    strings: number;
    /** Strings of the value search, and how many values a field had at most. */
    candidates: number;
    perField: number;
    /** The sources the values came from, besides the request itself. */
    sources: string[];
    budgetMs: number;
    elapsedMs: number;
    /** False when the budget ran out before the search was done. */
    complete: boolean;
  };
  /** A problem with the signature itself (not base64, wrong length), when there is one. */
  note?: string;
}

const PLACEHOLDER = '<secretKey>';
const HASH_NAME: Record<string, string> = {
  sha256: 'SHA-256',
  sha1: 'SHA-1',
  sha512: 'SHA-512',
  sha384: 'SHA-384',
  sha224: 'SHA-224',
  md5: 'MD5',
};

/** The scheme part of a match id and description (empty for the service's own, PKCS#1 v1.5 SHA-256). */
function schemeOf(o: OpenedSignature): { id: string; description: string } {
  const h = HASH_NAME[o.hash];
  if (o.padding === 'pkcs1')
    return o.hash === 'sha256' ? { id: '', description: '' } : { id: o.hash, description: `hashed with ${h} instead of SHA-256` };
  if (o.padding === 'pkcs1-raw')
    return {
      id: `raw-${o.hash}`,
      description: `signed over a bare ${h} digest without its DigestInfo (the digest was padded and encrypted by hand)`,
    };
  if (o.hash === 'sha256')
    return { id: 'pss', description: 'signed with RSASSA-PSS padding instead of PKCS#1 v1.5 (the service rejects PSS with error 2)' };
  return { id: `pss-${o.hash}`, description: `signed with RSASSA-PSS and ${h} instead of PKCS#1 v1.5 and SHA-256` };
}

function verdictOf(o: OpenedSignature, keyLabel: string | undefined, role: 'partner' | 'service'): { kind: VerdictKind; text: string } {
  const whose = keyLabel
    ? `made with another key at hand (${keyLabel}), not the ${role === 'partner' ? 'partner' : 'service'} key of this environment`
    : `made with the ${role === 'partner' ? 'partner' : 'service'} key of this environment`;
  const h = HASH_NAME[o.hash];
  if (keyLabel) return { kind: 'key-at-hand', text: `${whose}, ${o.padding === 'pss' ? 'PSS' : 'PKCS#1 v1.5'}, ${h}` };
  if (o.padding === 'pss')
    return { kind: 'pss', text: `${whose}, with PSS padding (${h}): the service verifies PKCS#1 v1.5 and answers error 2` };
  if (o.padding === 'pkcs1-raw')
    return { kind: 'raw-digest', text: `${whose}, over a bare ${h} digest without the DigestInfo that PKCS#1 v1.5 signing adds` };
  if (o.hash !== 'sha256') return { kind: 'other-hash', text: `${whose}, hashed with ${h} instead of SHA-256` };
  return { kind: 'this-key', text: `${whose} (PKCS#1 v1.5, SHA-256): the key pair and the scheme are right` };
}

function otherKeyVerdict(role: 'partner' | 'service'): { kind: VerdictKind; text: string } {
  return role === 'partner'
    ? {
        kind: 'other-key',
        text: 'not made with the key of this environment (the partner key pair does not match: check which private key your backend loads)',
      }
    : {
        kind: 'other-key',
        text: 'not made with the service key of this environment (the service public key does not match: check servicePublicKeyFile)',
      };
}

export function explainSignature(input: ExplainInput): Explanation {
  const canonical = buildCanonical(input.template, input.values);
  const expectedDisplay = canonical.display;
  const note = signatureNote(input.signature, input.publicKey);
  const role = input.keyRole ?? 'partner';
  let tried = 0;

  if (note?.startsWith('the signature is not base64'))
    return { expectedDisplay, verifiedAsExpected: false, verdict: { kind: 'unreadable', text: note }, tried, note };

  // The given key first, then the others at hand: the first that opens the signature made it.
  const keys = [
    { id: '', description: '', label: undefined as string | undefined, key: input.publicKey },
    ...(input.otherPublicKeys ?? []).map((k, i) =>
      'label' in k
        ? { id: `key:${k.label}`, description: `signed with another key (${k.label})`, label: k.label, key: k.key }
        : { id: `key:${i + 1}`, description: `signed with another key (other key #${i + 1})`, label: `other key #${i + 1}`, key: k },
    ),
  ];
  let opened: OpenedSignature | undefined;
  let key = keys[0];
  for (const k of keys) {
    opened = openSignature(input.signature, k.key);
    if (opened) {
      key = k;
      break;
    }
  }
  if (!opened) return { expectedDisplay, verifiedAsExpected: false, verdict: otherKeyVerdict(role), tried, ...(note ? { note } : {}) };
  const found = opened;
  // Read after a match: a PSS block that fits more than one hash is named by the one that matched.
  const extras = () => {
    const scheme = schemeOf(found);
    return [...(key.id ? [key] : []), ...(scheme.id ? [scheme] : [])];
  };
  const verdictNow = () => verdictOf(found, key.label, role);

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
  for (const variant of strings) {
    tried++;
    if (!opened.matches(variant.text)) continue;
    const extra = extras();
    const verdict = verdictNow();
    if (variant.id === 'expected' && extra.length === 0) {
      // The digest is the expected string's: confirm with the verifier the service runs (one RSA check).
      if (verifyText(variant.text, input.signature, input.publicKey)) return { expectedDisplay, verifiedAsExpected: true, verdict, tried };
    }
    const parts = [...(variant.id !== 'expected' ? [variant] : []), ...extra];
    const display = variant.render(PLACEHOLDER);
    return {
      expectedDisplay,
      verifiedAsExpected: false,
      verdict,
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

  // The value search: the values at hand in one field, then two, over the exact digest.
  const sources: CandidateSource[] = [
    ...(input.sources ?? []),
    ...Object.entries(input.otherValues ?? {}).map(([field, values]) => ({
      source: 'elsewhere in the file or the environment',
      field,
      values,
    })),
  ];
  const budgetMs = input.budgetMs ?? EXPLAIN_BUDGET_MS;
  const search = searchValues({
    segments: canonical.segments.map((s) => ({ field: s.field, text: s.text, value: s.omitted ? undefined : input.values[s.field] })),
    secret: input.secret,
    matches: opened.matches,
    sources,
    ...(bodyOf(input.bodyJson) ? { body: bodyOf(input.bodyJson) } : {}),
    budgetMs,
    ...(input.now ? { now: input.now } : {}),
  });
  tried += search.candidates;
  if (search.hit) {
    const m = valueMatch(search.hit, canonical.segments, role, extras());
    const verdict = verdictNow();
    return {
      expectedDisplay,
      verifiedAsExpected: false,
      verdict,
      match: { ...m, diff: segmentDiff(expectedDisplay, m.display) },
      tried,
      ...(note ? { note } : {}),
    };
  }
  const verdict = verdictNow();
  const families = [...new Set(strings.flatMap((s) => (s.family ? [FAMILIES[s.family]] : [])))];
  return {
    expectedDisplay,
    verifiedAsExpected: false,
    verdict,
    tried,
    searched: {
      families: [...families, ...search.stages],
      strings: strings.length,
      candidates: search.candidates,
      perField: search.perField,
      sources: [...new Set(sources.map((s) => s.source))],
      budgetMs,
      elapsedMs: search.elapsedMs,
      complete: search.complete,
    },
    ...(note ? { note } : {}),
  };
}

/** "Your backend signed `fiatAmount` = `100000` where the request sends `150000` (segment 3). Everything else matches." */
function valueMatch(
  hit: SearchHit,
  segments: readonly { field: string; text: string }[],
  role: 'partner' | 'service',
  extra: { id: string; description: string }[],
): { id: string; description: string; display: string; changes: NonNullable<NonNullable<Explanation['match']>['changes']> } {
  const changes = hit.changes.map((c) => ({
    field: c.field,
    segment: c.index + 1,
    signed: c.text,
    sent: segments[c.index].text,
    from: c.from,
  }));
  const who = role === 'partner' ? 'Your backend signed' : 'The service signed';
  const where = role === 'partner' ? 'the request sends' : 'the data carries';
  const said = changes.map((c) => `\`${c.field}\` = \`${c.signed}\` where ${where} \`${c.sent}\` (segment ${c.segment})`).join(', and ');
  const found = [...new Set(changes.map((c) => c.from))].join('; ');
  const besides = [...(hit.base ? [hit.base.description] : []), ...extra.map((e) => e.description)];
  const description =
    `${who} ${said}.` + (besides.length ? ` Besides, ${besides.join('; and ')}.` : ' Everything else matches.') + ` (Found in: ${found}.)`;
  const ids = [changes.length === 1 ? `value:${changes[0].field}` : `values:${changes.map((c) => c.field).join(',')}`];
  if (hit.base) ids.push(hit.base.id);
  return { id: [...ids, ...extra.map((e) => e.id)].join('+'), description, display: hit.display, changes };
}

/** The body as parsed, its signature left out (the form a "signed the JSON body" mistake signs), when it is a JSON object. */
function bodyOf(bodyJson: string | undefined): Record<string, unknown> | undefined {
  if (bodyJson === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(bodyJson);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    const { signature: _drop, ...rest } = parsed as Record<string, unknown>;
    return rest;
  } catch {
    return undefined;
  }
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
