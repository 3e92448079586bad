// The shape of the contracts as data. Every fact of the documents in ../shared/seeds/ is written
// once, in the catalogue files next to this one (payoutV2.ts, payoutV3.ts, errors.ts, states.ts,
// limits.ts) or in contracts/*.openapi.json, and everything else (lint, completion, hover,
// signing, the sandbox, the client) reads it from there.

import type { CheckKind, Decision } from './decisions';

/**
 * The variable an endpoint's URL starts with: `base_url` for the payout service, `plant_base_url`
 * for the plant store, or the variable a user binds their own OpenAPI document to.
 */
export type Base = 'base_url' | 'plant_base_url' | (string & {});

/**
 * Which API surface an endpoint belongs to; lint rules of one never apply to another.
 * `local-sandbox`: the helpers of payout-http's own sandbox (under `{{base_url}}/sandbox`), which
 * the real service does not have.
 */
export type Api = 'payout-v2' | 'payout-v3' | 'plant-store' | 'local-sandbox' | 'openapi';

/**
 * How a request to the endpoint authenticates.
 * - signed-v2: RSA-SHA256 signature in the body over the endpoint's signed string (doc 1 §5)
 * - public: no signature, no token (doc 1 §4.7, §4.8; doc 2 §5.6)
 * - token-exchange: the v3 client-assertion exchange itself (doc 2 §4.1)
 * - bearer-v3: `Authorization: Bearer <accessToken>` (doc 2 §5)
 * - sandbox-only: a v3 simulate endpoint, which exists only on the sandbox
 * - none: an API that is not signed (the plant store, the local sandbox's helpers, user OpenAPI documents)
 */
export type AuthKind = 'signed-v2' | 'public' | 'token-exchange' | 'bearer-v3' | 'sandbox-only' | 'none';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

/** Format rules that a value can be checked against before sending. */
export type FormatRule =
  | 'date' // YYYY-MM-DD
  | 'iso-country' // ISO 3166-1 alpha-2, uppercase
  | 'data-url-image' // data:image/<type>;base64,<DATA>
  | 'data-url-pdf' // data:application/pdf;base64,<DATA>
  | 'digits-only' // no plus sign, no spaces
  | 'calling-code' // digits only, and on the list of country calling codes (formats.ts CALLING_CODES)
  | 'unaccented' // unaccented letters, no special characters
  | 'email'
  | 'comma-list'; // comma-separated list, signed verbatim

/**
 * When a field is required. `true`/`false` as the table says; the other values are the
 * documents' conditional cases, explained in `requiredNote`.
 */
export type Requirement = boolean | 'unless-passport' | 'by-currency';

export interface FieldSpec {
  name: string;
  type: FieldType;
  /** For arrays: the type of an item. */
  items?: FieldType;
  required: Requirement;
  /** Why a conditional requirement holds, in the document's words. */
  requiredNote?: string;
  /** Allowed values, when the document lists them. */
  enum?: readonly string[];
  /** The default the service applies when the field is omitted. */
  default?: string | number | boolean | null;
  format?: FormatRule;
  /** Minimum for numbers (e.g. generate-philippines-qrcode amount ≥ 200). */
  minimum?: number;
  /** The error code the service answers when this field breaks its rule (e.g. 58 for a bare base64 image). */
  errorCode?: number;
  /** The document's notes, verbatim or nearly so, for hover and completion. */
  notes?: string;
  /** Nested members of an object field (e.g. cashout `extendInfo`). */
  members?: FieldSpec[];
  /** Where the document says "not shown" and the project chose, the choice (shown in hover). */
  assumption?: string;
  /**
   * Set on fields payout-http computes itself when sending (the v2 `signature`, the v3
   * `clientAssertion`): how it fills them. The language service neither asks for them nor offers
   * them; a value typed in the body is still sent as typed.
   */
  filledByClient?: string;
  /**
   * Where this field's refusals differ from the shared decisions (decisions.ts DEFAULT_DECISIONS):
   * the code the service answers for a check, with the document's line or the project's assumption.
   */
  refusals?: Partial<Record<CheckKind, Partial<Decision>>>;
  /** The document says the field is ignored in this case (a passport's backIdImage): no check applies. */
  ignoredWhen?: { field: string; equals: string; source: string };
}

