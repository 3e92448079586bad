// What every generated program needs to know, taken from the catalogue and the resolved request and
// nothing else: the endpoint's path, the body's literal values, the signed fields in the documented
// order (with the literal an omitted one is signed as), and the response fields data.signature
// covers. The per-language writers (node.ts, python.ts, ...) only lay this out in their syntax.
import { CLIENT_ASSERTION_AUDIENCE, endpointById, v3Conventions } from '../catalogue';
import { CODE_LANGUAGES, type CodeLanguage } from '../protocol';
import type { Endpoint, SignedTemplate } from '../catalogue/types';
import type { PreparedRequest } from '../http/types';
import { DEFAULT_ASSERTION_TTL_SECONDS } from '../signing/jwt';
import { checkText, numberText } from './encode';
import { holdsSecret } from './secretForms';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** One segment of the request's signed string. */
export type SignedPart =
  | { field: string; omitted: false }
  /** Absent from the body: signed as this literal text (doc 1 §4.0 rule 5). */
  | { field: string; omitted: true; literal: string; note?: string };

/** A member of the body: a literal, or a value the program reads from its environment (a secret such as webhookSecretKey). */
export type BodyEntry = { key: string; value: JsonValue } | { key: string; env: string };

/** The /v3 flow (doc 2 §5): an RS256 client assertion exchanged for a bearer token for `user`. */
export interface BearerFlow {
  user: string;
  tokenPath: string;
  audience: string;
  /** Seconds the assertion is valid (the project's choice; the document says "short"). */
  assertionTtl: number;
  successCode: string;
}

export interface CodeModel {
  endpoint: Endpoint;
  /** signed-v2: a body signature over the canonical string; bearer-v3: a token from a client assertion. */
  kind: 'signed-v2' | 'bearer-v3';
  /** `review-sell-order`, `account-verify`: what files, classes and functions are named after. */
  baseName: string;
  method: string;
  /** Appended to PAYOUT_BASE_URL, e.g. `/api/v2/orders/review-sell-order`, `/v3/fund/balances?currency=USDT`. */
  path: string;
  /** The body's members in the file's order, without `signature` (the program computes it); undefined for no body. */
  body?: BodyEntry[];
  signed: SignedPart[];
  /** What the program prints to stderr (with the local partner's code): `payout-http sign`'s canonical line. */
  canonicalDisplay: string;
  /** Fields of `data` the service signs its reply over; an absent one as `omittedAs`. */
  response: SignedTemplate;
  bearer?: BearerFlow;
}

/** The environment variables every program reads; none of them is ever printed. */
export const ENV = {
  baseUrl: 'PAYOUT_BASE_URL',
  partnerCode: 'PAYOUT_PARTNER_CODE',
  secretKey: 'PAYOUT_SECRET_KEY',
  privateKeyFile: 'PAYOUT_PRIVATE_KEY_FILE',
  servicePublicKeyFile: 'PAYOUT_SERVICE_PUBLIC_KEY_FILE',
} as const;

