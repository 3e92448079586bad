// The request validation every endpoint runs before its business logic (error 5, doc 1 §4.0):
// required fields present, values of the declared type, enum values allowed. It reads the
// endpoint's fields from the catalogue, so the sandbox accepts exactly what lint and completion
// describe. Format rules (e-mail, data URLs, content) are checked by each operation, in the
// order its errors make sense.

import type { Endpoint, FieldSpec } from '../catalogue/types';
import { jsString } from '../signing/canonical';

export interface Invalid {
  code: number;
  message: string;
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
  const tolerated = omissionTolerated(endpoint);
  const missing: string[] = [];
  for (const f of fields) {
    // `signature` needs no exception: verification ran first, so it is here and a string (a missing
    // or bad one failed with 2, never 5: doc 1 §4.0 rule 4).
    const v = values[f.name];
    // An object field (extendInfo) missing or null is the operation's to judge: its absence has
    // its own documented code (create-cashout: 18; create-sell-order: by currency).
    if (f.type === 'object' && (v === undefined || v === null)) continue;
    if (v === undefined || v === null) {
      if (f.required === true && !tolerated.has(f.name)) missing.push(f.name);
      continue;
    }
    if (!typeOk(f, v)) {
      return {
        code: 5,
        message: `${f.name} must be ${article(f.type)} ${f.type}, not ${JSON.stringify(v).slice(0, 40)}: send it as ${article(f.type)} ${f.type}`,
      };
    }
    // A value the field refuses gets the field's own code where the catalogue gives one (doc 1 §7), else 5.
    const code = f.errorCode ?? 5;
    if (f.enum && !f.enum.includes(jsString(v))) {
      return { code, message: `${f.name} "${jsString(v)}" is not one of ${f.enum.join(', ')}: send one of those values` };
    }
    // Only number fields have a minimum; without one, nothing is below it.
    if (typeof v === 'number' && v < (f.minimum ?? -Infinity)) {
      return { code, message: `${f.name} ${v} is below the minimum of ${f.minimum}: send at least ${f.minimum}` };
    }
  }
  if (missing.length) {
    return {
      code: 5,
      message: `Missing required field${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. Send ${missing.length > 1 ? 'them' : 'it'} in the JSON body.`,
    };
  }
  return undefined;
}