/** One segment of a signed string: a field name, and what it becomes when omitted. */
export interface SignedSegment {
  field: string;
  /** The literal text an omitted field is signed as: `undefined`, or `0` where the document says so. */
  omittedAs: 'undefined' | '0';
  /** The document's consequence of omitting it (e.g. "the order then fails with 46"). */
  omissionNote?: string;
  /**
   * The document says the omission is "not rejected as missing" (only its signed text changes, and
   * omissionNote gives the consequence), although the field is required. Other required signed
   * fields are rejected with 5 when absent, like any required field.
   */
  notRejectedAsMissing?: true;
}

/**
 * An ordered, pipe-joined list of fields followed by `|<secretKey>` (doc 1 §5.1, §5.2).
 * An empty list means the string is `<secretKey>` alone (the bank list, doc 1 §4.10).
 */
export interface SignedTemplate {
  segments: readonly SignedSegment[];
  /** Special cases of the document, in its words (e.g. the rejected KYC profile). */
  notes?: string[];
}

/** What a successful response carries in `data`, and what `data.signature` covers. */
export interface ResponseSpec {
  /** Members of `data`. */
  fields?: FieldSpec[];
  /** Names a shared shape instead of listing fields (e.g. 'order' for the order object of doc 1 §2.3). */
  shape?: 'order' | 'kyc-profile' | 'fund-balance' | 'price-list' | 'bank-list' | 'qr-info' | 'access-token';
  /** Fields of `data` the service signs (omitted ones as `undefined`), then `|<secretKey>`. */
  signature?: SignedTemplate;
}

export interface Endpoint {
  /** Stable id, e.g. `v2.orders.create-sell-order`, `v3.auth.tokens`, `plant-store.getPlantById`. */
  id: string;
  api: Api;
  method: HttpMethod;
  /** Path after the base, with `{param}` placeholders, e.g. `/api/v2/orders/details`, `/plant/{plantId}`. */
  path: string;
  base: Base;
  auth: AuthKind;
  /** One-line purpose, for completion. */
  title: string;
  /** Where in which document it is described, e.g. `doc 1 §4.13`. */
  source: string;
  /** The document's notes on the endpoint as a whole. */
  notes?: string[];
  pathParams?: FieldSpec[];
  query?: FieldSpec[];
  /** JSON body fields. Signed endpoints include `signature`. */
  body?: FieldSpec[];
  /** The signed string of the request (signed-v2 only). */
  signedString?: SignedTemplate;
  response?: ResponseSpec;
  /** Error codes this endpoint documents beyond the shared ones of its auth kind. */
  errors?: number[];
  /** Set where a whole endpoint's shape is "not shown" and the project chose one. */
  assumption?: string;
  /** An error the document says is checked before anything else (create-cashout: 13), so before the validation too. */
  checkedFirst?: { errorCode: number; source: string };
  /** A body must carry at least one of these fields with a value (not null), else `code` (supplement: 5). */
  requiresOneOf?: { fields: readonly string[]; code: number; source: string };
  /**
   * The endpoint's own wording of why a code happens here, when it says more than the catalogue
   * row (e.g. create-sell-order 44: "A PHP QR order is missing its additionalData"). Keys may
   * include shared codes (e.g. 5 on create-cashout: unrecognised recipientType).
   */
  errorNotes?: Partial<Record<number, string>>;
  /**
   * OpenAPI endpoints only: the JSON Schema of each documented response, keyed by status as the
   * document writes it (`200`, `4XX`, `default`), `$ref`s resolved and cycles cut (so it is a
   * plain acyclic object). Read by engine/openapi/schemaCheck.ts.
   */
  responseSchemas?: Record<string, unknown>;
}

