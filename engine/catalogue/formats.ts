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

/** ITU-T E.164 country calling codes (doc 1 §4.3: phoneCountryCode is "checked against a list of calling codes"; the list is not given, so this one is the project's assumption). */
export const CALLING_CODES: ReadonlySet<string> = new Set(
  (
    '1 7 20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98 ' +
    '211 212 213 216 218 220 221 222 223 224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 248 249 ' +
    '250 251 252 253 254 255 256 257 258 260 261 262 263 264 265 266 267 268 269 290 291 297 298 299 350 351 352 353 354 355 356 357 358 359 ' +
    '370 371 372 373 374 375 376 377 378 380 381 382 383 385 386 387 389 420 421 423 500 501 502 503 504 505 506 507 508 509 590 591 592 593 ' +
    '594 595 596 597 598 599 670 672 673 674 675 676 677 678 679 680 681 682 683 685 686 687 688 689 690 691 692 850 852 853 855 856 880 886 ' +
    '960 961 962 963 964 965 966 967 968 970 971 972 973 974 975 976 977 992 993 994 995 996 998'
  ).split(' '),
);

/** phoneCountryCode: digits only and a calling code of the list (CALLING_CODES). */
export function isCallingCode(value: string): boolean {
  return isDigitsOnly(value) && CALLING_CODES.has(value);
}

/** What is wrong with a value that lacks the format, and the fix: for the sandbox's messages. */
export function formatProblem(format: FormatRule, value: string): string {
  switch (format) {
    case 'email':
      return "is not an e-mail address: send the user's address, e.g. alice@example.com";
    case 'iso-country':
      return 'is not an ISO 3166-1 alpha-2 country code: send two uppercase letters, e.g. VN';
    case 'date':
      return 'is not a date: write it as YYYY-MM-DD';
    case 'data-url-image':
      return 'is not a valid base64 data URL: send it as data:image/jpeg;base64,<DATA>';
    case 'data-url-pdf':
      return 'is not a valid base64 data URL: send it as data:application/pdf;base64,<DATA>';
    case 'unaccented':
      return 'has accents or special characters: use unaccented letters, digits and spaces only';
    case 'digits-only':
      return 'must be digits only, without a plus sign: e.g. 84';
    case 'calling-code':
      if (!isDigitsOnly(value)) return 'must be digits only, without a plus sign: e.g. 84';
      return 'is not a country calling code: e.g. 84 for Vietnam, 63 for the Philippines (digits only, no plus sign)';
    case 'comma-list':
      return 'has no name in it: send a comma-separated list, e.g. USDT,ETH';
  }
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
    case 'calling-code':
      return isCallingCode(value);
    case 'comma-list':
      // Decision (assumed): a list with no name in it (`""`, `,`) is refused with 5.
      return value.split(',').some((s) => s.trim() !== '');
  }
}
