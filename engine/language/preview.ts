// The live preview of a signed request: its canonical string exactly as it will be signed, built by
// engine/signing's buildCanonical from the body's values, variables resolved where the file and the
// active environment allow, the secret as `<secretKey>`, an unresolved value as `{{name}}`, an
// omitted field as what it is signed as (`undefined`, `0`). Cached per block while the variables
// it can see are unchanged, so a keystroke recomputes only the request it touched.

import type { Endpoint, SignedTemplate } from '../catalogue/types';
import { buildCanonical, type Canonical } from '../signing/canonical';
import { resolveForPreview } from '../syntax/resolve';
import type { RequestBlock, Span } from '../syntax/types';
import { blockContext } from './analysis';
import type { Scope } from './scope';

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
  /** Variables to define (file or environment); system variables and request references are not among them. */
  unresolved: string[];
  /** Variables a script of the file sets when the requests run (shown as `{{name}}` until then). */
  runtime: string[];
  /** True when every signed value resolved: the string to sign is known. */
  complete: boolean;
  /** The canonical string of the actual values (secrets inside): only for signing, never shown. */
  actual: Canonical;
  /** The signed fields' actual values (explain reads numbers as numbers). */
  actualValues: Record<string, unknown>;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const fieldSets = new WeakMap<SignedTemplate, ReadonlySet<string>>();
function signedFields(template: SignedTemplate): ReadonlySet<string> {
  let set = fieldSets.get(template);
  if (!set) fieldSets.set(template, (set = new Set(template.segments.map((s) => s.field))));
  return set;
}

const inside = (inner: Span, outer: Span) => inner.start >= outer.start && inner.end <= outer.end;

export function computePreview(block: RequestBlock, scope: Scope): BlockPreview | undefined {
  const { endpoint, body } = blockContext(block, scope.extra);
  const template = endpoint?.signedString;
  if (!endpoint || !template) return undefined;
  // The sender's resolution (engine/syntax/resolve.ts), in its preview mode: values that only the
  // send knows stay `{{...}}`, secrets are displayed as `<name>`.
  const resolved = resolveForPreview(
    block,
    { variables: scope.fileVariables, env: scope.env, runtime: scope.runtimeVariables },
    signedFields(template),
  );
  const values = isRecord(resolved.bodyValue) ? resolved.bodyValue : {};
  const shownValues = isRecord(resolved.bodyDisplay) ? resolved.bodyDisplay : {};
  const display: Record<string, unknown> = {};
  const actual: Record<string, unknown> = {};
  const unresolved: string[] = [];
  const runtime: string[] = [];
  let complete = true;
  for (const seg of template.segments) {
    const field = body.byName.get(seg.field);
    if (!field || field.kind === undefined || !Object.prototype.hasOwnProperty.call(values, seg.field)) continue;
    display[seg.field] = shownValues[seg.field];
    actual[seg.field] = values[seg.field];
    const span = field.valueSpan;
    if (!span) continue;
    for (const u of resolved.unresolved) {
      if (!inside(u.ref.span, span)) continue;
      complete = false;
      // Only names the user can define: a system variable (`$uuid`) or a request's response is known when sent.
      // A name a script sets is known when sent too (pending): listed apart, for the view to say so.
      if (u.ref.kind === 'variable' && scope.runtimeVariables.has(u.ref.name)) {
        if (!runtime.includes(u.ref.expression)) runtime.push(u.ref.expression);
        continue;
      }
      if (u.pending || u.ref.kind !== 'variable') continue;
      if (!unresolved.includes(u.ref.expression)) unresolved.push(u.ref.expression);
    }
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
  return {
    endpoint,
    display: shown.display,
    segments,
    omitted: shown.omitted,
    unresolved,
    runtime,
    complete,
    actual: buildCanonical(template, actual),
    actualValues: actual,
  };
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