export interface ErrorSpec {
  code: number;
  semanticCode: string;
  /** The condition, in the document's words. */
  meaning: string;
  /** What the integrator should check or do. */
  check?: string;
  /** Retry with backoff is appropriate (doc 1 §7: 9, 20, 46, 66). */
  retry: boolean;
  /** HTTP status the service answers with (201 for business errors, 401 for 38). */
  httpStatus: number;
  /** False for the codes that arrive as INTERNAL_SERVER_ERROR but keep their own errorCode. */
  mapped: boolean;
  /** Literal message the service sends (`msg.66`), when it is not a useful text. */
  literalMessage?: string;
  /** The client's own message for codes whose literal message is useless (66, 67). */
  fallbackMessage?: string;
}

/** A v3 error (doc 2 §7): HTTP status and code name. */
export interface V3ErrorSpec {
  httpStatus: number;
  code: string;
  meaning: string;
}

export interface StateSpec {
  name: string;
  meaning: string;
  terminal: boolean;
}

export interface TransitionSpec {
  from: string | null; // null: creation
  trigger: string;
  condition: string;
  to: string;
  also?: string;
  /** Set where the document says "not shown" and the project chose this move. */
  assumption?: string;
}

export interface StateMachine {
  states: StateSpec[];
  transitions: TransitionSpec[];
  notes?: string[];
}

/** Forced outcomes allowed per order kind (doc 2 §3). */
export interface SimulationSpec {
  endpointId: string;
  orderType: 'SELL' | 'CASHOUT';
  outcomes: { value: string; result: string; webhook: boolean; orderStatus: string }[];
}

export interface LimitSpec {
  name: string;
  value: string;
  /** Machine-readable value where there is one (e.g. 15 minutes, 200, 10000). */
  amount?: number;
  unit?: string;
  errorCode?: number;
  /** Where the document only hints at the figure and the project chose to enforce it (shown by lint and hover). */
  assumption?: string;
}

export interface Catalogue {
  endpoints: Endpoint[];
  errors: ErrorSpec[];
  v3Errors: V3ErrorSpec[];
  /** Errors every endpoint of an auth kind can return (signed-v2: 1, 2, 3, 4, 5, 19 in that order). */
  sharedErrors: Partial<Record<AuthKind, number[]>>;
  orderStates: StateMachine;
  kycStates: StateMachine;
  kycSupplementStates: StateMachine;
  simulations: SimulationSpec[];
  limits: LimitSpec[];
  /** Shared object shapes (order, kyc profile, …) by name. */
  shapes: Record<NonNullable<ResponseSpec['shape']>, FieldSpec[]>;
  /** v3 errors (by code name, doc 2 §7) every endpoint of an auth kind can return on the v3 surface. */
  sharedV3Errors?: Partial<Record<AuthKind, string[]>>;
  /** The order webhook (doc 1 §6): payload shape and signature. */
  webhook?: WebhookSpec;
  /** create-sell-order `extendInfo` rules by fiat currency (doc 1 §4.13). */
  sellExtendInfo?: SellExtendInfoRule[];
}

export interface WebhookSpec {
  /** The payload is the order object of doc 1 §2.3. */
  shape: 'order';
  signature: SignedTemplate;
  /** Order statuses that fire it. */
  firesOn: readonly string[];
  notes: string[];
}

/** One row of doc 1 §4.13's create-sell-order `extendInfo` table. */
export interface SellExtendInfoRule {
  /** The fiatCurrency values the row is for; `['*']` for every currency no other row names. */
  fiatCurrencies: readonly string[];
  /** The country key to send inside extendInfo, or null: send `extendInfo: null`. */
  key: string | null;
  /** Whether the key must be present: the table's "Required", "Required in practice", or not. */
  required: boolean | 'in-practice';
  /** The error when the key is missing (GEL: 1). */
  missingKeyErrorCode?: number;
  /** Members of the country-key object that must be present, and the error when one is missing. */
  requiredMembers?: { name: string; errorCode: number }[];
  /** Other reasons the order is rejected. */
  rejections?: { condition: string; errorCode: number }[];
  /** The document's words. */
  notes: string;
  /** Where the document is silent and the project chose (e.g. the error for a missing BR key). */
  assumption?: string;
}
