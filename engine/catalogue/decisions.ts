// One decision per content check (issue 24). What the service answers when a field of a request
// breaks a rule (absent, null, of another type, "", outside its enum, not in its format, out of
// range, nested too deep), with the document's line where it says so, or the project's assumption
// where it is silent. The local sandbox's validation (engine/sandbox/validate.ts) and lint's rules
// both read these; neither decides on its own. docs/catalogue.md "Decisions" lists them.

import type { FieldSpec } from './types';

export type CheckKind = 'missing' | 'null' | 'type' | 'empty' | 'enum' | 'format' | 'range' | 'depth' | 'size';

export interface Decision {
  /** The errorCode the service (and the local sandbox) answers. */
  code: number;
  /** Where doc 000 (the signed API) says so, e.g. `000 line 200`. */
  source: string;
  /** Set where the document is silent and the project chose: the choice, in one sentence. */
  assumption?: string;
}

/** Doc 000 line numbers the decisions cite. */
const L = {
  missing: '000 line 200 (§4.3: "A submission missing a required field returns 5"), line 140 (§4.0 rule 2)',
  validation: '000 line 509 (§7: 5 "Request validation failed")',
  nullSilent: '000 line 143 (§4.0 rule 5 speaks of an omitted field; `null` is not addressed)',
};

/** The decisions every field shares unless its spec overrides one (FieldSpec.refusals). */
export const DEFAULT_DECISIONS: Record<CheckKind, Decision> = {
  missing: { code: 5, source: L.missing },
  null: {
    code: 5,
    source: L.nullSilent,
    assumption: 'A `null` is taken as the field left out: accepted for an optional field, refused like an absent one for a required field.',
  },
  type: { code: 5, source: L.validation },
  empty: {
    code: 5,
    source: L.validation,
    assumption:
      'A required string sent as `""` is refused like an absent one (5); an optional one is judged by its format or enum, if it has one.',
  },
  enum: { code: 5, source: L.validation },
  format: { code: 5, source: L.validation },
  range: { code: 5, source: L.validation },
  depth: {
    code: 5,
    source: '000 line 370 (§4.13: extendInfo is "Decoded QR data"; no depth limit is given)',
    assumption: `A body nested more than ${32} levels deep is refused with 5: no documented field nests deeper than 3.`,
  },
  size: {
    code: 5,
    source: '000 line 373 (§4.13: extendInfo holds qrType and one country-key object; no size is given)',
    assumption: `An extendInfo larger than ${16 * 1024} bytes as JSON is refused with 5: it is stored with the order, and decoded QR data is a few hundred bytes.`,
  },
};

/** The deepest nesting of objects and arrays a body may have (the `depth` decision). */
export const MAX_BODY_DEPTH = 32;
/** The largest extendInfo, as JSON bytes (the `size` decision). */
export const MAX_EXTEND_INFO_BYTES = 16 * 1024;

/** The decision for a check of a field: its own override (code, source, assumption), else the shared one. */
export function decisionFor(spec: FieldSpec | undefined, kind: CheckKind): Decision {
  const own = spec?.refusals?.[kind];
  const base = DEFAULT_DECISIONS[kind];
  // An override that cites its own line carries its own assumption (or none: the document says so).
  if (own?.source) return { code: own.code ?? base.code, source: own.source, ...(own.assumption ? { assumption: own.assumption } : {}) };
  if (own) return { ...base, ...own };
  // Enum and format refusals answer the field's own documented code (e.g. 58, 27, 17, 53, 6).
  if ((kind === 'enum' || kind === 'format' || kind === 'range') && spec?.errorCode !== undefined)
    return { code: spec.errorCode, source: base.source, ...(spec.assumption ? { assumption: spec.assumption } : {}) };
  return base;
}

/**
 * What a `null` in the field gets: accepted (undefined) for an optional field, which it leaves out;
 * for a required one, what its absence gets.
 */
export function nullDecision(spec: FieldSpec, tolerated = false): Decision | undefined {
  if (spec.required !== true) return undefined;
  const missing = decisionFor(spec, 'missing');
  if (tolerated && !spec.refusals?.missing) return undefined;
  return spec.refusals?.missing ? missing : { ...missing, assumption: DEFAULT_DECISIONS.null.assumption };
}

/** Whether the document says the field is ignored for this body (a passport's backIdImage). */
export function ignoredIn(spec: FieldSpec, body: Record<string, unknown>): boolean {
  return !!spec.ignoredWhen && body[spec.ignoredWhen.field] === spec.ignoredWhen.equals;
}

/** `(assumed)` where the decision is the project's, for diagnostics and hover. */
export function assumedNote(d: Decision): string {
  return d.assumption ? ` Assumed (the document is silent): ${d.assumption}` : '';
}

/** What is wrong with a body's nesting or its extendInfo's size (the `depth` and `size` decisions), or undefined. */
export function bodyBoundsProblem(body: Record<string, unknown>): { kind: 'depth' | 'size'; message: string } | undefined {
  if (nestsDeeperThan(body, MAX_BODY_DEPTH)) {
    return {
      kind: 'depth',
      message: `The body nests more than ${MAX_BODY_DEPTH} levels deep: the sandbox stores no value that deep; send extendInfo and every object as documented (a few levels)`,
    };
  }
  // An absent extendInfo is measured as null (4 bytes): JSON.stringify(undefined) is no text at all.
  const bytes = Buffer.byteLength(JSON.stringify(body.extendInfo ?? null));
  if (bytes > MAX_EXTEND_INFO_BYTES) {
    return {
      kind: 'size',
      message: `extendInfo is ${bytes} bytes as JSON, more than the ${MAX_EXTEND_INFO_BYTES} the sandbox stores with an order: send only the documented members`,
    };
  }
  return undefined;
}

/**
 * The longest text JSON.stringify gives one number (`-0.00000012345678901234567`: a sign, `0.`, six
 * zeros and 17 digits), so the most one character of a JSON text can become, in UTF-8 bytes, once
 * parsed and stringified again: a string's character becomes at most 3 bytes, an escape at most
 * the 6 characters it was, a number of one character at most this.
 */
const MOST_BYTES_PER_CHARACTER = 26;

/**
 * Whether the text of a valid JSON body is surely within bodyBoundsProblem's bounds, seen without
 * parsing it (lint looks at every body of a file, and parsing each was a fifteenth of its lint): its
 * brackets outside strings nest no deeper than MAX_BODY_DEPTH (a parse nests no deeper than its
 * text), and its extendInfo is absent or too short to stringify to MAX_EXTEND_INFO_BYTES.
 * `extendInfoLength`: the length of every top-level extendInfo value's text together, 0 for none.
 * False means only "parse it and measure" (bodyBoundsProblem decides).
 */
export function surelyWithinBounds(text: string, extendInfoLength: number): boolean {
  if (extendInfoLength * MOST_BYTES_PER_CHARACTER >= MAX_EXTEND_INFO_BYTES) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // past the string: a backslash escapes the character after it
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > MAX_BODY_DEPTH) return false;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return true;
}

/**
 * Whether a JSON value has objects or arrays nested more than `limit` deep (`{}` is 1 deep, a
 * scalar 0). It stops at the first container found below the limit; iterative, so it cannot overflow.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  // Each value with the depth of the containers around it.
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, around] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (around === limit) return true;
    for (const child of Object.values(v)) stack.push([child, around + 1]);
  }
  return false;
}
