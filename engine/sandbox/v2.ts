// The signed /api/v2 surface (doc 1). Every signed endpoint runs the shared checks first, in this
// order (the document lists the codes but not their precedence; docs/sandbox.md):
//   4 unknown partnerCode -> 19 IP not allowlisted ("whatever the signature") -> 1 unusable key /
//   2 missing key -> 2 bad or missing signature -> 3 locked -> 5 invalid request data
// and only then its business logic. Business errors are HTTP 201 with `success: false`; a
// successful `data` is signed by the service over the endpoint's response template.

import { endpointById, errorByCode, SUCCESS_HTTP_STATUS, templateText } from '../catalogue/index';
import type { Endpoint } from '../catalogue/types';
import { buildCanonical } from '../signing/canonical';
import { verifyText } from '../signing/rsa';
import { fail, ok, type Caller, type Outcome, type SandboxContext } from './context';
import { logAsFault } from './faults';
import { balanceOf } from './fund';
import { checkAccess, readKyc, submitKyc, supplementKyc } from './kyc';
import { bankName } from './market';
import { createCashout, createSellOrder, orderDetails, webhookProblem } from './orders';
import { decodeQr } from './qr/decode';
import { philippinesQr } from './qr/generate';
import { prices, reviewCashout, reviewSellOrder, supportedBanks, verifyBankAccount } from './quotes';
import { signData } from './sign';
import { storableProblem } from './limits';
import { validateFields } from './validate';

export interface HttpAnswer {
  status: number;
  body: unknown;
  /** What the request log shows after the arrow: the errorCode, or a code name. */
  logCode: string;
}

type Body = Record<string, unknown>;
type Op = (ctx: SandboxContext, caller: Caller, body: Body, endpoint: Endpoint) => Outcome;

const OPS: Record<string, Op> = {
  'v2.account.verify': (_ctx, c) => ok({ name: c.partner.name, email: c.partner.email, status: 'ACTIVE' }),
  'v2.wallet.balance': (ctx, c, b) =>
    ok({ balance: balanceOf(ctx.store, c.partner.partnerCode, String(b.currency)), currency: String(b.currency) }),
  'v2.user.submit-kyc': (ctx, c, b) => submitKyc(ctx, c, b),
  'v2.user.submit-kyc-supplement': (ctx, c, b, e) => supplementKyc(ctx, c, b, e),
  'v2.user.get-kyc-information': (ctx, c) => readKyc(ctx, c),
  'v2.user.check-access-service': (ctx, c) => checkAccess(ctx, c),
  'v2.orders.prices': (_ctx, _c, b) => prices(b),
  'v2.bank.get-supported-banks': (_ctx, _c, b) => supportedBanks(b),
  'v2.bank.account.verify': (_ctx, _c, b) => verifyBankAccount(b),
  'v2.orders.review-sell-order': (_ctx, c, b) => reviewSellOrder(c, b),
  'v2.orders.create-sell-order': (ctx, c, b) => createSellOrder(ctx, c, b),
  'v2.orders.details': (ctx, c, b) => orderDetails(ctx, c, String(b.externalOrderId)),
  'v2.orders.review-cashout': (ctx, c, b) => reviewCashout(ctx, c, b),
  'v2.orders.create-cashout': (ctx, c, b) => createCashout(ctx, c, b),
};

const SIGNED_ENDPOINTS = new Map(
  Object.keys(OPS).map((id) => {
    const e = endpointById(id);
    if (!e) throw new Error(`sandbox bug: ${id} is not in the catalogue`);
    return [e.path, e] as const;
  }),
);
const QR_INFO = endpointById('v2.public.get-qr-code-info')!;
const PH_QR = endpointById('v2.public.generate-philippines-qrcode')!;

function envelope(outcome: Outcome, sign?: (data: Body) => Body): HttpAnswer {
  if (outcome.ok) {
    const data = sign ? sign(outcome.data) : outcome.data;
    return {
      status: SUCCESS_HTTP_STATUS,
      body: { success: true, message: 'Success', data, errorCode: 0, semanticCode: 'SUCCESS' },
      logCode: '0',
    };
  }
  const spec = errorByCode(outcome.code)!;
  // data is null on an error, except 12 (the order, signed like any order) and 58 (`data.invalid`).
  let data: unknown = outcome.data ?? null;
  if (outcome.code === 12 && sign && data) data = sign(data as Body);
  return {
    status: spec.httpStatus,
    body: { success: false, message: outcome.message, data, errorCode: outcome.code, semanticCode: spec.semanticCode },
    logCode: String(outcome.code),
  };
}

const v2Fail = (code: number, message: string) => envelope(fail(code, message));

function parseJsonObject(text: string): Body | string {
  if (text.trim() === '') return 'The request has no body: send a JSON object with Content-Type: application/json';
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      return 'The body must be a JSON object: send { "partnerCode": ..., ..., "signature": ... }';
    return storableProblem(v as Body) ?? (v as Body);
  } catch (e) {
    return `The body is not valid JSON (${(e as Error).message}): fix the syntax`;
  }
}

export interface V2Request {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string | undefined;
  body: string;
  ip: string;
}

