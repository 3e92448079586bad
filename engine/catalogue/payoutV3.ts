// The token-authenticated `/v3` surface of doc 2, under `{{base_url}}/v3`. Doc 2 §4 documents the
// token exchange, QR decoding, version and the two sandbox simulations; the other authenticated
// endpoints (and the fund ledger the test pass reads) are "not shown", so the project defines them
// here, each with `assumption`, mirroring the v2 fields minus partnerCode/userEmail/signature
// (the token names the partner and the user).

import { field, int, num, str, without } from './fieldBuilders';
import {
  createCashoutFields,
  createSellOrderFields,
  kycDocumentFields,
  reviewCashoutFields,
  reviewResponseFields,
  reviewSellOrderFields,
} from './payoutV2';
import { fundBalanceShape } from './shapes';
import { ORDER_STATUSES, simulations } from './states';
import type { Endpoint, FieldSpec } from './types';

/** Doc 2 §2.1: the `aud` claim of the client assertion. */
export const CLIENT_ASSERTION_AUDIENCE = 'service-v3-token';

/** Doc 2 §2.1: claims of the client assertion (JWT, RS256, the partner's private key). */
export const clientAssertionClaims: FieldSpec[] = [
  str('iss', true, { notes: "The partner code. The service selects the partner's public key by it." }),
  str('aud', true, { enum: [CLIENT_ASSERTION_AUDIENCE], notes: `The literal string \`${CLIENT_ASSERTION_AUDIENCE}\`.` }),
  int('iat', true, { notes: 'Issue time, Unix seconds. An assertion is accepted only briefly after `iat` (window not shown).' }),
  str('jti', false, { notes: 'Recommended. Unique id for the assertion; lets the service reject replays.' }),
  int('exp', false, { notes: 'Short expiry, Unix seconds.' }),
];

/**
 * How the v3 surface talks (doc 2 §2.3, §5), with the project's choices where doc 2 is silent.
 * The sandbox answers exactly this; the client decodes exactly this.
 */
export const v3Conventions = {
  /** Doc 2 §2.3. */
  envelope: [
    str('code', true, { notes: '`SUCCESS` on success; otherwise an error code name.' }),
    str('message', true),
    field('data', 'object', true, { notes: 'Payload; holds `accessToken` and `expiresAt` for the token exchange.' }),
  ] as FieldSpec[],
  successCode: 'SUCCESS',
  /** Doc 2 §5.4: `Authorization: Bearer <ACCESS_TOKEN>`. */
  authorizationHeader: 'Authorization',
  bearerPrefix: 'Bearer ',
  /** Doc 2 §5.7 and §8. */
  accessTokenLifetimeSeconds: 60 * 60,
  assumptions: [
    "Business errors of v3 endpoints are named by the doc-1 semanticCode (doc 2 §7 names DUPLICATE_TRANSACTION_ID for a repeated create) and answered with that code's doc-1 HTTP status (201; 401 for LOGIN_SESSION_EXPIRED).",
    'A successful v3 response is HTTP 200 (not shown).',
    '`data` is null on an error, except TRANSACTION_CREATE_FAILED, where it holds the order, and 58, where `data.invalid` names the document (both as in doc 1).',
    'v3 responses carry no `signature`: the token, not a per-response signature, authenticates the exchange (not shown).',
    'A v3 request missing a required field, or with a value outside its enum, is refused with INVALID_REQUEST_DATA (5): there is no signed string for an omitted field to fall into.',
    'The sandbox-only endpoints need a bearer token: doc 2 §5.6 lists the only three endpoints that do not.',
  ],
};

const V3 = { api: 'payout-v3', base: 'base_url' } as const;
const mirror = (fields: readonly FieldSpec[]): FieldSpec[] => without(fields, 'partnerCode', 'userEmail', 'signature').map(v3Field);

// v2 notes about the signed string do not apply on v3; keep the other sentences.
function v3Field(f: FieldSpec): FieldSpec {
  const notes = f.notes
    ?.split(/(?<=\.)\s+/)
    .filter((s) => !/\bsigned\b/i.test(s))
    .join(' ');
  const out: FieldSpec = { ...f, notes: notes || undefined, members: f.members?.map(v3Field) };
  if (out.notes === undefined) delete out.notes;
  if (out.members === undefined) delete out.members;
  return out;
}

// The quotes answer what their v2 counterparts answer (unsigned here: v3 responses carry no signature).
const sellQuoteResponse = reviewResponseFields(false, 'Echoed; absent when quoted by tokenAmount.');
const cashoutQuoteResponse = reviewResponseFields(true, 'Echoed.');

