// The plausible wrong strings a real integration signs instead of the canonical one, for
// explain.ts. Each family is a small table; a variant is a function of the secret so the same
// variant renders both the string to verify (real secret) and the string to show (`<secretKey>`).
import type { SignedTemplate } from '../catalogue/types';
import { jsString, joinSigned, type Canonical } from './canonical';

export interface StringVariant {
  id: string;
  description: string;
  render(secret: string): string;
  /** Which family of mistakes it belongs to (FAMILIES), so a fruitless search can say what it tried. */
  family?: Family;
}

/** The families of wrong strings searched, in the words explain prints when none verifies. */
export const FAMILIES = {
  value: 'a field printed differently (undefined, null, empty, 0, decimals, exponent, quotes, case, trimmed)',
  changed: 'a field holding the value it has elsewhere (another request of the file, the environment)',
  dropped: 'a field left out',
  inserted: 'a body field outside the template inserted at any position',
  order: 'fields in another order (a swap, reversed, sorted by name)',
  layout: 'the pipes and the secretKey placed differently',
  body: 'the JSON body signed instead',
} as const;
export type Family = keyof typeof FAMILIES;

export interface VariantContext {
  template: SignedTemplate;
  canonical: Canonical;
  values: Record<string, unknown>;
  bodyJson?: string;
  /** Values each field has elsewhere (other requests of the file, the environment): a stale or copied value. */
  otherValues?: Record<string, readonly unknown[]>;
}

/** How one field's value may have been printed wrongly. `text` returns undefined when it does not apply. */
interface ValueMistake {
  id: string;
  describe(field: string, text: string): string;
  text(value: unknown, omitted: boolean): string | undefined;
}

const isNumeric = (v: unknown): v is number | string =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));

const VALUE_MISTAKES: ValueMistake[] = [
  {
    id: 'as-undefined',
    describe: (f) => `${f} was signed as \`undefined\` (it was missing from the object that was signed)`,
    text: () => 'undefined',
  },
  { id: 'as-null', describe: (f) => `${f} was signed as \`null\``, text: () => 'null' },
  { id: 'as-empty', describe: (f) => `${f} was signed as an empty string`, text: () => '' },
  { id: 'as-zero', describe: (f) => `${f} was signed as \`0\``, text: () => '0' },
  { id: 'as-none', describe: (f) => `${f} was signed as \`None\` (a Python None printed)`, text: () => 'None' },
  {
    id: 'two-decimals',
    describe: (f, t) => `${f} was formatted with two decimals (\`${t}\`); the service prints numbers as JavaScript does`,
    text: (v, o) => (!o && isNumeric(v) ? Number(v).toFixed(2) : undefined),
  },
  {
    id: 'one-decimal',
    describe: (f, t) =>
      `${f} was formatted as a float (\`${t}\`, as Python and Java print doubles); the service prints numbers as JavaScript does`,
    text: (v, o) => (!o && isNumeric(v) ? Number(v).toFixed(1) : undefined),
  },
  {
    id: 'exponent',
    describe: (f, t) => `${f} was written in exponent form (\`${t}\`); the service prints numbers as JavaScript does`,
    text: (v, o) => (!o && isNumeric(v) ? Number(v).toExponential().replace('e+', 'e') : undefined),
  },
  {
    id: 'exponent-plus',
    describe: (f, t) => `${f} was written in exponent form (\`${t}\`); the service prints numbers as JavaScript does`,
    text: (v, o) => (!o && isNumeric(v) ? Number(v).toExponential() : undefined),
  },
  {
    id: 'grouped',
    describe: (f, t) => `${f} was formatted with thousands separators (\`${t}\`)`,
    text: (v, o) => (!o && isNumeric(v) ? Number(v).toLocaleString('en-US', { maximumFractionDigits: 20 }) : undefined),
  },
  {
    id: 'as-number',
    describe: (f, t) =>
      `${f} was signed as the number \`${t}\`, but the body sends it as a string, which the service signs exactly as written`,
    text: (v, o) => (!o && typeof v === 'string' && isNumeric(v) ? String(Number(v)) : undefined),
  },
  {
    id: 'quoted',
    describe: (f, t) => `${f} was signed with JSON quotes (\`${t}\`)`,
    text: (v, o) => (!o && v !== null && typeof v !== 'object' ? JSON.stringify(jsString(v)) : undefined),
  },
  {
    id: 'python-bool',
    describe: (f, t) => `${f} was signed as \`${t}\` (a Python bool printed); JavaScript prints true/false`,
    text: (v, o) => (!o && typeof v === 'boolean' ? (v ? 'True' : 'False') : undefined),
  },
  {
    id: 'json',
    describe: (f) => `${f} was signed as its JSON text; the service prints an object as JavaScript does`,
    text: (v, o) => (!o && v !== null && typeof v === 'object' ? safeJson(v) : undefined),
  },
  {
    id: 'lowercase',
    describe: (f, t) => `${f} was lower-cased (\`${t}\`); the service signs the value exactly as sent`,
    text: (v, o) => (!o && typeof v === 'string' && v.toLowerCase() !== v ? v.toLowerCase() : undefined),
  },
  {
    id: 'uppercase',
    describe: (f, t) => `${f} was upper-cased (\`${t}\`); the service signs the value exactly as sent`,
    text: (v, o) => (!o && typeof v === 'string' && v.toUpperCase() !== v ? v.toUpperCase() : undefined),
  },
  {
    id: 'trimmed',
    describe: (f) => `${f} was trimmed before signing, but the body carries the surrounding spaces`,
    text: (v, o) => (!o && typeof v === 'string' && v.trim() !== v ? v.trim() : undefined),
  },
];

