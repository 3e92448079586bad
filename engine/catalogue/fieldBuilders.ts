// Small constructors that keep the contract files readable: a field is one line, and a signed
// string is written exactly as the document prints it (`a|b|<secretKey>`), then parsed once here.

import type { FieldSpec, FieldType, Requirement, SignedSegment, SignedTemplate } from './types';

type More = Omit<Partial<FieldSpec>, 'name' | 'type' | 'required'>;

export function field(name: string, type: FieldType, required: Requirement, more: More = {}): FieldSpec {
  return { name, type, required, ...more };
}

export const str = (name: string, required: Requirement, more?: More): FieldSpec => field(name, 'string', required, more);
export const num = (name: string, required: Requirement, more?: More): FieldSpec => field(name, 'number', required, more);
export const int = (name: string, required: Requirement, more?: More): FieldSpec => field(name, 'integer', required, more);
export const bool = (name: string, required: Requirement, more?: More): FieldSpec => field(name, 'boolean', required, more);
export const obj = (name: string, required: Requirement, more?: More): FieldSpec => field(name, 'object', required, more);

/** The `signature` body field every signed-v2 endpoint has (doc 1 §4.0 rules 1 and 4). */
export const signatureField = (): FieldSpec =>
  str('signature', true, {
    notes:
      'RSA-SHA256 (PKCS#1 v1.5), base64, over the signed string. A missing signature is not rejected as a missing field; it fails verification with error 2.',
    errorCode: 2,
    filledByClient: 'computed by payout-http when sending: RSA-SHA256 with your private key over the signed string',
  });

const SECRET = '<secretKey>';

/**
 * Parses a signed string as the document writes it, e.g. `partnerCode|currency|fiatAmount|<secretKey>`.
 * `special` gives the segments that are signed as something else than `undefined` when omitted,
 * or whose omission the document comments on. Throws on a malformed template: that is a mistake in
 * this catalogue, caught by the tests the moment the module loads.
 */
export function template(
  text: string,
  special: Record<string, Partial<Omit<SignedSegment, 'field'>>> = {},
  notes?: string[],
): SignedTemplate {
  const parts = text.split('|');
  if (parts.pop() !== SECRET) throw new Error(`signed string template must end in ${SECRET}: ${text}`);
  for (const name of Object.keys(special)) {
    if (!parts.includes(name)) throw new Error(`template ${text} has no segment ${name}`);
  }
  const segments = parts.map((name): SignedSegment => ({ field: name, omittedAs: 'undefined', ...special[name] }));
  return notes ? { segments, notes } : { segments };
}

/** The document's notation of a template (`a|b|<secretKey>`), the inverse of `template`. */
export function templateText(t: SignedTemplate): string {
  return [...t.segments.map((s) => s.field), SECRET].join('|');
}

/** A copy of a field list without the named fields (v3 bodies drop partnerCode, userEmail, signature). */
export function without(fields: readonly FieldSpec[], ...names: string[]): FieldSpec[] {
  return fields.filter((f) => !names.includes(f.name));
}
