// The value search of explain at hash speed: with the signature opened (open.ts), a candidate
// string costs one SHA-256, so it can try every value at hand in one field, then in two fields at
// once, then one field under each known layout or order mistake, in that order, and stop on the
// first exact hit or at the time budget.
//
// Speed: each string is `prefix + value + suffix` where prefix and suffix are rendered once per
// (base, field) with a slot marker in the field and split around it, so a candidate costs a string
// concatenation and node's one-shot `crypto.hash` (no Hash object per candidate).
import { joinSigned, SECRET_PLACEHOLDER } from './canonical';
import { fieldCandidates, type CandidateSource, type FieldCandidate } from './candidates';
import { LAYOUTS } from './variants';

export interface SearchSegment {
  field: string;
  /** What the field is signed as in the expected string. */
  text: string;
  /** The value as it is in the request or data (numbers stay numbers). */
  value: unknown;
}

export interface SearchInput {
  segments: readonly SearchSegment[];
  secret: string;
  /** True when the signature covers exactly this string (OpenedSignature.matches). */
  matches: (text: string) => boolean;
  sources: readonly CandidateSource[];
  /** The body as parsed (its signature left out), for "the JSON body signed instead" with a value changed. */
  body?: Record<string, unknown>;
  budgetMs: number;
  /** Milliseconds, for the budget (a parameter so tests can stop the clock). */
  now?: () => number;
}

export interface SearchChange {
  /** Index of the field in the template (segment index). */
  index: number;
  field: string;
  /** The text the signer put in the field. */
  text: string;
  from: string;
}

export interface SearchHit {
  changes: SearchChange[];
  /** A layout or order mistake the changed value was found under (undefined: the documented layout). */
  base?: { id: string; description: string };
  /** The string the signature covers, with `<secretKey>`. */
  display: string;
}

export interface SearchResult {
  hit?: SearchHit;
  /** Strings hashed. */
  candidates: number;
  elapsedMs: number;
  /** False when the budget ran out before every stage was searched. */
  complete: boolean;
  /** The stages searched (in words), the last one possibly cut by the budget. */
  stages: string[];
  /** How many candidate values each field had. */
  perField: number;
}

interface Base {
  id: string;
  description: string;
  /** Renders the field texts (in template order) as the signer joined them. */
  render: (texts: string[], secret: string) => string;
  /** How a candidate text is written into the rendering (JSON for the body bases); default as it is. */
  encode?: (text: string, index: number) => string;
}

const SLOT = '\u0000\u0001slot\u0001\u0000';

/** The documented layout, then the layout mistakes (pipes, secret), then the order mistakes. */
function bases(fields: readonly string[]): { plain: Base; others: Base[] } {
  const plain: Base = { id: '', description: '', render: joinSigned };
  const others: Base[] = LAYOUTS.map((l) => ({ id: l.id, description: l.description, render: l.join }));
  for (let i = 0; i + 1 < fields.length; i++)
    others.push({
      id: `swap:${fields[i]},${fields[i + 1]}`,
      description: `${fields[i]} and ${fields[i + 1]} were signed in swapped order`,
      render: (t, s) => {
        const u = [...t];
        [u[i], u[i + 1]] = [u[i + 1], u[i]];
        return joinSigned(u, s);
      },
    });
  if (fields.length > 2)
    others.push({
      id: 'reversed',
      description: 'the fields were signed in reverse order',
      render: (t, s) => joinSigned([...t].reverse(), s),
    });
  for (let i = 0; i < fields.length; i++)
    others.push({
      id: `drop:${fields[i]}`,
      description: `${fields[i]} was left out of the signed string`,
      render: (t, s) => joinSigned([...t.slice(0, i), ...t.slice(i + 1)], s),
    });
  return { plain, others };
}

/**
 * "JSON.stringify(body without its signature) was signed instead", alone and with `|secret`, with a
 * field's value changed: a number field takes a numeric candidate as a number, anything else as a
 * JSON string, so the text hashed is what JSON.stringify of the changed body prints.
 */