/**
 * The secret's placement and the pipes around it (doc 1 §5.2: `...|<field n>|<secretKey>`); also
 * the layouts the value search (search.ts) combines a changed value with.
 */
export const LAYOUTS: { id: string; description: string; join: (texts: string[], secret: string) => string }[] = [
  {
    id: 'no-trailing-pipe',
    description: 'the pipe before the secret is missing (the secret was glued to the last field)',
    join: (t, s) => t.join('|') + s,
  },
  { id: 'extra-trailing-pipe', description: 'an extra pipe was added after the secret', join: (t, s) => `${joinSigned(t, s)}|` },
  { id: 'double-pipe', description: 'an extra pipe was added before the secret', join: (t, s) => `${t.join('|')}||${s}` },
  { id: 'no-secret', description: 'the secretKey was left out of the signed string', join: (t) => t.join('|') },
  {
    id: 'no-secret-trailing-pipe',
    description: 'the secretKey was left out (the string ends in a bare pipe)',
    join: (t) => `${t.join('|')}|`,
  },
  { id: 'secret-first', description: 'the secretKey was put first instead of last', join: (t, s) => [s, ...t].join('|') },
];

function safeJson(v: unknown): string | undefined {
  try {
    return JSON.stringify(v);
  } catch {
    return undefined;
  }
}

