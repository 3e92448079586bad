// httpYac-style assertion lines (`?? status == 201`, `?? body data.status == AWAITING_PAYMENT`,
// `?? signature valid`, `?? schema valid`), evaluated against a response. The parser (engine/syntax) splits each line
// into subject / path / operator / expected; this file only decides whether it holds.
import { ASSERTION_OPERATORS } from '../syntax/parser';
import type { Assertion } from '../syntax/types';
import type { SchemaOutcome } from './types';
import type { Verdict } from './verify';

export interface AssertionContext {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  durationMs: number;
  verdict?: Verdict;
  /** The response against its OpenAPI schema; absent when no schema documents this response. */
  schema?: SchemaOutcome;
}

export interface AssertionResult {
  text: string;
  ok: boolean;
  /** The value found, as shown to the user (already JSON-formatted). */
  actual?: string;
  /** Why it failed, naming what was expected and what was found. */
  message?: string;
  /**
   * For `==`/`!=` comparisons: the expected value in the form `actual` is shown (a string quoted),
   * so a test view can show the two side by side as a diff.
   */
  expected?: string;
  /** Where the `??` line is: its offset relative to its request block (Assertion.span.start). */
  at?: number;
  /** A `client.test` of a script, or the script's own failure, rather than a `??` line. */
  origin?: 'script';
}

/** Resolve `$.data.x`, `data.items[0].name`, `data["a.b"]` against a JSON value. */
export function readPath(value: unknown, path: string | undefined): { found: boolean; value: unknown } {
  if (!path || path === '$') return { found: value !== undefined, value };
  const keys: string[] = [];
  const re = /\[(\d+)\]|\["([^"]*)"\]|([^.[\]]+)/g;
  for (const m of path.replace(/^\$\.?/, '').matchAll(re)) keys.push(m[1] ?? m[2] ?? m[3]);
  let cur: unknown = value;
  for (const k of keys) {
    if (cur === null || typeof cur !== 'object' || !(k in cur)) return { found: false, value: undefined };
    cur = (cur as Record<string, unknown>)[k];
  }
  return { found: true, value: cur };
}

function show(v: unknown): string {
  if (v === undefined) return '(absent)';
  return typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? `(${typeof v})`);
}

/** `"SUCCESS"`, `'x'` and `SUCCESS` all mean the text SUCCESS. */
function unquote(s: string): string {
  const t = s.trim();
  if (t.length >= 2 && ((t[0] === '"' && t.endsWith('"')) || (t[0] === "'" && t.endsWith("'")))) return t.slice(1, -1);
  return t;
}

/** Equality the way a reader of `?? body success == true` means it: typed by the actual value. */
function equals(actual: unknown, expected: string): boolean {
  const e = expected.trim();
  if (actual === null) return e === 'null';
  switch (typeof actual) {
    case 'number':
      return e !== '' && Number(unquote(e)) === actual;
    case 'boolean':
      return unquote(e) === String(actual);
    case 'string':
      return actual === unquote(e);
    case 'object':
      try {
        return JSON.stringify(actual) === JSON.stringify(JSON.parse(e));
      } catch {
        return false;
      }
    default:
      return false;
  }
}

function compareNumbers(actual: unknown, expected: string, op: string): boolean {
  const a = typeof actual === 'number' ? actual : Number(actual);
  const b = Number(unquote(expected));
  if (Number.isNaN(a) || Number.isNaN(b)) return false;
  switch (op) {
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    default:
      return false;
  }
}

function subjectValue(a: Assertion, ctx: AssertionContext): { found: boolean; value: unknown } | { error: string } {
  switch (a.subject) {
    case 'status':
      return { found: true, value: ctx.status };
    case 'duration':
      return { found: true, value: Math.round(ctx.durationMs) };
    case 'body':
      return readPath(ctx.body, a.path);
    case 'header': {
      if (!a.path) return { error: 'name the header, e.g. `?? header content-type contains json`' };
      const wanted = a.path.toLowerCase();
      const entry = Object.entries(ctx.headers).find(([k]) => k.toLowerCase() === wanted);
      const v = entry?.[1];
      return { found: v !== undefined, value: Array.isArray(v) ? v.join(', ') : v };
    }
    case 'signature':
      return { found: ctx.verdict !== undefined, value: ctx.verdict?.state };
    case 'schema':
      return { found: ctx.schema !== undefined, value: ctx.schema };
    default:
      return { error: `unknown subject "${a.subject}"; use status, body, header, signature, schema or duration` };
  }
}

