// From a request block to the bytes that leave: variables resolved (engine/syntax), endpoint
// matched (engine/catalogue), authentication applied by the endpoint's auth kind (a v2 signature
// in the body, a v3 bearer token, a v3 client assertion) and headers completed. Never sends
// anything itself: a v3 token comes from the `token` callback, which the session provides when it
// is about to send and `sign`/`curl` leave out.
import type { CandidateSource } from '../signing';
import { endpointById, matchRequest, v3Conventions } from '../catalogue';
import type { Endpoint } from '../catalogue/types';
import { createClientAssertion, jsString } from '../signing';
import { resolveRequest, resolveString, type ResolveContext, type ResolvedRequest } from '../syntax/resolve';
import { USER_EMAIL } from '../syntax/environments';
import type { RequestBlock } from '../syntax/types';
import type { Credentials } from './credentials';
import type { Redactor } from './redact';
import { setJsonField, signV2Body } from './signBody';
import type { AccessToken } from './tokenCache';
import type { PreparedRequest } from './types';

export interface PrepareContext {
  resolve: ResolveContext;
  credentials: Credentials;
  redactor: Redactor;
  /** Epoch milliseconds (client assertion `iat`). */
  now: () => number;
  uuid: () => string;
  /** Endpoints of the user's OpenAPI documents (`# @openapi`, setting, `--openapi`) for matching. */
  extraEndpoints?: Endpoint[];
  /** Values at hand for explaining a typed signature that does not match (computed only then). */
  explainSources?: () => readonly CandidateSource[];
  /** False: a typed signature that does not match is reported, not explained (the caller explains it). */
  explainTyped?: boolean;
  /** Obtains the bearer token of a user; absent when nothing may be sent (sign, curl). */
  token?: (user: string, baseUrl: string) => Promise<{ token: AccessToken; fresh: boolean }>;
}

export interface Prepared extends PreparedRequest {
  /** The base address the URL was built on (for the token exchange and the order lookup). */
  baseUrl?: string;
  /** Named requests this one reads a response of. */
  requestRefs: string[];
  /** Set when a token was obtained for this request. */
  tokenInfo?: { user: string; fresh: boolean; expiresAt: number };
}

const AUTHORIZATION = v3Conventions.authorizationHeader;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isHttpUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function headerRecord(pairs: [string, string][]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of pairs) {
    const existing = Object.keys(out).find((k) => k.toLowerCase() === name.toLowerCase());
    if (existing) out[existing] = `${out[existing]}, ${value}`;
    else out[name] = value;
  }
  return out;
}

function findHeader(headers: Record<string, string>, name: string): string | undefined {
  const k = Object.keys(headers).find((h) => h.toLowerCase() === name.toLowerCase());
  return k === undefined ? undefined : headers[k];
}

/** The label a request is known by in reports: its name, else its position in the file. */
export function labelOf(block: RequestBlock, index: number): string {
  return block.name ?? `#${index + 1}`;
}

/** `{{base_url}}` of the matched endpoint resolved, or the origin of a literal URL. */
function baseUrlOf(base: string | undefined, resolvedUrl: string, ctx: ResolveContext): string | undefined {
  if (base) {
    const r = resolveString(`{{${base}}}`, ctx);
    return r.unresolved.length ? undefined : r.value.replace(/\/+$/, '');
  }
  try {
    return new URL(resolvedUrl).origin;
  } catch {
    return undefined;
  }
}

/**
 * The user a v3 token acts for: `# @user`, else the body's userEmail, else the `userEmail` variable.
 * A `# @user` whose value does not resolve is a problem of its own (returned as `problem`).
 */
function userOf(block: RequestBlock, bodyJson: unknown, ctx: ResolveContext): string | { problem: string } | undefined {
  const directive = block.directives.find((d) => d.name === 'user');
  if (directive?.value) {
    const r = resolveString(directive.value, ctx);
    if (r.unresolved.length) return { problem: `# @user ${directive.value}: ${r.unresolved.map((u) => u.reason).join('; ')}` };
    if (r.value.trim()) return r.value.trim();
  }
  if (isRecord(bodyJson) && typeof bodyJson.userEmail === 'string' && bodyJson.userEmail) return bodyJson.userEmail;
  const v = resolveString(`{{${USER_EMAIL}}}`, ctx);
  return v.unresolved.length || !v.value ? undefined : v.value;
}

