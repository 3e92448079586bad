// The canonical string of doc 1 §5: a fixed, ordered, pipe-joined list of field values followed
// by `|<secretKey>`. The service is a JavaScript program, so each value is printed the way a JS
// template literal prints it (`${value}`): `undefined`, `null`, `true`, 100000.00 -> `100000`,
// 1e21 -> `1e+21`. Reproducing that exactly is what makes our signatures verify.
import type { SignedTemplate } from '../catalogue/types';

/** The placeholder shown wherever the secret would be; the secret itself is never displayed. */
export const SECRET_PLACEHOLDER = '<secretKey>';

export interface CanonicalSegment {
  field: string;
  /** The text this segment contributes to the signed string. */
  text: string;
  /** True when the field was absent from the values and took its template's `omittedAs`. */
  omitted: boolean;
}

export interface Canonical {
  segments: CanonicalSegment[];
  /** The omitted fields, what they were signed as, and the document's consequence. */
  omitted: { field: string; signedAs: string; note?: string }[];
  /** The signed string with `<secretKey>` in place of the secret: safe to show. */
  display: string;
  /** The exact string to sign. Never log or show the result. */
  withSecret(secret: string): string;
}

/** `${value}` as JavaScript prints it, without ever throwing (a Symbol or a null-prototype object would). */
export function jsString(value: unknown): string {
  try {
    return `${value as string}`;
  } catch {
    // A JS service would answer error 1 here; we still need printable text for previews.
    return typeof value === 'symbol' ? value.toString() : Object.prototype.toString.call(value);
  }
}

/**
 * Joins segment texts and the secret the way doc 1 §5.1/§5.2 says: `a|b|c|<secret>`, or the
 * secret alone for an empty template (the bank list response, doc 1 §4.10).
 */
export function joinSigned(texts: readonly string[], secret: string): string {
  return texts.length === 0 ? secret : `${texts.join('|')}|${secret}`;
}

/**
 * A field counts as omitted when its key is absent or holds `undefined` (a JSON body cannot carry
 * `undefined`; a JS service destructuring the body sees both cases the same way). A present
 * `null` is signed as `null`.
 */
export function isOmitted(values: Record<string, unknown>, field: string): boolean {
  return !Object.prototype.hasOwnProperty.call(values, field) || values[field] === undefined;
}

export function buildCanonical(template: SignedTemplate, input: Record<string, unknown>): Canonical {
  // A body that is not a JSON object (null, an array, text) has no fields: all are omitted.
  const values: Record<string, unknown> = input && typeof input === 'object' && !Array.isArray(input) ? input : {};
  const segments: CanonicalSegment[] = template.segments.map((seg) => {
    const omitted = isOmitted(values, seg.field);
    return { field: seg.field, text: omitted ? seg.omittedAs : jsString(values[seg.field]), omitted };
  });
  const omitted = template.segments
    .filter((seg) => isOmitted(values, seg.field))
    .map((seg) => ({
      field: seg.field,
      signedAs: seg.omittedAs,
      ...(seg.omissionNote ? { note: seg.omissionNote } : {}),
    }));
  const texts = segments.map((s) => s.text);
  return {
    segments,
    omitted,
    display: joinSigned(texts, SECRET_PLACEHOLDER),
    withSecret: (secret: string) => joinSigned(texts, secret),
  };
}