export function evaluateAssertion(a: Assertion, ctx: AssertionContext): AssertionResult {
  const base = { text: a.text.trim(), at: a.span.start };
  const sv = subjectValue(a, ctx);
  if ('error' in sv) return { ...base, ok: false, message: sv.error };
  const op = a.operator ?? 'exists';
  const expected = a.expected ?? '';
  const actual = sv.value;
  const shown = a.subject === 'signature' ? describeVerdict(ctx.verdict) : show(actual);

  if (a.subject === 'schema') return evaluateSchema(a, op, ctx.schema, base);

  if (a.subject === 'signature') {
    if (op !== 'valid' && op !== 'invalid') {
      return { ...base, ok: false, actual: shown, message: 'signature assertions are `?? signature valid` or `?? signature invalid`' };
    }
    const verified = ctx.verdict?.state === 'verified';
    const ok = op === 'valid' ? verified : ctx.verdict?.state === 'not-verified';
    return ok
      ? { ...base, ok, actual: shown }
      : { ...base, ok, actual: shown, message: `expected the response signature to be ${op}, but it is ${shown}` };
  }

  let ok: boolean;
  switch (op) {
    // httpYac's strict forms: the expected value is text, so they compare as == and != do
    case '==':
    case '===':
      ok = sv.found && equals(actual, expected);
      break;
    case '!=':
    case '!==':
      ok = !(sv.found && equals(actual, expected));
      break;
    case '>':
    case '>=':
    case '<':
    case '<=':
      ok = sv.found && compareNumbers(actual, expected, op);
      break;
    case 'contains':
    case 'includes':
      ok = sv.found && (Array.isArray(actual) ? actual.some((x) => equals(x, expected)) : String(actual).includes(unquote(expected)));
      break;
    case 'startsWith':
      ok = sv.found && String(actual).startsWith(unquote(expected));
      break;
    case 'endsWith':
      ok = sv.found && String(actual).endsWith(unquote(expected));
      break;
    case 'matches': {
      let re: RegExp;
      try {
        re = new RegExp(unquote(expected));
      } catch {
        return { ...base, ok: false, actual: shown, message: `"${expected}" is not a valid regular expression` };
      }
      ok = sv.found && re.test(String(actual));
      break;
    }
    case 'exists':
      ok = sv.found && actual !== undefined;
      break;
    case 'isTrue':
      ok = actual === true;
      break;
    case 'isFalse':
      ok = actual === false;
      break;
    case 'isNumber':
      ok = typeof actual === 'number';
      break;
    case 'isString':
      ok = typeof actual === 'string';
      break;
    case 'isBoolean':
      ok = typeof actual === 'boolean';
      break;
    case 'isArray':
      ok = Array.isArray(actual);
      break;
    default:
      return { ...base, ok: false, actual: shown, message: `unknown operator "${op}"; use one of ${ASSERTION_OPERATORS.join(', ')}` };
  }
  const compared = ['==', '===', '!=', '!=='].includes(op) ? { expected: shownLike(actual, expected) } : {};
  if (ok) return { ...base, ...compared, ok, actual: shown };
  const where = a.subject === 'body' ? `body ${a.path ?? ''}`.trim() : a.subject === 'header' ? `header ${a.path}` : a.subject;
  const want = ['exists', 'isTrue', 'isFalse', 'isNumber', 'isString', 'isBoolean', 'isArray'].includes(op) ? op : `${op} ${expected}`;
  return { ...base, ...compared, ok, actual: shown, message: `expected ${where} ${want}, got ${shown}` };
}

/** The expected operand written the way `show` writes the actual value (`SUCCESS` -> `"SUCCESS"` for a text). */
function shownLike(actual: unknown, expected: string): string {
  const e = expected.trim();
  return typeof actual === 'string' || (actual === undefined && /^["']/.test(e)) ? JSON.stringify(unquote(e)) : e;
}

// `?? schema valid` makes a schema mismatch a failure (by default it is only shown). No schema to
// compare with is a failure of `valid` and `invalid` alike: the assertion could not be checked.
function evaluateSchema(a: Assertion, op: string, schema: SchemaOutcome | undefined, base: { text: string; at: number }): AssertionResult {
  if (op !== 'valid' && op !== 'invalid') {
    return { ...base, ok: false, message: 'schema assertions are `?? schema valid` or `?? schema invalid`' };
  }
  if (!schema) {
    return {
      ...base,
      ok: false,
      actual: 'not checked',
      message:
        'no OpenAPI response schema documents this response (the request matches no OpenAPI operation, or its document has no schema for this status); add the document with `# @openapi ./api.yaml base_var` or remove the assertion',
    };
  }
  const shown =
    schema.problems.length === 0
      ? `matches ${schema.endpointId}`
      : `${schema.problems.length} problem(s): ${schema.problems
          .slice(0, 3)
          .map((p) => `${p.path}: ${p.message}`)
          .join('; ')}`;
  const ok = op === 'valid' ? schema.problems.length === 0 : schema.problems.length > 0;
  return ok
    ? { ...base, ok, actual: shown }
    : {
        ...base,
        ok,
        actual: shown,
        message: `expected the response to be ${op} against ${schema.endpointId}'s schema, but it ${schema.problems.length ? `has ${shown}` : 'matches'}`,
      };
}

function describeVerdict(v: Verdict | undefined): string {
  if (!v) return 'not checked';
  return v.state === 'verified' ? 'verified' : v.state === 'not-verified' ? 'not verified' : `not checkable (${v.reason})`;
}

export function evaluateAssertions(list: readonly Assertion[], ctx: AssertionContext): AssertionResult[] {
  return list.map((a) => evaluateAssertion(a, ctx));
}
