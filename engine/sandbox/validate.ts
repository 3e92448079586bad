// The request validation every endpoint runs before its business logic (doc 1 §4.0): required
// fields present (a null one counts as absent, a "" one as empty), values of the declared type,
// enum values allowed, formats, minimums, members of documented objects. It reads the endpoint's
// fields and the code of each refusal (engine/catalogue/decisions.ts) from the catalogue, so the
// sandbox refuses exactly what lint flags, with the code lint names (issue 24).

import { decisionFor, ignoredIn, nullDecision, type Decision } from '../catalogue/decisions';
import { formatProblem, hasFormat } from '../catalogue/formats';
import type { Endpoint, FieldSpec } from '../catalogue/types';
import { jsString } from '../signing/canonical';

export interface Invalid {
  code: number;
  message: string;
  /** What the error carries in `data` (58: `invalid`, the document's field). */
  data?: Record<string, unknown>;
}

/** A JSON value's type in the catalogue's words (`FieldType`): an array is not an `object`. */
const typeOf = (v: unknown): string => (Array.isArray(v) ? 'array' : typeof v);

/** Whether `v` has the field's type; a number must be finite (1e999 parses to Infinity). */
function typeOk(f: FieldSpec, v: unknown): boolean {
  if (f.type === 'integer') return Number.isInteger(v);
  if (f.type === 'number') return Number.isFinite(v);
  return typeOf(v) === f.type;
}

/** "a string", "an object": the article by the type's first letter. */
const article = (t: string) => (/^[aeiou]/.test(t) ? 'an' : 'a');

/**
 * Fields the document says are "not rejected as missing" even though the table marks them
 * required: the signed segments the catalogue marks `notRejectedAsMissing` (create-sell-order bankAccountNumber,
 * create-cashout fiatCurrency/fiatAmount). Their absence is dealt with by the operation.
 */
function omissionTolerated(endpoint: Endpoint): Set<string> {
  // An endpoint without a signed string tolerates nothing: `new Set(undefined)` is empty.
  return new Set(endpoint.signedString?.segments.filter((s) => s.notRejectedAsMissing).map((s) => s.field));
}

export function validateFields(endpoint: Endpoint, values: Record<string, unknown>, fields = endpoint.body ?? []): Invalid | undefined {
  return validateLevel(omissionTolerated(endpoint), values, fields, '', values);
}

/** For one missing object with required members (the cashout recipient): ` as { "a", "b" }`. */
function shapeHint(fields: readonly FieldSpec[], names: string[]): string {
  const members = names.length === 1 ? fields.find((f) => f.name === names[0])?.members?.filter((m) => m.required === true) : undefined;
  return members?.length ? ` as { ${members.map((m) => `"${m.name}"`).join(', ')} }` : '';
}

/**
 * The first refusal among `fields` of one object (`prefix` names where it sits): each present
 * value's type, enum, format and minimum, and the members of objects, in field order; then what is
 * absent (missing, null, or a required "" where the catalogue says so), grouped by the code it answers.
 */
function validateLevel(
  tolerated: Set<string>,
  values: Record<string, unknown>,
  fields: readonly FieldSpec[],
  prefix: string,
  body: Record<string, unknown>,
): Invalid | undefined {
  const absent = new Map<number, string[]>();
  const present: FieldSpec[] = [];
  for (const f of fields) {
    // `signature` needs no exception: verification ran first, so it is here and a string (a missing
    // or bad one failed with 2, never 5: doc 1 §4.0 rule 4).
    const v = values[f.name];
    if (ignoredIn(f, body)) continue;
    let d: Decision | undefined;
    if (v === undefined || v === null) {
      // Fields "not rejected as missing" (create-sell-order bankAccountNumber, create-cashout
      // fiatCurrency/fiatAmount) fail later, in the operation, with the code the catalogue names.
      if (f.required !== true || (tolerated.has(f.name) && !prefix)) continue;
      d = v === null ? nullDecision(f) : decisionFor(f, 'missing');
    } else if (v === '' && f.required === true && f.type === 'string' && !f.format && !f.enum) {
      d = decisionFor(f, 'empty');
    } else {
      present.push(f);
      continue;
    }
    if (d) absent.set(d.code, [...(absent.get(d.code) ?? []), f.name]);
  }
  for (const f of present) {
    const v = values[f.name];
    const name = prefix + f.name;
    if (!typeOk(f, v)) {
      return {
        code: decisionFor(f, 'type').code,
        message: `${name} must be ${article(f.type)} ${f.type}, not ${JSON.stringify(v).slice(0, 40)}: send it as ${article(f.type)} ${f.type}`,
      };
    }
    if (f.enum && !f.enum.includes(jsString(v))) {
      return {
        code: decisionFor(f, 'enum').code,
        message: `${name} "${jsString(v).slice(0, 40)}" is not one of ${f.enum.join(', ')}: send one of those values${f.required === true ? '' : ', or omit it'}`,
      };
    }
    if (f.format && typeof v === 'string' && !hasFormat(f.format, v)) {
      const code = decisionFor(f, 'format').code;
      // A document is not echoed (it may be megabytes of base64); other values are, shortened.
      const shown = code === 58 ? name : `${name} "${v.slice(0, 40)}"`;
      return { code, message: `${shown} ${formatProblem(f.format, v)}`, ...(code === 58 ? { data: { invalid: f.name } } : {}) };
    }
    // Only number fields have a minimum; without one, nothing is below it.
    if (typeof v === 'number' && v < (f.minimum ?? -Infinity)) {
      return {
        code: decisionFor(f, 'range').code,
        message: `${name} ${v} is below the minimum of ${f.minimum}: send at least ${f.minimum}`,
      };
    }
    if (f.members && f.type === 'object' && typeof v === 'object' && !Array.isArray(v)) {
      const inner = validateLevel(tolerated, v as Record<string, unknown>, f.members, `${name}.`, body);
      if (inner) return inner;
    }
  }
  const [first] = absent;
  if (first) {
    const [code, names] = first;
    const them = names.length > 1 ? 'them' : 'it';
    return {
      code,
      message: prefix
        ? `${prefix.slice(0, -1)} lacks ${names.join(', ')}: send ${them} (absent, null and "" count as not sent)`
        : code === 5
          ? `Missing required field${names.length > 1 ? 's' : ''}: ${names.join(', ')}. Send ${them} in the JSON body.`
          : `${names.join(', ')} ${names.length > 1 ? 'are' : 'is'} missing (absent, null or ""): send ${them}${shapeHint(fields, names)}`,
    };
  }
  return undefined;
}