const simulationEndpoint = (kind: 'scan-to-pay' | 'cashout', source: string): Endpoint => {
  const id = `v3.simulate.${kind}.outcomes`;
  const sim = simulations.find((s) => s.endpointId === id)!;
  return {
    id,
    ...V3,
    method: 'POST',
    path: `/v3/simulate/${kind}/outcomes`,
    auth: 'sandbox-only',
    title: `Sandbox only: force a ${kind} order's outcome`,
    source,
    notes: [
      'Exists only on the sandbox. Forced `SUCCESS` and `FAILED` fire the order webhook if the order has a `webhookSecretKey`; `FAILED` ends the order in ERROR with the fund refunded.',
    ],
    body: [
      str('orderId', true, { notes: "The partner's order id (`externalOrderId`)." }),
      str('outcome', true, { enum: sim.outcomes.map((o) => o.value) }),
    ],
    response: {
      fields: [str('orderId', true), str('status', true, { enum: ORDER_STATUSES, notes: 'The order status after the forced outcome.' })],
    },
    errors: [5, 15],
    errorNotes: {
      5: 'Assumption: the order is already SUCCESS or ERROR, or the outcome is not allowed for this kind.',
      15: "Assumption: no order of this kind with that id under the token's partner.",
    },
    assumption: 'Response shape not shown: the project answers `{ orderId, status }`.',
  };
};

const notShown = (what: string) =>
  `Not shown in doc 2 (§4.6): ${what}. Defined by the project so the recommended sandbox test pass can run; fields mirror the v2 endpoint minus partnerCode, userEmail and signature.`;