/** `webhookSecretKey` -> `PAYOUT_WEBHOOK_SECRET_KEY`: where a program reads a secret variable the request uses. */
export function envNameOf(variable: string): string {
  if (variable === 'partnerCode') return ENV.partnerCode;
  return `PAYOUT_${variable.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;
}

/** Exit codes shared by every language. */
export const EXIT_CODES = { verified: 0, error: 1, notVerified: 3 } as const;

/** The languages, declared once in the editor protocol (the editor's language pick offers the same). */
export const LANGUAGES = CODE_LANGUAGES;
export type Language = CodeLanguage;

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
/**
 * `secrets`: the environment's secret values by variable name (`webhookSecretKey` -> its value). A
 * body member holding one is read by the program from PAYOUT_<NAME>; a secret anywhere else is refused.
 */
export function buildModel(p: PreparedRequest, secrets: ReadonlyMap<string, string> = new Map()): CodeModel {
  const endpoint = p.endpoint;
  const supported = 'code is generated for the signed /api/v2 endpoints and the bearer-token /v3 endpoints';
  if (!endpoint) throw new CodegenError(`${p.label} (${p.method} ${p.url}) matches no endpoint of the contracts; ${supported}`);
  const kind =
    endpoint.auth === 'signed-v2'
      ? 'signed-v2'
      : endpoint.auth === 'bearer-v3' || endpoint.auth === 'sandbox-only'
        ? 'bearer-v3'
        : undefined;
  if (!kind) throw new CodegenError(`${p.label} is ${endpoint.id} (${endpoint.auth}); ${supported}`);
  if (p.problems.length) throw new CodegenError(`${p.label} cannot be resolved:\n${p.problems.join('\n')}`);
  const url = new URL(p.url);
  // What follows the base address: the endpoint's own segments, the last ones of the URL's path (a
  // base URL with a path of its own, `https://host/api/gw`, is PAYOUT_BASE_URL's business, not the program's).
  const segments = endpoint.path.split('?')[0].split('/').length - 1;
  const path = `/${url.pathname.split('/').slice(-segments).join('/')}${url.search}`;
  checkText(path, 'the path');
  const base = {
    endpoint,
    kind,
    baseName: baseNameOf(endpoint),
    method: p.method,
    path,
    response: endpoint.response?.signature ?? { segments: [] },
  } as const;
  if (kind === 'bearer-v3') {
    if (!p.user) throw new CodegenError(`${p.label}: no user for the bearer token; add a \`# @user EMAIL\` line`);
    checkText(p.user, '# @user');
    const tokenPath = endpointById('v3.auth.tokens')!.path;
    const body = p.body ? bodyEntries(p, p.bodyJson, secrets) : undefined;
    return {
      ...base,
      body,
      signed: [],
      canonicalDisplay: '',
      bearer: {
        user: p.user,
        tokenPath,
        audience: CLIENT_ASSERTION_AUDIENCE,
        assertionTtl: DEFAULT_ASSERTION_TTL_SECONDS,
        successCode: v3Conventions.successCode,
      },
    };
  }
  if (!p.signing || !endpoint.signedString) throw new CodegenError(`${p.label}: no signed string could be built`);
  const body = bodyEntries(p, p.bodyJson, secrets);
  const present = new Set(body.map((e) => e.key));
  const notes = new Map(p.signing.omitted.map((o) => [o.field, o.note]));
  const signed: SignedPart[] = endpoint.signedString.segments.map((seg) => {
    if (present.has(seg.field)) return { field: seg.field, omitted: false };
    const note = notes.get(seg.field);
    return { field: seg.field, omitted: true, literal: seg.omittedAs, ...(note ? { note } : {}) };
  });
  return { ...base, body, signed, canonicalDisplay: p.signing.canonicalDisplay };
}

/** The body's members; one that holds a secret value is read from the environment instead. */
function bodyEntries(p: PreparedRequest, json: unknown, secrets: ReadonlyMap<string, string>): BodyEntry[] {
  if (!isRecord(json)) throw new CodegenError(`${p.label}: the body is not a JSON object; this endpoint takes one`);
  const entries: BodyEntry[] = [];
  for (const [key, value] of Object.entries(json)) {
    if (key === 'signature' || key === 'clientAssertion') continue;
    checkValue(key, value, `${key}`);
    const secret = [...secrets].find(([, v]) => v !== '' && v === value);
    const text = JSON.stringify(value);
    if (key === 'partnerCode') entries.push({ key, env: ENV.partnerCode });
    else if (secret) entries.push({ key, env: envNameOf(secret[0]) });
    else if ([...secrets.values()].some((v) => v !== '' && text.includes(v)) || holdsSecret(text, secrets.values())) {
      throw new CodegenError(
        `${p.label}: ${key} holds a secret inside; generated code reads secrets from the environment, and only as whole top-level fields`,
      );
    } else entries.push({ key, value: value as JsonValue });
  }
  return entries;
}