export function handleV2(ctx: SandboxContext, req: V2Request): HttpAnswer | undefined {
  if (req.path === QR_INFO.path && req.method === QR_INFO.method) {
    // Public: no shared checks to run first (67, QR_CODE_UNREADABLE, is the fault one wants here).
    const injected = ctx.faults.take(QR_INFO.id);
    return injected ? logAsFault(envelope(injected)) : qrInfo(req.query);
  }
  if (req.path === PH_QR.path && req.method === PH_QR.method) return generatePhQr(ctx, req);
  const endpoint = SIGNED_ENDPOINTS.get(req.path) ?? [QR_INFO, PH_QR].find((e) => e.path === req.path);
  if (!endpoint) return undefined;
  if (req.method !== endpoint.method) {
    return {
      status: 405,
      body: { success: false, message: `${req.path} takes ${endpoint.method}, not ${req.method}`, data: null },
      logCode: '405',
    };
  }
  if (!/^application\/json\b/i.test(req.contentType ?? '')) {
    return v2Fail(
      5,
      `Content-Type must be application/json (got ${req.contentType ?? 'none'}): add the header Content-Type: application/json`,
    );
  }
  const body = parseJsonObject(req.body);
  if (typeof body === 'string') return v2Fail(5, body);

  const code = body.partnerCode;
  const partner = typeof code === 'string' ? ctx.partners.get(code) : undefined;
  if (!partner) {
    return v2Fail(
      4,
      code === undefined
        ? 'partnerCode is missing: send your partnerCode in the body'
        : `Unknown partnerCode ${JSON.stringify(code)}: check it against your credentials for this environment`,
    );
  }
  if (!partner.allowedIps.includes(req.ip)) {
    return v2Fail(
      19,
      `Calls from ${req.ip} are not allowlisted for ${partner.partnerCode}: call from a registered IP, or add it to allowedIps in the sandbox config`,
    );
  }
  const key = partner.publicKey;
  if (key.kind === 'unusable') return v2Fail(1, `The public key registered for ${partner.partnerCode} is unusable (${key.reason})`);
  if (key.kind === 'missing')
    return v2Fail(
      2,
      `No public key is registered for ${partner.partnerCode}, so no signature can verify: register the public half of your key pair (publicKeyFile in the sandbox config)`,
    );
  const canonical = buildCanonical(endpoint.signedString!, body);
  if (body.signature === undefined) {
    return v2Fail(
      2,
      `The signature is missing: sign ${templateText(endpoint.signedString!)} (here ${canonical.display}) with RSA-SHA256 (PKCS#1 v1.5) and send it base64 in the signature field`,
    );
  }
  if (!verifyText(canonical.withSecret(partner.secretKey), body.signature, key.key)) {
    return v2Fail(
      2,
      `The signature does not verify over ${templateText(endpoint.signedString!)} (here ${canonical.display}): sign exactly that string (field order, omitted fields as written, secretKey after the last pipe) with RSA-SHA256 PKCS#1 v1.5, not PSS`,
    );
  }
  if (partner.locked) return v2Fail(3, `The partner account ${partner.partnerCode} is not active: ask the service to activate it`);
  // 13 where the document says it is checked before anything else (create-cashout): before the
  // validation too. A key of another type than string is the validation's (5), as lint says.
  const hookKey = body.webhookSecretKey;
  const first = endpoint.checkedFirst?.errorCode === 13 && typeof hookKey === 'string' ? webhookProblem({ partner }, hookKey) : undefined;
  if (first) return envelope(first);
  const invalid = validateFields(endpoint, body);
  if (invalid) return envelope(fail(invalid.code, invalid.message, invalid.data));

  // An injected fault stands in for the business logic only: the shared checks above still run first (doc 1 §4.0.2).
  const injected = ctx.faults.take(endpoint.id);
  if (injected) return logAsFault(envelope(injected));
  const caller: Caller = { partner, ...(typeof body.userEmail === 'string' ? { userEmail: body.userEmail } : {}) };
  const outcome = OPS[endpoint.id](ctx, caller, body, endpoint);
  const template = endpoint.response?.signature;
  return envelope(outcome, template ? (data) => signData(data, template, partner.secretKey, ctx.serviceKey) : undefined);
}

/** Doc 1 §4.7: public, unsigned, none of the shared errors. */
function qrInfo(query: URLSearchParams): HttpAnswer {
  const qrContent = query.get('qrContent');
  if (!qrContent) return v2Fail(33, 'qrContent is missing: pass the raw string the scanner read as the qrContent query parameter');
  const r = decodeQr(qrContent, bankName);
  return r.ok ? envelope(ok({ ...r.info })) : v2Fail(33, `${r.reason}.`);
}

/** Doc 1 §4.8: a valid QR Ph string for an amount of at least 200. */
function generatePhQr(ctx: SandboxContext, req: V2Request): HttpAnswer {
  const body = parseJsonObject(req.body);
  if (typeof body === 'string') return v2Fail(5, body);
  const invalid = validateFields(PH_QR, body);
  if (invalid) return v2Fail(invalid.code, invalid.message);
  const injected = ctx.faults.take(PH_QR.id);
  if (injected) return logAsFault(envelope(injected));
  const merchantId = BigInt(`0x${ctx.randomId(8)}`)
    .toString()
    .padStart(12, '0')
    .slice(-12);
  return envelope(ok({ qrContent: philippinesQr(body.amount as number, merchantId) }));
}
