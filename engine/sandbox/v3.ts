// The token-authenticated /v3 surface (doc 2) with the project's REST shapes from the catalogue:
// the assertion exchange, public endpoints, the authenticated mirror of the v2 operations and the
// sandbox-only forced outcomes. Envelope {code, message, data}; business errors carry the doc-1
// semanticCode and that code's HTTP status (engine/catalogue v3Conventions).

import { isEmail } from '../catalogue/formats';
import { storableProblem } from './limits';
import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { catalogue, errorByCode, SUCCESS_HTTP_STATUS, v3Conventions, v3ErrorByCode } from '../catalogue/index';
import type { Endpoint } from '../catalogue/types';
import { verifyClientAssertion } from '../signing/jwt';
import { fail, ok, type Caller, type Outcome, type SandboxContext } from './context';
import { logAsFault } from './faults';
import { balanceOf } from './fund';
import { readKyc, submitKyc } from './kyc';
import { bankName } from './market';
import { createCashout, createSellOrder, orderDetails, simulateOutcome } from './orders';
import { decodeQr } from './qr/decode';
import { reviewCashout, reviewSellOrder } from './quotes';
import { matchPath } from './route';
import type { HttpAnswer } from './v2';
import { validateFields } from './validate';
import { version } from '../../package.json';

type Body = Record<string, unknown>;
interface Call {
  ctx: SandboxContext;
  caller: Caller;
  body: Body;
  query: URLSearchParams;
  params: Record<string, string>;
  endpoint: Endpoint;
}
type Op = (call: Call) => Outcome;

const OPS: Record<string, Op> = {
  'v3.public.version': () => ok({ version, environment: 'sandbox' }),
  'v3.scan-to-pay.qr-decodings': ({ body }) => {
    const r = decodeQr(String(body.qrContent), bankName);
    return r.ok ? ok({ ...r.info }) : fail(33, `${r.reason}.`);
  },
  'v3.simulate.scan-to-pay.outcomes': ({ ctx, caller, body, endpoint }) => simulateOutcome(ctx, caller, endpoint.id, body),
  'v3.simulate.cashout.outcomes': ({ ctx, caller, body, endpoint }) => simulateOutcome(ctx, caller, endpoint.id, body),
  'v3.kyc.submissions': ({ ctx, caller, body }) => submitKyc(ctx, caller, body),
  'v3.kyc.profile': ({ ctx, caller }) => readKyc(ctx, caller),
  'v3.fund.balances': ({ ctx, caller, query }) => {
    const funds = ctx.store.state.funds[caller.partner.partnerCode] ?? {};
    const only = query.get('currency');
    const currencies = only ? [only] : Object.keys(funds).sort();
    return ok({
      balances: currencies.map((currency) => ({ balance: balanceOf(ctx.store, caller.partner.partnerCode, currency), currency })),
    });
  },
  'v3.fund.ledger': ({ ctx, caller, query }) => {
    const only = query.get('currency');
    const order = query.get('externalOrderId');
    const entries = ctx.store.state.ledger
      .filter(
        (e) => e.partnerCode === caller.partner.partnerCode && (!only || e.currency === only) && (!order || e.externalOrderId === order),
      )
      .map((e) => ({
        id: String(e.seq),
        at: e.at,
        kind: e.kind,
        currency: e.currency,
        amount: e.amount,
        balanceAfter: e.balanceAfter,
        externalOrderId: e.externalOrderId ?? null,
      }));
    return ok({ entries });
  },
  'v3.scan-to-pay.quotes': ({ caller, body }) => reviewSellOrder(caller, body),
  'v3.scan-to-pay.orders': ({ ctx, caller, body }) => createSellOrder(ctx, caller, body),
  'v3.cashout.quotes': ({ ctx, caller, body }) => reviewCashout(ctx, caller, body),
  'v3.cashout.orders': ({ ctx, caller, body }) => createCashout(ctx, caller, body),
  'v3.orders.get': ({ ctx, caller, params }) => orderDetails(ctx, caller, params.externalOrderId),
};

const TOKENS = catalogue.endpoints.find((e) => e.id === 'v3.auth.tokens')!;
const V3_ENDPOINTS = catalogue.endpoints.filter((e) => e.api === 'payout-v3');
for (const id of Object.keys(OPS))
  if (!V3_ENDPOINTS.some((e) => e.id === id)) throw new Error(`sandbox bug: ${id} is not in the catalogue`);

const answer = (status: number, code: string, message: string, data: unknown): HttpAnswer => ({
  status,
  body: { code, message, data },
  logCode: code,
});

