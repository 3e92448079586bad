// One validator per field format of the contract (the `format` of a catalogue FieldSpec). Lint
// (engine/language/lint/rules/*Format, countryCode, dataUrl, …) and the local sandbox (KYC, orders,
// v3 token exchange) both call these, so a value the editor accepts is a value the sandbox accepts.
// Where the documents leave a format open, the decision is written in docs/catalogue.md "Formats".
import { isoCountries } from './countries';
import type { FormatRule } from './types';

export { isoCountries };

/**
 * userEmail (error 27, "userEmail malformed"): local part and domain without spaces, quotes, or
 * the characters mail syntax reserves, and a top-level domain of at least two letters (no
 * one-letter TLD exists), so `a@b.c` is malformed.
 */
const EMAIL = /^[^\s@"(),:;<>[\]\\]+@[^\s@"(),:;<>[\]\\]+\.[A-Za-z]{2,}$/;
export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** nationality: an officially assigned ISO 3166-1 alpha-2 code, uppercase (`GB`, not the reserved `UK`; `AC` is reserved too). */
export function isIsoCountry(value: string): boolean {
  if (!/^[A-Z]{2}$/.test(value)) return false;
  const known = isoCountries();
  // Node without ICU region data: the shape is all that can be checked.
  return known.size === 0 || known.has(value);
}

/** `YYYY-MM-DD`, and a day that exists (no 2024-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [+m[1], +m[2], +m[3]];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * A base64 data URL (RFC 2397) of an image, or of a PDF: `data:image/<type>;base64,<DATA>`. The
 * media type is case-insensitive; the data is standard base64 with padding only at the end, and no
 * whitespace (a line break is not part of a URL).
 */
const DATA_URL = /^data:([A-Za-z]+\/[A-Za-z0-9.+-]+);base64,([A-Za-z0-9+/]+={0,2})$/;
export function isDataUrl(value: string, kind: 'image' | 'pdf'): boolean {
  const m = DATA_URL.exec(value);
  if (!m) return false;
  const type = m[1].toLowerCase();
  return kind === 'pdf' ? type === 'application/pdf' : type.startsWith('image/');
}

/** Bare base64 (a data URL without its prefix: the usual mistake, error 58). */
export function isBareBase64(value: string): boolean {
  return value !== '' && /^[A-Za-z0-9+/]+={0,2}$/.test(value);
}

/** Transfer text (content, transferContent; error 17): unaccented letters, digits and spaces only. */
export function isUnaccented(value: string): boolean {
  return /^[A-Za-z0-9 ]*$/.test(value);
}

/** Accents removed (NFD, combining marks dropped; đ/Đ spelled d/D), other special characters dropped. */
export function unaccent(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** phoneCountryCode: digits only, no plus sign or spaces. */
export function isDigitsOnly(value: string): boolean {
  return /^\d+$/.test(value);
}

/** Whether a string value has the format; formats with no single-value rule (comma-list) always pass. */
export function hasFormat(format: FormatRule, value: string): boolean {
  switch (format) {
    case 'email':
      return isEmail(value);
    case 'iso-country':
      return isIsoCountry(value);
    case 'date':
      return isCalendarDate(value);
    case 'data-url-image':
      return isDataUrl(value, 'image');
    case 'data-url-pdf':
      return isDataUrl(value, 'pdf');
    case 'unaccented':
      return isUnaccented(value);
    case 'digits-only':
      return isDigitsOnly(value);
    case 'comma-list':
      return true;
  }
}
