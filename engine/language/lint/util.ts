// Small helpers shared by the rules: how an error code is named in a message, "did you mean",
// walking body fields against their specs, and where to insert a missing field.

import { errorByCode } from '../../catalogue';
import type { FieldSpec } from '../../catalogue/types';
import type { RequestBlock, Span } from '../../syntax/types';
import type { BodyField, BodyModel } from '../body';
import type { RuleDiagnostic, Severity, SpanEdit } from './types';
import type { EndpointMatch } from '../../catalogue';
import { levenshtein as editDistance } from '../../util/editDistance';
import { indentOf, lineBreakOf } from '../../util/lineLayout';

/** `5 INVALID_REQUEST_DATA`, as messages name an error of the catalogue. */
export function errorName(code: number): string {
  const spec = errorByCode(code);
  return spec ? `${code} ${spec.semanticCode}` : String(code);
}

export function diag(code: string, severity: Severity, message: string, span: Span, fixes?: RuleDiagnostic['fixes']): RuleDiagnostic {
  return fixes && fixes.length ? { code, severity, message, span, fixes } : { code, severity, message, span };
}

/** Case-blind edit distance, so a field typed `partnercode` still suggests `partnerCode`. */
export function levenshtein(a: string, b: string): number {
  return editDistance(a.toLowerCase(), b.toLowerCase());
}

/** The closest candidate, when it is close enough to be a plausible typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = levenshtein(word, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

/** A field present in the body together with its spec and its path (`extendInfo.recipientName`). */
export interface FieldVisit {
  field: BodyField;
  spec?: FieldSpec;
  /** The specs of its siblings (for "did you mean"). */
  siblings: readonly FieldSpec[];
  path: string;
}

/**
 * The visits of a body's fields against an endpoint's specs, kept per fields list: ten rules walk
 * the same body with the same specs in each block's lint, and the walk (a visit and a path per
 * field) was a tenth of the lint of a file on open. Shared, so read-only.
 */
const walked = new WeakMap<readonly BodyField[], { specs: readonly FieldSpec[]; visits: readonly FieldVisit[] }>();

/** Every body field, nested members of spec'd objects included, with its spec. */
export function walkFields(fields: readonly BodyField[], specs: readonly FieldSpec[]): readonly FieldVisit[] {
  const hit = walked.get(fields);
  if (hit && hit.specs === specs) return hit.visits;
  const visits: FieldVisit[] = [];
  walk(fields, specs, '', visits);
  walked.set(fields, { specs, visits });
  return visits;
}

function walk(fields: readonly BodyField[], specs: readonly FieldSpec[], prefix: string, out: FieldVisit[]): void {
  for (const field of fields) {
    const spec = specNamed(specs, field.name);
    const path = prefix + field.name;
    out.push({ field, spec, siblings: specs, path });
    if (spec?.members && field.members) walk(field.members, spec.members, `${path}.`, out);
  }
}

/** The first spec of `specs` named `name` (a loop: `find` made a closure per field of every body). */
function specNamed(specs: readonly FieldSpec[], name: string): FieldSpec | undefined {
  for (const s of specs) if (s.name === name) return s;
  return undefined;
}

/** A JSON value to insert for a field: a placeholder of its type. */
export function placeholderFor(spec: FieldSpec): string {
  if (spec.enum?.length) return JSON.stringify(spec.enum[0]);
  switch (spec.type) {
    case 'number':
    case 'integer':
      return '0';
    case 'boolean':
      return 'false';
    case 'object':
      return '{}';
    case 'array':
      return '[]';
    default:
      return '""';
  }
}

/** Fields that take a fresh id per request: the partner's order id (a replay reuses a literal). */
const FRESH_ID_FIELDS = new Set(['externalOrderId']);

/**
 * The value to write for a field: a variable of the same name (`"{{partnerCode}}"`) when it is
 * defined (`isDefined`; without it, partnerCode and userEmail are assumed), `"{{$uuid}}"` for an id
 * each request makes anew, else the type's placeholder.
 */
export function suggestedValue(spec: FieldSpec, isDefined?: (name: string) => boolean): string {
  if (isDefined ? spec.type === 'string' && isDefined(spec.name) : spec.name === 'partnerCode' || spec.name === 'userEmail')
    return `"{{${spec.name}}}"`;
  if (FRESH_ID_FIELDS.has(spec.name)) return '"{{$uuid}}"';
  return placeholderFor(spec);
}

/**
 * An edit that inserts `"name": value` as the last member of the body's root object, indented like
 * its siblings. Undefined when the body is not a JSON object.
 */
export function insertFieldEdit(block: RequestBlock, body: BodyModel, name: string, value: string): SpanEdit | undefined {
  const root = body.root;
  if (!root || root.type !== 'object') return undefined;
  const text = block.text;
  const closeBrace = root.offset + root.length - 1;
  if (text[closeBrace] !== '}') return undefined;
  const last = body.fields[body.fields.length - 1];
  const indent = last ? indentOf(text, last.span.start) : '  ';
  const eol = lineBreakOf(text, root.offset);
  // The value is what the user must fill: inside the quotes of a string, else the whole literal.
  const member = (before: string, after: string, span: Span): SpanEdit => {
    const from = before.length + `"${name}": `.length;
    const quoted = value.length >= 2 && value.startsWith('"') && value.endsWith('"');
    const placeholder = quoted ? { start: from + 1, end: from + value.length - 1 } : { start: from, end: from + value.length };
    return { span, newText: `${before}"${name}": ${value}${after}`, placeholder };
  };
  if (!last) return member(`${eol}${indent}`, eol, { start: root.offset + 1, end: closeBrace });
  // After the last member (and a trailing comma if one is already there).
  const at = last.span.end;
  // A body written on one line (`{ "a": 1 }`) stays on one line.
  if (!/[\r\n]/.test(text.slice(root.offset, closeBrace))) return member(', ', '', { start: at, end: at });
  const comma = /^\s*,/.exec(text.slice(at, closeBrace));
  if (comma) return member(`${eol}${indent}`, ',', { start: at + comma[0].length, end: at + comma[0].length });
  return member(`,${eol}${indent}`, '', { start: at, end: at });
}

/** Where a body-less or body-level problem is shown: the body's opening brace, else the request line. */
export function bodyAnchor(block: RequestBlock, body: BodyModel): Span {
  if (body.root) return { start: body.root.offset, end: body.root.offset + 1 };
  return block.requestLine?.span ?? { start: 0, end: 0 };
}

/** Paths of the payout service, also under a literal address (`https://host/api/v2/…`). */
export const PAYOUT_LIKE_PATH = /^\/(api\/v2|v3)(\/|$)/;

/**
 * Whether a request targets an API of the catalogue (the payout service, its local sandbox, the
 * plant store), as the endpoint match tells: a catalogue endpoint, a catalogue base variable
 * (`{{base_url}}`, `{{plant_base_url}}`), or a literal address with a payout path. Rules about the
 * service's own conventions check this first, so a file written for another API (kulala's httpbin
 * requests, a user's own service) gets none of them.
 */
export function targetsCatalogue(match: EndpointMatch): boolean {
  if (match.endpoint) return match.endpoint.api !== 'openapi';
  if (match.base !== undefined) return !/is not a known base variable/.test(match.reason ?? '');
  return PAYOUT_LIKE_PATH.test(match.path);
}