/**
 * Refuses what no program can send as the file means it: a non-finite number (`1e400` reads as
 * Infinity, which JSON has no text for) and a lone surrogate (UTF-8 has no bytes for it). `field`
 * names where it is, e.g. `extendInfo.names[2]`.
 */
function checkValue(key: string, value: unknown, field: string): void {
  checkText(key, `the key of ${field}`);
  if (typeof value === 'number') numberText(value, field);
  else if (typeof value === 'string') checkText(value, field);
  else if (Array.isArray(value)) value.forEach((v, i) => checkValue('', v, `${field}[${i}]`));
  else if (isRecord(value)) for (const [k, v] of Object.entries(value)) checkValue(k, v, `${field}.${k}`);
}

/** Environment variables a program reads besides the shared ones (e.g. PAYOUT_WEBHOOK_SECRET_KEY). */
export function extraEnv(m: CodeModel): string[] {
  return (m.body ?? []).flatMap((e) => ('env' in e && e.env !== ENV.partnerCode ? [e.env] : []));
}

/** The file the program is meant to be saved as (Java's single-file launch runs the first class, named the same). */
export function programFile(m: CodeModel, language: Language): string {
  const snake = snakeCase(m.baseName);
  return {
    node: `${m.baseName}.mjs`,
    python: `${snake}.py`,
    java: `${pascalCase(m.baseName)}.java`,
    go: `${snake}.go`,
    php: `${snake}.php`,
  }[language];
}

/** `orders-review-sell-order` -> `OrdersReviewSellOrder` (Java class). */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

/** `orders-review-sell-order` -> `orders_review_sell_order` (Python, PHP file names). */
export function snakeCase(name: string): string {
  return name.replace(/[^A-Za-z0-9]+/g, '_');
}

/** Why an omitted signed field is written as a literal (the comment above it in every language). */
export function omittedComment(part: Extract<SignedPart, { omitted: true }>): string {
  return `${part.field} is not in the body: ${part.note ?? `the service signs an omitted field as the text ${part.literal}`}`;
}

/** The comment lines the program opens with, shared by every language. */
export function headerLines(m: CodeModel, run: string[]): string[] {
  const intro = m.bearer
    ? [
        'Generated by `payout-http code` from the contract catalogue. It signs an RS256 client assertion',
        `with the partner's private key, exchanges it at ${m.bearer.tokenPath} for a bearer token for USER_EMAIL,`,
        'sends the request with that token and prints the response body to stdout (/v3 replies carry no',
        'signature to verify).',
        '',
        `Environment: ${[ENV.baseUrl, ENV.partnerCode, ENV.privateKeyFile, ...extraEnv(m)].join(', ')}.`,
        `Exit: ${EXIT_CODES.verified} success (code ${m.bearer.successCode}), ${EXIT_CODES.error} error response, refused token exchange or transport failure.`,
      ]
    : [
        'Generated by `payout-http code` from the contract catalogue. It signs the request (RSA-SHA256,',
        'PKCS#1 v1.5), sends it, prints the response body to stdout and the signed string to stderr',
        "(the secret shown as <secretKey>), and verifies the response's data.signature.",
        '',
        `Environment: ${[...Object.values(ENV), ...extraEnv(m)].join(', ')}.`,
        `Exit: ${EXIT_CODES.verified} success and signature verified, ${EXIT_CODES.notVerified} signature not verified, ${EXIT_CODES.error} error response or transport failure.`,
      ];
  // Only the catalogue's text and the tool's: a value of the request (the user, the path) is in the
  // program's literals, never in a comment (issue 22).
  return [`${m.endpoint.title} (${m.endpoint.source}): ${m.method} ${m.endpoint.path}`, ...intro, ...run];
}

/** The stderr line a /v3 program starts with (no secret: the assertion's claims are public). */
export function bearerLine(m: CodeModel): string {
  return `client assertion: RS256, aud ${m.bearer!.audience}; bearer token for ${m.bearer!.user}`;
}