export function stringVariants(ctx: VariantContext): StringVariant[] {
  const texts = ctx.canonical.segments.map((s) => s.text);
  const fields = ctx.canonical.segments.map((s) => s.field);
  const out: StringVariant[] = [];
  let family: Family = 'value';
  const withTexts = (id: string, description: string, t: string[]) =>
    out.push({ id, description, family, render: (secret) => joinSigned(t, secret) });

  // One field printed wrongly.
  ctx.canonical.segments.forEach((seg, i) => {
    for (const m of VALUE_MISTAKES) {
      const text = m.text(ctx.values[seg.field], seg.omitted);
      if (text === undefined || text === seg.text) continue;
      withTexts(`${m.id}:${seg.field}`, m.describe(seg.field, text), replaceAt(texts, i, text));
    }
  });
  // One field holding the value it has elsewhere (signed for another request, a stale copy).
  family = 'changed';
  ctx.canonical.segments.forEach((seg, i) => {
    for (const v of new Set((ctx.otherValues?.[seg.field] ?? []).map(jsString))) {
      if (v === seg.text) continue;
      withTexts(
        `changed:${seg.field}`,
        `${seg.field} was signed as \`${v}\`, the value it has elsewhere (another request of the file or the environment), not the one this request sends`,
        replaceAt(texts, i, v),
      );
    }
  });
  // One field left out of the string entirely.
  family = 'dropped';
  fields.forEach((f, i) =>
    withTexts(
      `drop:${f}`,
      `${f} was left out of the signed string`,
      texts.filter((_, j) => j !== i),
    ),
  );
  // A body field the template does not sign, added to the string at any position.
  family = 'inserted';
  const signedSet = new Set(fields);
  for (const [name, value] of Object.entries(ctx.values)) {
    if (signedSet.has(name) || name === 'signature' || (value !== null && typeof value === 'object')) continue;
    for (let at = 0; at <= texts.length; at++) {
      const where = at === 0 ? 'first' : at === texts.length ? 'after the last field' : `after ${fields[at - 1]}`;
      withTexts(`insert:${name}@${at}`, `${name}, which is not signed, was added to the signed string (${where})`, [
        ...texts.slice(0, at),
        jsString(value),
        ...texts.slice(at),
      ]);
    }
  }
  // Fields in another order.
  family = 'order';
  for (let i = 0; i + 1 < texts.length; i++) {
    const t = [...texts];
    [t[i], t[i + 1]] = [t[i + 1], t[i]];
    withTexts(`swap:${fields[i]},${fields[i + 1]}`, `${fields[i]} and ${fields[i + 1]} were signed in swapped order`, t);
  }
  if (texts.length > 2) withTexts('reversed', 'the fields were signed in reverse order', [...texts].reverse());
  if (texts.length > 1) {
    const order = fields.map((f, i) => ({ f, t: texts[i] })).sort((a, b) => (a.f < b.f ? -1 : a.f > b.f ? 1 : 0));
    withTexts(
      'sorted',
      'the fields were signed sorted by name instead of in the documented order',
      order.map((o) => o.t),
    );
  }
  // Pipes and the secret.
  for (const l of LAYOUTS) out.push({ id: l.id, description: l.description, family: 'layout', render: (s) => l.join(texts, s) });
  // The JSON body signed instead of the canonical string.
  out.push(...bodyVariants(ctx.bodyJson));
  return out;
}

function bodyVariants(bodyJson: string | undefined): StringVariant[] {
  if (bodyJson === undefined) return [];
  const bodies: { id: string; description: string; text: string }[] = [
    { id: 'body-as-sent', description: 'the JSON body as sent was signed instead of the canonical string', text: bodyJson },
  ];
  try {
    const parsed: unknown = JSON.parse(bodyJson);
    bodies.push({
      id: 'body-stringified',
      description: 'JSON.stringify(body) was signed instead of the canonical string',
      text: JSON.stringify(parsed),
    });
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && 'signature' in parsed) {
      const { signature: _drop, ...rest } = parsed as Record<string, unknown>;
      bodies.push({
        id: 'body-without-signature',
        description: 'JSON.stringify(body without its signature field) was signed instead of the canonical string',
        text: JSON.stringify(rest),
      });
    }
  } catch {
    // Not JSON: only the raw text can have been signed.
  }
  return bodies.flatMap((b): StringVariant[] => [
    { id: b.id, description: b.description, family: 'body', render: () => b.text },
    {
      id: `${b.id}+secret`,
      description: `${b.description}, with |secretKey appended`,
      family: 'body',
      render: (s: string) => `${b.text}|${s}`,
    },
  ]);
}

function replaceAt(texts: string[], i: number, text: string): string[] {
  const t = [...texts];
  t[i] = text;
  return t;
}
