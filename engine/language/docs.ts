// Markdown describing endpoints and fields, shared by hover and completion (resolved lazily).
// Everything comes from the catalogue: title, source, notes, type, requirement, signed segment,
// enum, format, error code, the project's assumption where the document says "not shown".

import { endpointById, errorByCode, nullDecision, signedFields, templateText } from '../catalogue';
import type { Endpoint, FieldSpec } from '../catalogue/types';

const FORMAT_TEXT: Record<string, string> = {
  date: '`YYYY-MM-DD`',
  'iso-country': 'ISO 3166-1 alpha-2, uppercase',
  'data-url-image': 'image as a base64 data URL (`data:image/jpeg;base64,<DATA>`)',
  'data-url-pdf': 'PDF as a base64 data URL (`data:application/pdf;base64,<DATA>`)',
  'digits-only': 'digits only, no plus sign',
  'calling-code': 'a country calling code, digits only, no plus sign',
  unaccented: 'unaccented letters, no special characters',
  email: 'e-mail address',
  'comma-list': 'comma-separated list, signed verbatim',
};

export function requirementText(spec: FieldSpec): string {
  if (spec.required === true) return 'required';
  if (spec.required === false) return 'optional';
  if (spec.required === 'unless-passport') return 'required unless PASSPORT';
  return 'required by fiatCurrency';
}

/** "segment 4 of 8" of the endpoint's signed string, or undefined when the field is not signed. */
export function signedPlace(
  endpoint: Endpoint,
  name: string,
): { index: number; count: number; omittedAs: string; note?: string } | undefined {
  const segs = endpoint.signedString?.segments;
  if (!segs || !signedFields(endpoint).has(name)) return undefined;
  const i = segs.findIndex((s) => s.field === name);
  return { index: i + 1, count: segs.length, omittedAs: segs[i].omittedAs, note: segs[i].omissionNote };
}

/** One-line summary: `string · required · signed 4/9`. */
export function fieldDetail(endpoint: Endpoint, spec: FieldSpec, path: readonly string[]): string {
  const parts: string[] = [spec.type === 'array' && spec.items ? `${spec.items}[]` : spec.type, requirementText(spec)];
  const place = path.length === 1 ? signedPlace(endpoint, spec.name) : undefined;
  parts.push(place ? `signed ${place.index}/${place.count}` : endpoint.signedString ? 'not signed' : '');
  return parts.filter(Boolean).join(' · ');
}

/** The signed string template with the field highlighted: `partnerCode|**currency**|<secretKey>`. */
function highlightedTemplate(endpoint: Endpoint, name: string): string {
  const t = endpoint.signedString!;
  return [...t.segments.map((s) => (s.field === name ? `**${s.field}**` : s.field)), '<secretKey>'].join('|');
}

/**
 * The catalogue's decisions for the field where the document is silent (engine/catalogue/decisions.ts),
 * the ones lint and the local sandbox apply: each marked as the project's assumption.
 */
function decisionLines(spec: FieldSpec): string[] {
  const out: string[] = [];
  const name = (code: number) => `${code} ${errorByCode(code)?.semanticCode ?? ''}`.trim();
  if (spec.ignoredWhen)
    out.push(
      `Ignored when \`${spec.ignoredWhen.field}\` is \`${spec.ignoredWhen.equals}\`: not checked then (${spec.ignoredWhen.source}).`,
    );
  for (const [kind, own] of Object.entries(spec.refusals ?? {})) {
    if (own?.assumption) out.push(`_Assumed (not in the document):_ ${kind}: error ${name(own.code ?? 5)}. ${own.assumption}`);
  }
  if (!spec.filledByClient && !spec.refusals?.null) {
    const absent = nullDecision(spec);
    out.push(
      absent
        ? `_Assumed (not in the document):_ \`null\`${spec.type === 'string' && !spec.format && !spec.enum && !spec.refusals?.empty ? ' or `""`' : ''} is refused like an absent field: error ${name(absent.code)}.`
        : '_Assumed (not in the document):_ `null` is the field left out.',
    );
  }
  return out;
}