export const payoutV3Endpoints: Endpoint[] = [
  {
    id: 'v3.auth.tokens',
    ...V3,
    method: 'POST',
    path: '/v3/auth/tokens',
    auth: 'token-exchange',
    title: 'Exchange a client assertion (JWT) for an access token',
    source: 'doc 2 §4.1',
    notes: [
      'No token required. Body is JSON with `Content-Type: application/json`.',
      'The exchange is also the refresh: when a token nears `expiresAt`, the exchange is repeated. A fresh assertion is signed for each token request.',
    ],
    body: [
      str('clientAssertion', true, {
        notes: 'The signed JWT (RS256, claims iss, aud, iat, jti, exp).',
        filledByClient: 'computed by payout-http when sending: a fresh RS256 JWT signed with your private key (doc 2 §2.1)',
      }),
      str('userEmail', true, { format: 'email', errorCode: 27, notes: 'The user the token acts for.' }),
    ],
    response: { shape: 'access-token' },
    errors: [5],
  },
  {
    id: 'v3.scan-to-pay.qr-decodings',
    ...V3,
    method: 'POST',
    path: '/v3/scan-to-pay/qr-decodings',
    auth: 'public',
    title: 'Decode a merchant QR code (no token)',
    source: 'doc 2 §4.2',
    notes: ['No token required; the IP allowlist still applies.'],
    body: [str('qrContent', true, { notes: 'The raw string the scanner read.' })],
    response: { shape: 'qr-info' },
    errors: [5, 33],
    assumption: 'Request and response shape not shown: the project takes `{ qrContent }` and answers the doc 1 §4.7 decoding result.',
  },
  {
    id: 'v3.public.version',
    ...V3,
    method: 'GET',
    path: '/v3/public/version',
    auth: 'public',
    title: 'Service metadata (no token)',
    source: 'doc 2 §4.3',
    notes: ['No token required; the IP allowlist still applies.'],
    response: {
      fields: [str('version', true, { notes: 'Service version.' }), str('environment', true, { enum: ['sandbox', 'production'] })],
    },
    errors: [],
    assumption: 'Response shape not shown: the project answers `{ version, environment }`.',
  },
  simulationEndpoint('scan-to-pay', 'doc 2 §4.4'),
  simulationEndpoint('cashout', 'doc 2 §4.5'),
  {
    id: 'v3.kyc.submissions',
    ...V3,
    method: 'POST',
    path: '/v3/kyc/submissions',
    auth: 'bearer-v3',
    title: "Submit the token user's KYC",
    source: 'doc 2 §4.6 (mirrors doc 1 §4.3)',
    body: mirror(kycDocumentFields),
    response: {
      fields: [num('id', true, { notes: 'The KYC record id.' }), str('kycStatus', true, { enum: ['PROCESSING'] })],
    },
    errors: [5, 35, 52, 58],
    assumption: notShown('KYC submission'),
  },
  {
    id: 'v3.kyc.profile',
    ...V3,
    method: 'GET',
    path: '/v3/kyc/profile',
    auth: 'bearer-v3',
    title: "Read the token user's KYC profile",
    source: 'doc 2 §4.6 (mirrors doc 1 §4.5)',
    response: { shape: 'kyc-profile' },
    errors: [50],
    assumption: notShown('KYC profile read'),
  },
  {
    id: 'v3.fund.balances',
    ...V3,
    method: 'GET',
    path: '/v3/fund/balances',
    auth: 'bearer-v3',
    title: "The partner's fund balances",
    source: 'doc 2 §4.6 (mirrors doc 1 §4.2)',
    query: [str('currency', false, { notes: 'Only this currency, e.g. `USDT`; all when omitted.' })],
    response: {
      fields: [field('balances', 'array', true, { items: 'object', members: fundBalanceShape })],
    },
    errors: [],
    assumption: notShown('fund balance') + ' The answer is `{ balances: [{ balance, currency }] }`.',
  },
  {
    id: 'v3.fund.ledger',
    ...V3,
    method: 'GET',
    path: '/v3/fund/ledger',
    auth: 'bearer-v3',
    title: "The partner's fund ledger (debits, refunds, credits)",
    source: 'doc 2 §1 test pass step 6, §4.6',
    query: [
      str('currency', false, { notes: 'Only this currency; all when omitted.' }),
      str('externalOrderId', false, { notes: 'Only the entries of this order (its DEBIT, and its REFUND if it failed).' }),
    ],
    response: {
      fields: [
        field('entries', 'array', true, {
          items: 'object',
          notes: 'Oldest first.',
          members: [
            str('id', true),
            str('at', true, { notes: 'ISO 8601 UTC timestamp.' }),
            str('kind', true, {
              enum: ['DEBIT', 'REFUND', 'CREDIT'],
              notes: 'DEBIT: an order was created; REFUND: a failed order was credited back; CREDIT: the fund was loaded.',
            }),
            str('currency', true),
            num('amount', true, { notes: 'Positive; `kind` gives the direction.' }),
            num('balanceAfter', true),
            str('externalOrderId', false, { notes: 'The order a DEBIT or REFUND belongs to; null for a CREDIT.' }),
          ],
        }),
      ],
    },
    errors: [],
    assumption: notShown('the fund ledger lookup'),
  },
  {
    id: 'v3.scan-to-pay.quotes',
    ...V3,
    method: 'POST',
    path: '/v3/scan-to-pay/quotes',
    auth: 'bearer-v3',
    title: 'Quote a scan-to-pay order',
    source: 'doc 2 §4.6 (mirrors doc 1 §4.12)',
    body: mirror(reviewSellOrderFields),
    response: { fields: sellQuoteResponse },
    errors: [5, 24, 25, 46],
    assumption: notShown('scan-to-pay quote'),
  },
  {
    id: 'v3.scan-to-pay.orders',
    ...V3,
    method: 'POST',
    path: '/v3/scan-to-pay/orders',
    auth: 'bearer-v3',
    title: 'Create a scan-to-pay order',
    source: 'doc 2 §4.6 (mirrors doc 1 §4.13)',
    body: mirror(createSellOrderFields),
    response: { shape: 'order' },
    errors: [5, 11, 13, 7, 24, 25, 36, 37, 42, 34, 59, 60, 61, 62, 64, 17, 18, 44, 56, 65, 46, 12],
    errorNotes: { 11: 'DUPLICATE_TRANSACTION_ID: the order id was already used; fetch the order instead (doc 2 §7).' },
    assumption: notShown('scan-to-pay order creation'),
  },
  {
    id: 'v3.cashout.quotes',
    ...V3,
    method: 'POST',
    path: '/v3/cashout/quotes',
    auth: 'bearer-v3',
    title: 'Quote a cashout',
    source: 'doc 2 §4.6 (mirrors doc 1 §4.15)',
    body: mirror(reviewCashoutFields),
    response: { fields: cashoutQuoteResponse },
    errors: [5, 46, 24, 25, 16, 7, 9, 34, 59, 60, 61, 62, 64],
    assumption: notShown('cashout quote'),
  },
  {
    id: 'v3.cashout.orders',
    ...V3,
    method: 'POST',
    path: '/v3/cashout/orders',
    auth: 'bearer-v3',
    title: 'Create a cashout',
    source: 'doc 2 §4.6 (mirrors doc 1 §4.16)',
    body: mirror(createCashoutFields),
    response: { shape: 'order' },
    errors: [5, 46, 24, 25, 16, 7, 9, 34, 59, 60, 61, 62, 64, 11, 13, 18, 56, 17, 12],
    errorNotes: { 11: 'DUPLICATE_TRANSACTION_ID: the order id was already used; fetch the order instead (doc 2 §7).' },
    assumption: notShown('cashout creation'),
  },
  {
    id: 'v3.orders.get',
    ...V3,
    method: 'GET',
    path: '/v3/orders/{externalOrderId}',
    auth: 'bearer-v3',
    title: 'Read an order (source of truth)',
    source: 'doc 2 §4.6 (mirrors doc 1 §4.14)',
    pathParams: [str('externalOrderId', true, { notes: "The partner's order id." })],
    response: { shape: 'order' },
    errors: [15],
    assumption: notShown('order lookup'),
  },
];
