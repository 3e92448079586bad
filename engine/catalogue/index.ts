// The catalogue: the contracts of the three documents as one value (plus the local sandbox's own
// helpers, api 'local-sandbox', which no document has), and small derived lookups.
// Everything outside engine/catalogue reads contract facts through this module.

import { errors, sharedErrors, sharedV3Errors, v3Errors } from './errors';
import { builtInEndpoints, codedEndpoints } from './endpoints';
import { sellExtendInfoRules } from './extendInfo';
import { limits } from './limits';
import { orderSignature, shapes } from './shapes';
import { kycStates, kycSupplementStates, orderStates, simulations } from './states';
import type { Catalogue, Endpoint, ErrorSpec, FieldSpec, SignedSegment, V3ErrorSpec, WebhookSpec } from './types';

/** Doc 1 §6: the order webhook. */
export const orderWebhook: WebhookSpec = {
  shape: 'order',
  signature: orderSignature,
  firesOn: orderStates.states.filter((s) => s.terminal).map((s) => s.name),
  notes: [
    "Sent as an HTTP POST to the partner's receiver when an order reaches SUCCESS or ERROR; the intermediate statuses do not fire it.",
    'Sent only when the order was created with a `webhookSecretKey` that matches a registered endpoint; otherwise the order settles silently.',
    "The payload is the order object, including its `signature`, verified with the service's public key.",
    'Each callback is delivered once. orders/details is what is reconciled against.',
    'The same webhook is used for scan-to-pay and cashout orders.',
    'Registration of the receiving endpoint, how webhookSecretKey is used, delivery headers, retry schedule and expected acknowledgment: not shown.',
  ],
};

let endpoints: Endpoint[] | undefined;

export const catalogue: Catalogue = {
  /** Every built-in endpoint; the first read loads the plant store's from its OpenAPI document. */
  get endpoints() {
    return (endpoints ??= [...builtInEndpoints()]);
  },
  errors,
  v3Errors,
  sharedErrors,
  sharedV3Errors,
  orderStates,
  kycStates,
  kycSupplementStates,
  simulations,
  limits,
  shapes,
  webhook: orderWebhook,
  sellExtendInfo: sellExtendInfoRules,
};

// The endpoints written in code by id at start; the plant store's only when an id is not among them.
const codedById = new Map(codedEndpoints.map((e) => [e.id, e]));
let byId: Map<string, Endpoint> | undefined;
const byCode = new Map(errors.map((e) => [e.code, e]));
// INTERNAL_SERVER_ERROR names code 1 and every unmapped code; the name lookup gives the mapped row.
const bySemantic = new Map(errors.filter((e) => e.mapped).map((e) => [e.semanticCode, e]));
const v3ByCode = new Map(v3Errors.map((e) => [e.code, e]));

export * from './decisions';

export function endpointById(id: string): Endpoint | undefined {
  return codedById.get(id) ?? (byId ??= new Map(catalogue.endpoints.map((e) => [e.id, e]))).get(id);
}

export function errorByCode(code: number): ErrorSpec | undefined {
  return byCode.get(code);
}

/** The doc-1 error row with this semanticCode (for INTERNAL_SERVER_ERROR: code 1). */
export function errorBySemanticCode(name: string): ErrorSpec | undefined {
  return bySemantic.get(name);
}

/** A doc-2 §7 v3 error by its code name (INVALID_SIGNATURE, ACCESS_TOKEN_INVALID, PARTNER_IP_NOT_ALLOWED). */
export function v3ErrorByCode(name: string): V3ErrorSpec | undefined {
  return v3ByCode.get(name);
}

/**
 * An endpoint's body fields and signed segments by name, made once per endpoint (OpenAPI ones
 * included, hence a WeakMap): lint looks them up for every request of a file, and a search of the
 * lists (a closure and a result object per look) was a tenth of the garbage of opening one.
 */
interface EndpointIndex {
  body: Map<string, FieldSpec>;
  segments: Map<string, SignedSegment>;
  signed: Set<string>;
}
const indexes = new WeakMap<Endpoint, EndpointIndex>();

function indexOf(endpoint: Endpoint): EndpointIndex {
  let index = indexes.get(endpoint);
  if (!index) {
    // The first of a name wins, as a search of the list finds it.
    const firstByName = <T>(list: readonly T[] | undefined, name: (t: T) => string) => {
      const map = new Map<string, T>();
      for (const t of list ?? []) if (!map.has(name(t))) map.set(name(t), t);
      return map;
    };
    const segments = firstByName(endpoint.signedString?.segments, (s) => s.field);
    index = { body: firstByName(endpoint.body, (f) => f.name), segments, signed: new Set(segments.keys()) };
    indexes.set(endpoint, index);
  }
  return index;
}

/** Names of the body fields covered by the endpoint's signed string (empty when unsigned). */
export function signedFields(endpoint: Endpoint): Set<string> {
  return indexOf(endpoint).signed;
}

/** The spec of the endpoint's top-level body field `name`. */
export function bodyFieldSpec(endpoint: Endpoint, name: string): FieldSpec | undefined {
  return indexOf(endpoint).body.get(name);
}

/** The segment of the endpoint's signed string that signs body field `field`. */
export function signedSegmentOf(endpoint: Endpoint, field: string): SignedSegment | undefined {
  return indexOf(endpoint).segments.get(field);
}

/** The doc-1 errors every endpoint of this endpoint's auth kind can return (signed-v2: 1, 2, 3, 4, 5, 19). */
export function sharedErrorsFor(endpoint: Endpoint): ErrorSpec[] {
  if (endpoint.api !== 'payout-v2') return [];
  return (sharedErrors[endpoint.auth] ?? []).map((c) => byCode.get(c)!);
}

/** The doc-2 §7 errors every v3 endpoint of this auth kind can return. */
export function sharedV3ErrorsFor(endpoint: Endpoint): V3ErrorSpec[] {
  if (endpoint.api !== 'payout-v3') return [];
  return (sharedV3Errors[endpoint.auth] ?? []).map((c) => v3ByCode.get(c)!);
}

/** Every doc-1 code the endpoint can answer: shared ones first, then its own, without repeats. */
export function errorsFor(endpoint: Endpoint): ErrorSpec[] {
  const codes = [...sharedErrorsFor(endpoint).map((e) => e.code), ...(endpoint.errors ?? [])];
  return [...new Set(codes)].flatMap((c) => byCode.get(c) ?? []);
}

/** The members of `data` of a successful response: the named shape, or the listed fields. */
export function responseFields(endpoint: Endpoint): FieldSpec[] {
  const r = endpoint.response;
  if (!r) return [];
  return r.shape ? catalogue.shapes[r.shape] : (r.fields ?? []);
}

export { matchRequest } from './match';
export type { EndpointMatch } from './match';
export * from './extendInfo';
export { BANK_VERIFY_FIAT_CURRENCIES, limitByName } from './limits';
export { CLIENT_ASSERTION_AUDIENCE, clientAssertionClaims, v3Conventions } from './payoutV3';
export { SUCCESS_HTTP_STATUS } from './errors';
export { ORDER_STATUSES, KYC_STATUSES, KYC_SUPPLEMENT_STATUSES, simulationNotes } from './states';
export { ORDER_TYPES, QR_COUNTRY_CODES, QR_TYPES, orderSignature, v2EnvelopeShape } from './shapes';
export { v2Conventions } from './payoutV2';
export { templateText } from './fieldBuilders';