/** A doc 2 §7 error (401/403) by name. */
function v3Error(name: string, message: string): HttpAnswer {
  return answer(v3ErrorByCode(name)!.httpStatus, name, message, null);
}

function fromOutcome(o: Outcome): HttpAnswer {
  if (o.ok) return answer(SUCCESS_HTTP_STATUS, v3Conventions.successCode, 'Success', o.data);
  const spec = errorByCode(o.code)!;
  return answer(spec.httpStatus, spec.semanticCode, o.message, o.data ?? null);
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface V3Request {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ip: string;
}

export async function handleV3(ctx: SandboxContext, req: V3Request): Promise<HttpAnswer | undefined> {
  let endpoint: Endpoint | undefined;
  let params: Record<string, string> = {};
  let pathKnown = false;
  for (const e of V3_ENDPOINTS) {
    const m = matchPath(e.path, req.path);
    if (!m) continue;
    pathKnown = true;
    if (e.method === req.method) {
      endpoint = e;
      params = m;
      break;
    }
  }
  if (!endpoint) {
    return pathKnown ? answer(405, 'INVALID_REQUEST_DATA', `${req.path} does not take ${req.method}`, null) : undefined;
  }

  // The body is read once the caller is admitted, as HTTP servers authenticate first: a request
  // without a valid token is a 401 whatever its body. The token exchange reads it to know the caller.
  if (endpoint.id === TOKENS.id) {
    const body = bodyOf(endpoint, req);
    return typeof body === 'string' ? fromOutcome(fail(5, body)) : exchange(ctx, req, body);
  }

  if (endpoint.auth === 'public') {
    // The allowlist applies to the public endpoints too (doc 2 §5.6); with no partner named, any partner's list admits.
    if (![...ctx.partners.values()].some((p) => p.allowedIps.includes(req.ip))) {
      return v3Error('PARTNER_IP_NOT_ALLOWED', `Calls from ${req.ip} are not allowlisted: call from a registered IP`);
    }
    const body = bodyOf(endpoint, req);
    if (typeof body === 'string') return fromOutcome(fail(5, body));
    const invalid = validateFields(endpoint, body);
    if (invalid) return fromOutcome(fail(invalid.code, invalid.message, invalid.data));
    const injected = ctx.faults.take(endpoint.id);
    if (injected) return logAsFault(fromOutcome(injected));
    // Public operations (version, QR decoding) act for no partner; the caller is a formality.
    const partner = [...ctx.partners.values()][0];
    return fromOutcome(OPS[endpoint.id]({ ctx, caller: { partner }, body, query: req.query, params, endpoint }));
  }

  // bearer-v3 and sandbox-only: the token names the partner and the user.
  const auth = req.headers.authorization;
  const header = Array.isArray(auth) ? auth[0] : auth;
  const prefix = v3Conventions.bearerPrefix;
  // RFC 9110 §11.1: the scheme name is case-insensitive (`bearer x` is the same as `Bearer x`).
  if (!header || header.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase()) {
    return v3Error(
      'ACCESS_TOKEN_INVALID',
      `No bearer token: send ${v3Conventions.authorizationHeader}: ${prefix}<accessToken> from POST ${TOKENS.path}`,
    );
  }
  const held = ctx.store.state.tokens[tokenHash(header.slice(prefix.length).trim())];
  const now = Math.floor(ctx.clock() / 1000);
  if (!held)
    return v3Error('ACCESS_TOKEN_INVALID', `The access token is not one this sandbox issued: get a new one from POST ${TOKENS.path}`);
  if (held.expiresAt <= now)
    return v3Error(
      'ACCESS_TOKEN_INVALID',
      `The access token expired ${now - held.expiresAt} s ago: repeat the exchange at POST ${TOKENS.path}`,
    );
  const partner = ctx.partners.get(held.partnerCode);
  if (!partner) return v3Error('ACCESS_TOKEN_INVALID', 'The access token belongs to a partner this sandbox no longer knows: get a new one');
  if (!partner.allowedIps.includes(req.ip)) {
    return v3Error(
      'PARTNER_IP_NOT_ALLOWED',
      `Calls from ${req.ip} are not allowlisted for ${partner.partnerCode}, however valid the token: call from a registered IP`,
    );
  }
  if (partner.locked)
    return fromOutcome(fail(3, `The partner account ${partner.partnerCode} is not active: ask the service to activate it`));
  const body = bodyOf(endpoint, req);
  if (typeof body === 'string') return fromOutcome(fail(5, body));
  const values = endpoint.method === 'GET' ? Object.fromEntries(req.query) : body;
  const invalid = validateFields(endpoint, values, endpoint.method === 'GET' ? (endpoint.query ?? []) : (endpoint.body ?? []));
  if (invalid) return fromOutcome(fail(invalid.code, invalid.message, invalid.data));
  // After the token, allowlist and validation checks, as on /api/v2: a fault replaces only the business logic.
  const injected = ctx.faults.take(endpoint.id);
  if (injected) return logAsFault(fromOutcome(injected));
  return fromOutcome(OPS[endpoint.id]({ ctx, caller: { partner, userEmail: held.userEmail }, body, query: req.query, params, endpoint }));
}

/** The request's body (`{}` for a GET), or why it is refused with 5. */
function bodyOf(endpoint: Endpoint, req: V3Request): Body | string {
  return endpoint.method === 'GET' ? {} : parseBody(req);
}

function parseBody(req: V3Request): Body | string {
  const type = req.headers['content-type'];
  if (!/^application\/json\b/i.test(String(type ?? '')))
    return `Content-Type must be application/json (got ${String(type ?? 'none')}): add the header`;
  if (req.body.trim() === '') return 'The request has no body: send a JSON object';
  try {
    const v = JSON.parse(req.body) as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'The body must be a JSON object';
    return storableProblem(v as Body) ?? (v as Body);
  } catch (e) {
    return `The body is not valid JSON (${(e as Error).message}): fix the syntax`;
  }
}

/** Doc 2 §4.1: verify the RS256 client assertion (iss, aud, iat window, jti replay, signature), issue a 60-minute token. */
async function exchange(ctx: SandboxContext, req: V3Request, body: Body): Promise<HttpAnswer> {
  const invalid = validateFields(TOKENS, body);
  if (invalid) return fromOutcome(fail(invalid.code, invalid.message, invalid.data));
  const userEmail = String(body.userEmail);
  if (!isEmail(userEmail))
    return fromOutcome(fail(27, `userEmail "${userEmail}" is not an e-mail address: send the address of the user the token acts for`));
  // The allowlist is per partner, so the partner is read from the (not yet verified) iss first.
  let iss: unknown;
  try {
    iss = decodeJwt(String(body.clientAssertion)).iss;
  } catch {
    iss = undefined;
  }
  const claimed = typeof iss === 'string' ? ctx.partners.get(iss) : undefined;
  if (claimed && !claimed.allowedIps.includes(req.ip)) {
    return v3Error(
      'PARTNER_IP_NOT_ALLOWED',
      `Calls from ${req.ip} are not allowlisted for ${claimed.partnerCode}: call from a registered IP`,
    );
  }
  const now = Math.floor(ctx.clock() / 1000);
  const maxAge = ctx.settings.assertionMaxAgeSeconds;
  const jtis = ctx.store.state.usedJtis;
  for (const [j, until] of Object.entries(jtis)) if (until < now) delete jtis[j]; // forget jtis that could no longer be replayed
  const result = await verifyClientAssertion(body.clientAssertion, {
    publicKeyFor: (code) => {
      const key = ctx.partners.get(code)?.publicKey;
      return key?.kind === 'ok' ? key.key : undefined;
    },
    now,
    maxAgeSeconds: maxAge,
    seenJti: (jti) => {
      const key = `${String(iss)}\n${jti}`;
      if (jtis[key] !== undefined) return true;
      jtis[key] = now + maxAge + 60;
      // Expired jtis and tokens deleted above and below are not journaled: each expiry sweep deletes them again.
      ctx.store.changed(['usedJtis', key]);
      return false;
    },
  });
  if (!result.ok) return v3Error('INVALID_SIGNATURE', `The client assertion was refused: ${result.reason}`);
  const partner = ctx.partners.get(result.partnerCode)!;
  if (partner.locked)
    return fromOutcome(fail(3, `The partner account ${partner.partnerCode} is not active: ask the service to activate it`));
  // A verified assertion, then the fault: the jti stays used, as it would after any refusal by the service.
  const injected = ctx.faults.take(TOKENS.id);
  if (injected) return logAsFault(fromOutcome(injected));
  const accessToken = Buffer.from(ctx.randomId(32), 'hex').toString('base64url');
  const expiresAt = now + v3Conventions.accessTokenLifetimeSeconds;
  ctx.store.state.tokens[tokenHash(accessToken)] = { partnerCode: partner.partnerCode, userEmail, expiresAt };
  for (const [h, t] of Object.entries(ctx.store.state.tokens)) if (t.expiresAt <= now) delete ctx.store.state.tokens[h];
  ctx.store.changed(['tokens', tokenHash(accessToken)]);
  return fromOutcome(ok({ accessToken, expiresAt }));
}
