// The live preview of a signed request: its canonical string exactly as it will be signed, built by
// engine/signing's buildCanonical from the body's values, variables resolved where the file and the
// active environment allow, the secret as `<secretKey>`, an unresolved value as `{{name}}`, an
// omitted field as what it is signed as (`undefined`, `0`). Cached per block while the variables
// it can see are unchanged, so a keystroke recomputes only the request it touched.

import { getNodeValue } from 'jsonc-parser';
import type { Endpoint } from '../catalogue/types';
import { buildCanonical, type Canonical } from '../signing/canonical';
import type { RequestBlock, Span } from '../syntax/types';
import { blockContext } from './analysis';
import type { BodyField } from './body';
import { resolveText, type Scope } from './scope';

export interface PreviewSegment {
  field: string;
  text: string;
  omitted: boolean;
  signedAs?: string;
  /** Relative to the block: the value (or key) of the field in the body. */
  span?: Span;
}

export interface BlockPreview {
  endpoint: Endpoint;
  /** Display form: `<secretKey>` for the secret, `<name>` for other secrets, `{{name}}` when unresolved. */
  display: string;
  segments: PreviewSegment[];
  omitted: Canonical['omitted'];
  unresolved: string[];
  /** True when every signed value resolved: the string to sign is known. */
  complete: boolean;
  /** The canonical string of the actual values (secrets inside): only for signing, never shown. */
  actual: Canonical;
}

interface FieldValue {
  display: unknown;
  actual: unknown;
  complete: boolean;
  unresolved: string[];
}

/** A `{{...}}` written without quotes is substituted as text and the JSON then parsed: numbers stay numbers. */
function asJsonLiteral(text: string): unknown {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null ? text : v;
  } catch {
    return text;
  }
}

function fieldValue(field: BodyField, scope: Scope): FieldValue {
  if (field.kind === 'template' && field.template) {
    const ref = field.template;
    const r = resolveText(scope, `{{${ref.expression}}}`);
    if (!r.complete) return { display: r.display, actual: r.value, complete: false, unresolved: r.unresolved };
    return { display: r.usesSecret ? r.display : asJsonLiteral(r.value), actual: asJsonLiteral(r.value), complete: true, unresolved: [] };
  }
  if (field.kind === 'string' && field.hasTemplates) {
    const r = resolveText(scope, String(field.value));
    return { display: r.display, actual: r.value, complete: r.complete, unresolved: r.unresolved };
  }
  if ((field.kind === 'object' || field.kind === 'array') && field.valueNode) {
    const v: unknown = getNodeValue(field.valueNode);
    return { display: v, actual: v, complete: true, unresolved: [] };
  }
  return { display: field.value, actual: field.value, complete: true, unresolved: [] };
}

export function computePreview(block: RequestBlock, scope: Scope): BlockPreview | undefined {
  const { endpoint, body } = blockContext(block, scope.extra);
  const template = endpoint?.signedString;
  if (!endpoint || !template) return undefined;
  const display: Record<string, unknown> = {};
  const actual: Record<string, unknown> = {};
  const unresolved: string[] = [];
  let complete = true;
  for (const seg of template.segments) {
    const field = body.byName.get(seg.field);
    if (!field || field.kind === undefined) continue;
    const v = fieldValue(field, scope);
    display[seg.field] = v.display;
    actual[seg.field] = v.actual;
    complete &&= v.complete;
    for (const u of v.unresolved) if (!unresolved.includes(u)) unresolved.push(u);
  }
  const shown = buildCanonical(template, display);
  const segments: PreviewSegment[] = shown.segments.map((s, i) => {
    const field = body.byName.get(s.field);
    const out: PreviewSegment = { field: s.field, text: s.text, omitted: s.omitted };
    if (s.omitted) out.signedAs = template.segments[i].omittedAs;
    const span = field?.valueSpan ?? field?.keySpan;
    if (span) out.span = span;
    return out;
  });
  return { endpoint, display: shown.display, segments, omitted: shown.omitted, unresolved, complete, actual: buildCanonical(template, actual) };
}

const cache = new WeakMap<RequestBlock, { key: string; env: object; extra?: Endpoint[]; preview: BlockPreview | undefined }>();

/** computePreview, cached per block for as long as the file variables and environment are the same. */
export function previewOf(block: RequestBlock, scope: Scope, scopeKey: string): BlockPreview | undefined {
  const extra = scope.extra;
  const hit = cache.get(block);
  if (hit && hit.key === scopeKey && hit.env === scope.env && hit.extra === extra) return hit.preview;
  const preview = computePreview(block, scope);
  cache.set(block, { key: scopeKey, env: scope.env, extra, preview });
  return preview;
}
