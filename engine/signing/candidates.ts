// The values a signed field may have held when the signer built its string: what the caller has at
// hand (other requests and responses of the file, earlier sends, the history, the environment),
// numbers near the one sent (another amount, decimal forms, a fee or rounding step, cents vs
// units), case and whitespace variants, the values of the other signed fields (a swap), and the
// printing mistakes explain already knows (undefined, null, 0, empty, quotes…). Plain data in,
// plain strings out: the search (search.ts) only hashes them.
import { jsString } from './canonical';

/**
 * Values from one place the caller knows (its name is shown when a value from it is the answer).
 * `field`, when given, is the field these values were seen in: their case and whitespace variants
 * are tried too, and they are tried in that field first. Values without a field are tried in every field.
 */
export interface CandidateSource {
  source: string;
  values: readonly unknown[];
  field?: string;
}

export interface FieldCandidate {
  text: string;
  /** Where the value comes from, in words ("request quote of the file", "a number near 150000"). */
  from: string;
}

const isScalar = (v: unknown) => v === null || (typeof v !== 'object' && typeof v !== 'function' && typeof v !== 'symbol');

/** Numbers a backend may have signed instead of `n`: decimal forms, cents and units, rounding steps, a fee. */
export function numbersNear(n: number): string[] {
  if (!Number.isFinite(n)) return [];
  const out = new Set<string>();
  const add = (x: number) => {
    if (!Number.isFinite(x)) return;
    // Rounded to 8 decimals so 150000 * 0.99 reads 148500, not 148499.99999999997.
    const r = Math.round(x * 1e8) / 1e8;
    out.add(String(r));
    // A fractional amount also as a backend formats money (1234.5 -> 1234.50).
    if (!Number.isInteger(r)) out.add(r.toFixed(2));
  };
  add(n * 100);
  add(n / 100);
  add(n * 1000);
  add(n / 1000);
  for (const step of [1, 10, 100, 1000, 10000]) {
    add(Math.round(n / step) * step);
    add(Math.floor(n / step) * step);
    add(Math.ceil(n / step) * step);
    add(n + step);
    add(n - step);
  }
  add(Math.round(n * 100) / 100);
  add(n + 0.01);
  add(n - 0.01);
  // A fee or discount taken off (or added): common percentages, before and after rounding.
  for (const pct of [0.1, 0.5, 1, 1.5, 2, 2.5, 3, 5, 10, 15, 20, 25, 50]) {
    for (const x of [n * (1 - pct / 100), n * (1 + pct / 100), n / (1 - pct / 100), n / (1 + pct / 100)]) {
      add(x);
      add(Math.round(x));
      add(Math.floor(x));
      add(Math.ceil(x));
    }
  }
  out.delete(String(n));
  return [...out];
}

/** Case and whitespace variants of a text value. */
export function textVariants(t: string): string[] {
  const out = new Set([t.trim(), t.toLowerCase(), t.toUpperCase(), ` ${t}`, `${t} `, t.replace(/\s+/g, ' ')]);
  if (t.length > 0) out.add(t[0].toUpperCase() + t.slice(1).toLowerCase());
  out.delete(t);
  return [...out];
}

/** How a value may have been printed: the printing mistakes explain knows, as plain text. */
function printed(v: unknown): string[] {
  const out = ['undefined', 'null', '', '0', 'None'];
  if (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)))) {
    const n = Number(v);
    out.push(String(n), n.toFixed(2), n.toFixed(1), n.toExponential(), n.toExponential().replace('e+', 'e'));
    out.push(n.toLocaleString('en-US', { maximumFractionDigits: 20 }));
  }
  if (isScalar(v) && v !== undefined) out.push(JSON.stringify(jsString(v)));
  if (typeof v === 'boolean') out.push(v ? 'True' : 'False');
  if (v !== null && typeof v === 'object') {
    try {
      out.push(JSON.stringify(v));
    } catch {
      // A value JSON cannot print adds nothing.
    }
  }
  return out;
}

/**
 * Candidate texts for each signed field, without the text the field is signed as, each once, in the
 * order they are tried: the field's own sources, numbers near its value, its case variants, the
 * other fields' values (a swap), the field-less sources, the printing mistakes.
 */
export function fieldCandidates(
  fields: readonly { field: string; text: string; value: unknown }[],
  sources: readonly CandidateSource[],
): FieldCandidate[][] {
  return fields.map(({ field, text, value }) => {
    const seen = new Set<string>([text]);
    const out: FieldCandidate[] = [];
    const add = (t: string, from: string) => {
      if (seen.has(t)) return;
      seen.add(t);
      out.push({ text: t, from });
    };
    const own = sources.filter((s) => s.field === field);
    for (const s of own) for (const v of s.values) if (isScalar(v)) add(jsString(v), s.source);
    const numeric = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d/.test(value) ? Number(value) : NaN;
    for (const t of numbersNear(numeric)) add(t, `a number near ${text}`);
    // Another amount at hand also in its money forms (near numbers only around the one sent: per
    // source value they would multiply the two-field search by hundreds).
    for (const s of own) for (const v of s.values) if (typeof v === 'number') add(v.toFixed(2), s.source);
    for (const t of textVariants(text)) add(t, `${field} with other case or spaces`);
    for (const s of own) for (const v of s.values) if (typeof v === 'string') for (const t of textVariants(v)) add(t, s.source);
    for (const o of fields) if (o.field !== field) add(o.text, `the value of ${o.field} (fields swapped)`);
    for (const s of sources) if (s.field !== field) for (const v of s.values) if (isScalar(v)) add(jsString(v), s.source);
    for (const t of printed(value)) add(t, `${field} printed differently`);
    return out;
  });
}