/**
 * `resolved`: the block already resolved in this context (the session's dependency check resolves it
 * first; when it sent nothing, resolving again would give the same request).
 */
export async function prepareRequest(
  block: RequestBlock,
  index: number,
  ctx: PrepareContext,
  resolvedBefore?: ResolvedRequest,
): Promise<Prepared> {
  const rl = block.requestLine;
  const title = block.separator?.title;
  const base: Prepared = {
    label: labelOf(block, index),
    ...(block.name ? { name: block.name } : {}),
    ...(title ? { title } : {}),
    method: rl?.method ?? 'GET',
    url: '',
    headers: {},
    secretHeaders: [],
    problems: [],
    warnings: [],
    requestRefs: [],
  };
  if (!rl) {
    base.problems.push('this block has no request line; write one such as `POST {{base_url}}/api/v2/account/verify`');
    return base;
  }

  const resolved = resolvedBefore ?? resolveRequest(block, ctx.resolve);
  for (const s of resolved.secrets) ctx.redactor.add(s, '<secret>');
  base.method = resolved.method; // GRAPHQL goes out as the POST httpYac and kulala send
  base.url = resolved.url;
  base.headers = headerRecord(resolved.headers);
  base.requestRefs = resolved.requestRefs;
  const blockers = resolved.unresolved.map((u) => `{{${u.ref.expression}}}: ${u.reason}`);
  if (resolved.bodyFile !== undefined && resolved.bodyText === undefined) {
    blockers.push(`the body file ${resolved.bodyFile} cannot be read; check the path (relative to the request file)`);
  }

  if (resolved.unresolved.length === 0 && !isHttpUrl(resolved.url)) {
    blockers.push(
      resolved.url.trim() === ''
        ? 'the request line has no URL; write one such as `POST {{base_url}}/api/v2/account/verify`'
        : `"${resolved.url}" is not an absolute http(s) URL; start it with {{base_url}} (set base_url in the environment) or a full http:// address`,
    );
  }

  const match = matchRequest(rl.method, rl.url, ctx.extraEndpoints);
  const endpoint: Endpoint | undefined = match.endpoint;
  if (endpoint) base.endpoint = endpoint;
  else if (match.reason) base.warnings.push(`not a known endpoint: ${match.reason}`);
  base.baseUrl = baseUrlOf(match.base, resolved.url, ctx.resolve);

  let body = resolved.bodyText;
  let bodyJson: unknown = undefined;
  if (body !== undefined && body.trim() !== '') {
    try {
      bodyJson = JSON.parse(body);
    } catch {
      bodyJson = undefined;
    }
  }

  const jsonBodyExpected = endpoint && endpoint.method !== 'GET' && (endpoint.body?.length ?? 0) > 0;
  if (jsonBodyExpected && !findHeader(base.headers, 'Content-Type')) {
    // Doc 1 §5.9 / doc 2 §4.1: Content-Type: application/json is required.
    base.headers['Content-Type'] = 'application/json';
  }

  switch (endpoint?.auth) {
    case 'signed-v2': {
      const signed = signV2Body(endpoint, body, ctx.credentials, blockers, ctx.explainTyped === false ? false : ctx.explainSources);
      body = signed.body;
      if (signed.signing) base.signing = signed.signing;
      base.problems.push(...signed.problems);
      base.warnings.push(...signed.warnings);
      // Blockers were reported by signV2Body as "cannot sign" problems; a typed signature still goes out.
      if (signed.signing?.source === 'typed') base.problems.push(...blockers);
      break;
    }
    case 'bearer-v3':
    case 'sandbox-only': {
      base.problems.push(...blockers);
      if (findHeader(base.headers, AUTHORIZATION)) {
        base.secretHeaders.push(AUTHORIZATION); // typed by the user: sent as typed, never shown
        break;
      }
      const user = userOf(block, bodyJson, ctx.resolve);
      if (typeof user === 'object') {
        base.problems.push(user.problem);
        break;
      }
      if (!user) {
        base.problems.push(
          `${endpoint.path} needs a bearer token for a user: add \`# @user alice@example.com\` above the request (or set userEmail)`,
        );
        break;
      }
      base.user = user;
      base.secretHeaders.push(AUTHORIZATION);
      if (!ctx.token) {
        base.headers[AUTHORIZATION] = `${v3Conventions.bearerPrefix}<accessToken>`;
        break;
      }
      if (!ctx.credentials.privateKey || !ctx.credentials.partnerCode) {
        base.problems.push(`cannot obtain a token: ${ctx.credentials.problems.privateKey ?? ctx.credentials.problems.partnerCode}`);
        break;
      }
      if (!base.baseUrl) {
        base.problems.push('cannot obtain a token: the base URL does not resolve; set base_url in the environment');
        break;
      }
      if (base.problems.length) break; // do not exchange a token for a request that cannot go anyway
      try {
        const { token, fresh } = await ctx.token(user, base.baseUrl);
        ctx.redactor.add(token.accessToken, '<accessToken>');
        base.headers[AUTHORIZATION] = `${v3Conventions.bearerPrefix}${token.accessToken}`;
        base.tokenInfo = { user, fresh, expiresAt: token.expiresAt };
      } catch (err) {
        base.problems.push(`cannot obtain a token for ${user}: ${(err as Error).message}`);
      }
      break;
    }
    case 'token-exchange': {
      base.problems.push(...blockers);
      if (isRecord(bodyJson) && bodyJson.clientAssertion !== undefined) {
        ctx.redactor.add(jsString(bodyJson.clientAssertion), '<clientAssertion>');
        break;
      }
      if (!ctx.token) {
        const how = endpoint.body?.find((f) => f.name === 'clientAssertion')?.filledByClient;
        base.warnings.push(`clientAssertion is ${how ?? 'computed by payout-http when sending'}`);
        break;
      }
      if (!ctx.credentials.privateKey || !ctx.credentials.partnerCode) {
        base.problems.push(
          `cannot sign the client assertion: ${ctx.credentials.problems.privateKey ?? ctx.credentials.problems.partnerCode}`,
        );
        break;
      }
      const assertion = await createClientAssertion({
        partnerCode: ctx.credentials.partnerCode,
        privateKey: ctx.credentials.privateKey,
        now: Math.floor(ctx.now() / 1000),
        jti: ctx.uuid(),
      });
      ctx.redactor.add(assertion, '<clientAssertion>');
      if (body?.trim() && !isRecord(bodyJson)) {
        base.problems.push(
          `cannot add the clientAssertion: the body of ${endpoint.method} ${endpoint.path} must be a JSON object, e.g. {"userEmail": "{{userEmail}}"}`,
        );
        break;
      }
      body = setJsonField(body ?? '', 'clientAssertion', assertion);
      break;
    }
    default:
      base.problems.push(...blockers);
  }

  if (body !== undefined) {
    base.body = body;
    try {
      base.bodyJson = body.trim() === '' ? undefined : JSON.parse(body);
    } catch {
      // Not JSON: sent as text.
    }
  }
  return base;
}