function bodyBases(segments: readonly SearchSegment[], body: Record<string, unknown>): Base[] {
  const numeric = (i: number, text: string) => typeof segments[i].value === 'number' && text.trim() !== '' && Number.isFinite(Number(text));
  const encode = (text: string, i: number) => (numeric(i, text) ? String(Number(text)) : JSON.stringify(text));
  const json = (t: string[]) => {
    const o: Record<string, unknown> = { ...body };
    t.forEach((text, i) => {
      if (text === SLOT) o[segments[i].field] = SLOT;
      else if (text !== segments[i].text) o[segments[i].field] = numeric(i, text) ? Number(text) : text;
    });
    // The slot went in as a JSON string: unquote it, so the encoded candidate takes its place.
    return JSON.stringify(o).split(JSON.stringify(SLOT)).join(SLOT);
  };
  return [
    {
      id: 'body-without-signature',
      description: 'JSON.stringify(body without its signature field) was signed instead of the canonical string',
      render: (t) => json(t),
      encode,
    },
    {
      id: 'body-without-signature+secret',
      description: 'JSON.stringify(body without its signature field) was signed instead of the canonical string, with |secretKey appended',
      render: (t, s) => `${json(t)}|${s}`,
      encode,
    },
  ];
}

class OutOfTime extends Error {}

export function searchValues(input: SearchInput): SearchResult {
  const now = input.now ?? (() => performance.now());
  const start = now();
  const deadline = start + input.budgetMs;
  const texts = input.segments.map((s) => s.text);
  const fields = input.segments.map((s) => s.field);
  const candidates: FieldCandidate[][] = fieldCandidates(input.segments, input.sources);
  const stages: string[] = [];
  let count = 0;
  const tick = () => {
    // The clock is read every 512 strings: cheap, and never more than a millisecond late.
    if ((++count & 511) === 0 && now() > deadline) throw new OutOfTime();
  };
  const result = (hit: SearchHit | undefined, complete: boolean): SearchResult => ({
    ...(hit ? { hit } : {}),
    candidates: count,
    elapsedMs: Math.round(now() - start),
    complete,
    stages,
    perField: Math.max(0, ...candidates.map((c) => c.length)),
  });
  /** prefix/suffix (one slot) or three parts (two slots) of a base's rendering with slots in fields `at`. */
  const parts = (base: Base, at: number[], secret: string): string[] | undefined => {
    const t = [...texts];
    for (const i of at) t[i] = SLOT;
    const p = base.render(t, secret).split(SLOT);
    return p.length === at.length + 1 ? p : undefined;
  };
  const hitOf = (base: Base, changes: SearchChange[]): SearchHit => {
    const t = [...texts];
    for (const c of changes) t[c.index] = c.text;
    return {
      changes,
      ...(base.id ? { base: { id: base.id, description: base.description } } : {}),
      display: base.render(t, SECRET_PLACEHOLDER),
    };
  };
  const change = (i: number, c: FieldCandidate): SearchChange => ({ index: i, field: fields[i], text: c.text, from: c.from });

  const oneField = (base: Base): SearchHit | undefined => {
    for (let i = 0; i < texts.length; i++) {
      const p = parts(base, [i], input.secret);
      if (!p) continue;
      const [a, b] = p;
      const encode = base.encode;
      for (const c of candidates[i]) {
        tick();
        if (input.matches(a + (encode ? encode(c.text, i) : c.text) + b)) return hitOf(base, [change(i, c)]);
      }
    }
    return undefined;
  };
  const twoFields = (base: Base): SearchHit | undefined => {
    for (let i = 0; i < texts.length; i++)
      for (let j = i + 1; j < texts.length; j++) {
        const p = parts(base, [i, j], input.secret);
        if (!p) continue;
        const [a, b, c] = p;
        for (const x of candidates[i]) {
          const ax = a + x.text + b;
          for (const y of candidates[j]) {
            tick();
            if (input.matches(ax + y.text + c)) return hitOf(base, [change(i, x), change(j, y)]);
          }
        }
      }
    return undefined;
  };

  const { plain, others } = bases(fields);
  if (input.body) others.push(...bodyBases(input.segments, input.body));
  try {
    stages.push('one field holding another value');
    const one = oneField(plain);
    if (one) return result(one, true);
    stages.push('two fields holding other values');
    const two = twoFields(plain);
    if (two) return result(two, true);
    stages.push(
      `one field holding another value, with the pipes, the secretKey or the order wrong, or another field left out${input.body ? ', or the JSON body signed instead' : ''}`,
    );
    for (const base of others) {
      const hit = oneField(base);
      if (hit) return result(hit, true);
    }
  } catch (e) {
    if (e instanceof OutOfTime) return result(undefined, false);
    throw e;
  }
  return result(undefined, true);
}
