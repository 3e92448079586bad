// The verdict on a response's own signature (doc 1 §5.7) and on a webhook (doc 1 §6.3): the
// service signs a pipe-joined subset of `data` followed by the partner's secretKey with its private
// key; the client checks it with the service public key. Three outcomes, each with its reason:
// verified / not verified (with the mismatch explained) / not checkable (and why not).
import type { KeyObject } from 'node:crypto';
import type { Endpoint, SignedTemplate } from '../catalogue/types';
import { orderSignature } from '../catalogue';
import { buildCanonical, explainSignature, verifyText, type CandidateSource, type Explanation } from '../signing';

export type Verdict =
  | { state: 'verified'; /** The string that was verified, `<secretKey>` in place of the secret. */ signedDisplay: string }
  | { state: 'not-verified'; signedDisplay: string; reason: string; explanation?: Explanation }
  | { state: 'not-checkable'; reason: string };

export interface VerifyKeys {
  /** The service public key, or why there is none (shown as the reason). */
  servicePublicKey?: KeyObject;
  servicePublicKeyProblem?: string;
  /** The partner's secretKey: the last segment of every signed string, responses included. */
  secretKey?: string;
  secretKeyProblem?: string;
  /** Values at hand for explaining a signature that does not verify (the request sent, earlier exchanges). */
  explainSources?: () => readonly CandidateSource[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Verifies `data` against a response-signature template. */
export function verifyData(template: SignedTemplate, data: Record<string, unknown>, keys: VerifyKeys): Verdict {
  if (!keys.servicePublicKey) {
    return {
      state: 'not-checkable',
      reason:
        keys.servicePublicKeyProblem ??
        'no service public key: set servicePublicKeyFile in the environment to the PEM file the service issued at onboarding',
    };
  }
  if (keys.secretKey === undefined) {
    return {
      state: 'not-checkable',
      reason:
        keys.secretKeyProblem ??
        'no secretKey in the environment (the service signs its replies over the fields followed by your secretKey): add it to http-client.private.env.json',
    };
  }
  const canonical = buildCanonical(template, data);
  const signature = data.signature;
  if (typeof signature !== 'string' || signature === '') {
    return {
      state: 'not-verified',
      signedDisplay: canonical.display,
      reason: 'the response carries no data.signature although this endpoint signs its replies',
    };
  }
  if (verifyText(canonical.withSecret(keys.secretKey), signature, keys.servicePublicKey)) {
    return { state: 'verified', signedDisplay: canonical.display };
  }
  const explanation = explainSignature({
    template,
    values: data,
    secret: keys.secretKey,
    signature,
    publicKey: keys.servicePublicKey,
    keyRole: 'service',
    ...(keys.explainSources ? { sources: keys.explainSources() } : {}),
  });
  const reason = explanation.match
    ? `data.signature does not cover the documented string; it covers: ${explanation.match.description}`
    : (explanation.note ??
      `data.signature does not verify over the documented string: the signature was ${explanation.verdict.text}${explanation.verdict.kind === 'other-key' ? '' : '; no string tried covers it (the data was changed after signing)'}`);
  return { state: 'not-verified', signedDisplay: canonical.display, reason, explanation };
}

/**
 * The verdict on a response to `endpoint` whose parsed JSON body is `body`.
 * Error 12 carries the order in `data` (doc 1 §3.1): the order's own signature is checked then.
 */
export function verifyResponse(endpoint: Endpoint | undefined, body: unknown, keys: VerifyKeys): Verdict {
  if (!endpoint)
    return {
      state: 'not-checkable',
      reason: 'the request matches no endpoint of the contracts, so there is no response template to check against',
    };
  if (endpoint.auth !== 'signed-v2') {
    const why =
      endpoint.auth === 'public'
        ? 'a public endpoint (no response signature, doc 1 §4.7/§4.8)'
        : endpoint.auth === 'none'
          ? 'an unsigned API'
          : 'a v3 endpoint (v3 replies carry no signature, doc 2 §2.3)';
    return { state: 'not-checkable', reason: `${endpoint.path} is ${why}` };
  }
  const template = endpoint.response?.signature;
  if (!template) return { state: 'not-checkable', reason: `${endpoint.path} documents no response signature` };
  if (!isRecord(body)) return { state: 'not-checkable', reason: 'the response is not a JSON envelope' };
  if (body.success !== true) {
    if (isRecord(body.data) && typeof body.data.signature === 'string' && 'externalOrderId' in body.data) {
      return verifyData(orderSignature, body.data, keys);
    }
    return { state: 'not-checkable', reason: 'an error envelope (data is null): there is nothing to verify' };
  }
  if (!isRecord(body.data))
    return {
      state: 'not-verified',
      signedDisplay: '',
      reason: 'a success envelope without a data object: the documented signature is missing',
    };
  return verifyData(template, body.data, keys);
}

/**
 * A webhook delivery (doc 1 §6.3): the payload is the order object with its signature over
 * `externalOrderId|type|fiatAmount|status|<secretKey>`. `json` is the raw request body.
 */
export function verifyWebhookPayload(
  json: unknown,
  publicKey: KeyObject | undefined,
  secretKey: string | undefined,
  explainSources?: () => readonly CandidateSource[],
): Verdict & { order?: Record<string, unknown> } {
  let payload: unknown = json;
  if (typeof json === 'string') {
    try {
      payload = JSON.parse(json);
    } catch {
      return { state: 'not-checkable', reason: 'the webhook body is not JSON; the service sends the order object as JSON (doc 1 §6.3)' };
    }
  }
  if (!isRecord(payload))
    return { state: 'not-checkable', reason: 'the webhook body is not a JSON object; the service sends the order object (doc 1 §6.3)' };
  // Accept the order itself, or the order wrapped in an envelope's `data` (delivery shape is "not shown", doc 1 §6.7).
  const order = isRecord(payload.data) && 'externalOrderId' in payload.data ? payload.data : payload;
  const verdict = verifyData(orderSignature, order, {
    servicePublicKey: publicKey,
    secretKey,
    ...(explainSources ? { explainSources } : {}),
  });
  return { ...verdict, order };
}