export function fieldMarkdown(endpoint: Endpoint, spec: FieldSpec, path: readonly string[]): string {
  const lines: string[] = [`**${path.join('.')}** · ${fieldDetail(endpoint, spec, path)}`, ''];
  const place = path.length === 1 ? signedPlace(endpoint, spec.name) : undefined;
  if (place) {
    lines.push(
      `Signed: segment ${place.index} of ${place.count} of \`${endpoint.method} ${endpoint.path}\`'s signed string:`,
      '',
      highlightedTemplate(endpoint, spec.name),
      '',
    );
    lines.push(`Omitted, it is signed as \`${place.omittedAs}\`.${place.note ? ` ${place.note}` : ''}`, '');
  } else if (endpoint.signedString && path.length >= 1) {
    lines.push('Not part of the signed string.', '');
  }
  if (spec.requiredNote) lines.push(spec.requiredNote, '');
  if (spec.notes) lines.push(spec.notes, '');
  if (spec.enum) lines.push(`Allowed: ${spec.enum.map((v) => `\`${v}\``).join(', ')}`, '');
  if (spec.default !== undefined) lines.push(`Default: \`${String(spec.default)}\``, '');
  if (spec.format) lines.push(`Format: ${FORMAT_TEXT[spec.format] ?? spec.format}`, '');
  if (spec.minimum !== undefined) lines.push(`Minimum: ${spec.minimum}`, '');
  if (spec.errorCode !== undefined) {
    const e = errorByCode(spec.errorCode);
    if (e && (endpoint.api === 'payout-v2' || endpoint.api === 'payout-v3'))
      lines.push(`Breaking its rule: error ${e.code} ${e.semanticCode}.`, '');
  }
  if (spec.assumption) lines.push(`_Project choice (not shown in the document):_ ${spec.assumption}`, '');
  if (endpoint.api === 'payout-v2' || endpoint.api === 'payout-v3') for (const line of decisionLines(spec)) lines.push(line, '');
  if (spec.filledByClient) lines.push(`_Filled in by the client, no need to type it:_ ${spec.filledByClient}.`, '');
  lines.push(`_${endpoint.source}_`);
  return lines.join('\n');
}

export function endpointMarkdown(endpoint: Endpoint): string {
  const lines = [`**${endpoint.method} ${endpoint.path}** · ${endpoint.title}`, ''];
  if (endpoint.signedString) lines.push('Signed string:', '', '```', templateText(endpoint.signedString), '```', '');
  for (const n of endpoint.signedString?.notes ?? []) lines.push(n, '');
  const auth: Record<string, string> = {
    'signed-v2': 'RSA-SHA256 signature in the body (the client signs when you send).',
    public: 'Public: no signature, no token.',
    'token-exchange': 'No token: exchanges a client assertion for one.',
    'bearer-v3': "`Authorization: Bearer <accessToken>`; the client obtains the token for the request's user.",
    'sandbox-only': 'Sandbox only; `Authorization: Bearer <accessToken>`.',
    none: 'Not signed.',
  };
  lines.push(auth[endpoint.auth] ?? '', '');
  for (const n of endpoint.notes ?? []) lines.push(n, '');
  if (endpoint.assumption) lines.push(`_Project choice (not shown in the document):_ ${endpoint.assumption}`, '');
  lines.push(`_${endpoint.source}_`);
  return lines.join('\n');
}

/** The spec of the field at a body path (`['extendInfo', 'PH', 'recipientName']`). */
export function specAt(endpoint: Endpoint | undefined, path: readonly (string | number)[]): FieldSpec | undefined {
  let specs = endpoint?.body;
  let spec: FieldSpec | undefined;
  for (const key of path) {
    if (typeof key !== 'string' || !specs) return undefined;
    spec = specs.find((s) => s.name === key);
    specs = spec?.members;
  }
  return spec;
}

/** Member specs of the object at `path` ([] = the body itself). */
export function membersAt(endpoint: Endpoint | undefined, path: readonly (string | number)[]): readonly FieldSpec[] | undefined {
  if (path.length === 0) return endpoint?.body;
  return specAt(endpoint, path)?.members;
}

export function fieldMarkdownById(endpointId: string, path: readonly string[]): string | undefined {
  const endpoint = endpointById(endpointId);
  const spec = specAt(endpoint, path);
  return endpoint && spec ? fieldMarkdown(endpoint, spec, path) : undefined;
}