/**
 * A request the tool makes on its own (the order lookup after a duplicate create): the endpoint's
 * path under `baseUrl`, a JSON body for POST endpoints, signed like any v2 request.
 */
export function prepareSynthetic(
  endpointId: string | Endpoint,
  baseUrl: string,
  input: { body?: Record<string, unknown>; pathParams?: Record<string, string>; headers?: Record<string, string> },
  credentials: Credentials,
  label: string,
): Prepared {
  const endpoint = typeof endpointId === 'string' ? endpointById(endpointId)! : endpointId;
  const path = endpoint.path.replace(/\{([^{}]+)\}/g, (_, p: string) => encodeURIComponent(input.pathParams?.[p] ?? ''));
  const p: Prepared = {
    label,
    endpoint,
    method: endpoint.method,
    url: `${baseUrl}${path}`,
    headers: { ...(input.headers ?? {}) },
    secretHeaders: Object.keys(input.headers ?? {}).filter((h) => h.toLowerCase() === AUTHORIZATION.toLowerCase()),
    problems: [],
    warnings: [],
    requestRefs: [],
    baseUrl,
  };
  if (input.body) {
    p.headers['Content-Type'] = 'application/json';
    const text = JSON.stringify(input.body, null, 2);
    if (endpoint.auth === 'signed-v2') {
      const signed = signV2Body(endpoint, text, credentials, []);
      p.body = signed.body;
      if (signed.signing) p.signing = signed.signing;
      p.problems.push(...signed.problems);
    } else {
      p.body = text;
    }
    p.bodyJson = JSON.parse(p.body);
  }
  return p;
}
