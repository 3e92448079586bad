// A whole valid body for an endpoint, built from the catalogue: every required field and every
// signed field (so nothing is signed as `undefined`), signed ones first in signed-string order,
// values from same-named variables or type placeholders. Fields the catalogue marks
// `filledByClient` (the v2 `signature`, the v3 `clientAssertion`) are left out: the client computes
// them at send time.

import type { Endpoint, FieldSpec } from '../catalogue/types';
import { suggestedValue } from './lint/util';

/** Fields a skeleton holds, in order. */
export function skeletonFields(endpoint: Endpoint): FieldSpec[] {
  const body = endpoint.body ?? [];
  const signed = endpoint.signedString?.segments.map((s) => s.field) ?? [];
  const chosen: FieldSpec[] = [];
  for (const name of signed) {
    const spec = body.find((f) => f.name === name);
    if (spec) chosen.push(spec);
  }
  for (const spec of body) {
    if (spec.filledByClient || chosen.includes(spec)) continue;
    if (spec.required === true || spec.required === 'by-currency') chosen.push(spec);
  }
  // An endpoint that needs one of several optional fields (submit-kyc-supplement) gets the first of them.
  const oneOf = endpoint.requiresOneOf?.fields;
  const first = oneOf && !chosen.some((f) => oneOf.includes(f.name)) ? body.find((f) => f.name === oneOf[0]) : undefined;
  if (first) chosen.push(first);
  return chosen;
}

function valueFor(spec: FieldSpec, indent: string, step: string, isDefined?: (name: string) => boolean): string {
  // create-sell-order's extendInfo depends on fiatCurrency; the default currency (VND) takes null.
  if (spec.required === 'by-currency') return 'null';
  if (spec.type === 'object' && spec.members?.length) {
    const members = spec.members.filter((m) => m.required === true);
    if (!members.length) return '{}';
    const inner = indent + step;
    return `{\n${members.map((m) => `${inner}"${m.name}": ${valueFor(m, inner, step, isDefined)}`).join(',\n')}\n${indent}}`;
  }
  return suggestedValue(spec, isDefined);
}

/**
 * The JSON text of a skeleton body, e.g. `{\n  "partnerCode": "{{partnerCode}}",\n  ...\n}`;
 * `isDefined` says which variables exist, so no value names an undefined one.
 */
export function skeletonBody(endpoint: Endpoint, indent = '', step = '  ', isDefined?: (name: string) => boolean): string {
  const fields = skeletonFields(endpoint);
  if (!fields.length) return '{}';
  const inner = indent + step;
  return `{\n${fields.map((f) => `${inner}"${f.name}": ${valueFor(f, inner, step, isDefined)}`).join(',\n')}\n${indent}}`;
}
