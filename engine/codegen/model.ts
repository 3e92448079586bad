// What every generated program needs to know, taken from the catalogue and the resolved request and
// nothing else: the endpoint's path, the body's literal values, the signed fields in the documented
// order (with the literal an omitted one is signed as), and the response fields data.signature
// covers. The per-language writers (node.ts, python.ts, ...) only lay this out in their syntax.
import type { Endpoint, SignedTemplate } from '../catalogue/types';
import type { PreparedRequest } from '../http/types';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** One segment of the request's signed string. */
export type SignedPart =
  | { field: string; omitted: false }
  /** Absent from the body: signed as this literal text (doc 1 §4.0 rule 5). */
  | { field: string; omitted: true; literal: string; note?: string };

export interface CodeModel {
  endpoint: Endpoint;
  /** `review-sell-order`, `account-verify`: what files, classes and functions are named after. */
  baseName: string;
  method: string;
  /** Appended to PAYOUT_BASE_URL, e.g. `/api/v2/orders/review-sell-order`. */
  path: string;
  /** The body's members in the file's order, without `signature` (the program computes it). `partnerCode` comes from the environment. */
  body: [string, JsonValue][];
  signed: SignedPart[];
  /** What the program prints to stderr (with the local partner's code): `payout-http sign`'s canonical line. */
  canonicalDisplay: string;
  /** Fields of `data` the service signs its reply over; an absent one as `omittedAs`. */
  response: SignedTemplate;
}

/** The environment variables every program reads; none of them is ever printed. */
export const ENV = {
  baseUrl: 'PAYOUT_BASE_URL',
  partnerCode: 'PAYOUT_PARTNER_CODE',
  secretKey: 'PAYOUT_SECRET_KEY',
  privateKeyFile: 'PAYOUT_PRIVATE_KEY_FILE',
  servicePublicKeyFile: 'PAYOUT_SERVICE_PUBLIC_KEY_FILE',
} as const;

/** Exit codes shared by every language. */
export const EXIT_CODES = { verified: 0, error: 1, notVerified: 3 } as const;

export const LANGUAGES = ['node', 'python', 'java', 'go', 'php'] as const;
export type Language = (typeof LANGUAGES)[number];

export class CodegenError extends Error {}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `v2.orders.review-sell-order` -> `orders-review-sell-order`. */
function baseNameOf(endpoint: Endpoint): string {
  return endpoint.id.split('.').slice(1).join('-');
}

/**
 * The model of a prepared request. Throws a CodegenError naming the fix when the request cannot be
 * turned into a program (not a signed endpoint, unresolved values, a body that is not an object).
 */
export function buildModel(p: PreparedRequest, secretValues: readonly string[] = []): CodeModel {
  const endpoint = p.endpoint;
  if (!endpoint) throw new CodegenError(`${p.label} (${p.method} ${p.url}) matches no endpoint of the contracts; code is generated for the signed /api/v2 endpoints`);
  if (endpoint.auth !== 'signed-v2') {
    throw new CodegenError(`${p.label} is ${endpoint.id} (${endpoint.auth}); code is generated for the signed /api/v2 endpoints only (their canonical string is what integrators get wrong)`);
  }
  if (p.problems.length) throw new CodegenError(`${p.label} cannot be resolved:\n${p.problems.join('\n')}`);
  if (!isRecord(p.bodyJson)) throw new CodegenError(`${p.label}: the body is not a JSON object; a signed endpoint takes one`);
  if (!p.signing || !endpoint.signedString) throw new CodegenError(`${p.label}: no signed string could be built`);
  const body = Object.entries(p.bodyJson).filter(([k]) => k !== 'signature') as [string, JsonValue][];
  const text = JSON.stringify(body);
  for (const s of secretValues) if (s && text.includes(s)) throw new CodegenError(`${p.label}: the body holds a secret value; generated code reads secrets from the environment only`);
  const notes = new Map(p.signing.omitted.map((o) => [o.field, o.note]));
  const signed: SignedPart[] = endpoint.signedString.segments.map((seg) => {
    const present = Object.prototype.hasOwnProperty.call(p.bodyJson, seg.field);
    if (present) return { field: seg.field, omitted: false };
    const note = notes.get(seg.field);
    return { field: seg.field, omitted: true, literal: seg.omittedAs, ...(note ? { note } : {}) };
  });
  return {
    endpoint,
    baseName: baseNameOf(endpoint),
    method: p.method,
    path: endpoint.path,
    body,
    signed,
    canonicalDisplay: p.signing.canonicalDisplay,
    response: endpoint.response?.signature ?? { segments: [] },
  };
}

/** The file the program is meant to be saved as (Java's single-file launch runs the first class, named the same). */
export function programFile(m: CodeModel, language: Language): string {
  const snake = snakeCase(m.baseName);
  return { node: `${m.baseName}.mjs`, python: `${snake}.py`, java: `${pascalCase(m.baseName)}.java`, go: `${snake}.go`, php: `${snake}.php` }[language];
}

/** `orders-review-sell-order` -> `OrdersReviewSellOrder` (Java class). */
export function pascalCase(name: string): string {
  return name.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/** `orders-review-sell-order` -> `orders_review_sell_order` (Python, PHP file names). */
export function snakeCase(name: string): string {
  return name.replace(/[^A-Za-z0-9]+/g, '_');
}

/** A number as a literal every C-family language reads back to the same double: integers plainly while exact, else shortest digits. */
export function numberLiteral(n: number): { text: string; integral: boolean } {
  if (Object.is(n, -0)) return { text: '-0.0', integral: false };
  if (Number.isSafeInteger(n)) return { text: String(n), integral: true };
  // String(n) is the shortest round-trip text; `1e+21` and `1e-7` are valid float literals everywhere.
  const t = String(n);
  return { text: /[.e]/.test(t) ? t : `${t}.0`, integral: false };
}

/** Why an omitted signed field is written as a literal (the comment above it in every language). */
export function omittedComment(part: Extract<SignedPart, { omitted: true }>): string {
  return `${part.field} is not in the body: the service signs an omitted field as the text ${part.literal}${part.note ? `. ${part.note}` : ''}`;
}

/** The comment lines the program opens with, shared by every language. */
export function headerLines(m: CodeModel, run: string[]): string[] {
  return [
    `${m.endpoint.title} (${m.endpoint.source}): ${m.method} ${m.path}`,
    'Generated by `payout-http code` from the contract catalogue. It signs the request (RSA-SHA256,',
    'PKCS#1 v1.5), sends it, prints the response body to stdout and the signed string to stderr',
    '(the secret shown as <secretKey>), and verifies the response\'s data.signature.',
    '',
    `Environment: ${Object.values(ENV).join(', ')}.`,
    `Exit: ${EXIT_CODES.verified} success and signature verified, ${EXIT_CODES.notVerified} signature not verified, ${EXIT_CODES.error} error response or transport failure.`,
    ...run,
  ];
}
