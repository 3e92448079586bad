// The checking half of the inspecting proxy: one captured exchange -> a record with verdicts.
// Everything about the contract comes from the engine: the endpoint from the catalogue's matcher,
// the canonical string and the RSA check from signing, the mismatch diagnosis from the explainer,
// the response verdict from http/verify, the body problems from the editor's lint rules.
import { matchRequest } from '../catalogue';
import type { Endpoint } from '../catalogue/types';
import { verifyResponse } from '../http/verify';
import { explainSignature, verifyValues } from '../signing';
import type { ExchangeRecord, RawExchange, ResponseSignatureVerdict } from './exchange';
import type { ProxyKeys } from './keys';
import { lintExchangeBody } from './lintBody';
import { objectSources, type SentValues } from '../workspace/explainSources';

type RequestVerdict = Pick<ExchangeRecord['request'], 'signature' | 'reason' | 'signedDisplay' | 'explanation'>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string; value?: undefined } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

export function endpointOf(method: string, target: string): Endpoint | undefined {
  try {
    return matchRequest(method, target).endpoint;
  } catch {
    return undefined;
  }
}

/** The verdict on a request's `signature`, over the canonical string of the body as received. */
export function checkRequestSignature(
  endpoint: Endpoint | undefined,
  bodyText: string,
  truncated: boolean,
  keys: ProxyKeys,
  earlier?: SentValues,
): RequestVerdict {
  const template = endpoint?.auth === 'signed-v2' ? endpoint.signedString : undefined;
  if (!endpoint) return { signature: 'unsigned', reason: 'no endpoint of the contracts at this path: passed through unchecked' };
  if (!template)
    return { signature: 'unsigned', reason: `${endpoint.method} ${endpoint.path} takes no request signature (${endpoint.auth})` };
  if (truncated)
    return {
      signature: 'not checkable',
      reason: 'the body is larger than the inspection copy; it passed through whole, but was not checked',
    };
  const parsed = parseJson(bodyText);
  if (!parsed.ok)
    return {
      signature: 'missing',
      reason: `the body is not JSON (${parsed.error}), so it carries no signature; the service answers error 1 or 2`,
    };
  if (!isRecord(parsed.value)) return { signature: 'missing', reason: 'the body is not a JSON object, so it carries no signature' };
  const values = parsed.value;
  const signature = values.signature;
  if (typeof signature !== 'string' || signature === '') {
    return {
      signature: 'missing',
      reason: signature === undefined ? 'the body has no "signature" field' : 'the body\'s "signature" is not a non-empty string',
    };
  }
  if (keys.secretKey === undefined)
    return { signature: 'not checkable', reason: keys.problems.secretKey ?? 'no secretKey in the environment' };
  if (keys.partnerPublicKey === undefined)
    return { signature: 'not checkable', reason: keys.problems.partnerPublicKey ?? 'no partner key in the environment' };
  const { ok, canonical } = verifyValues(template, values, keys.secretKey, signature, keys.partnerPublicKey);
  if (ok) return { signature: 'verified', signedDisplay: canonical.display };
  const explanation = explainSignature({
    template,
    values,
    secret: keys.secretKey,
    signature,
    publicKey: keys.partnerPublicKey,
    bodyJson: bodyText,
    otherPublicKeys: keys.otherPublicKeys,
    // The earlier exchanges of this proxy run, newest first: the value a backend signed is often one it sent before.
    ...(earlier ? { sources: earlier.sources() } : {}),
  });
  const reason = explanation.match
    ? `the signature covers another string: ${explanation.match.description}`
    : (explanation.note ??
      `the signature was ${explanation.verdict.text}${explanation.verdict.kind === 'other-key' ? '' : `; no string tried covers it (${explanation.tried} tried): the backend signed values this proxy has not seen`}`);
  return { signature: 'mismatch', reason, signedDisplay: canonical.display, explanation };
}

const RESPONSE_VERDICT: Record<'verified' | 'not-verified', ResponseSignatureVerdict> = {
  verified: 'verified',
  'not-verified': 'not verified',
};

export function checkResponseSignature(
  endpoint: Endpoint | undefined,
  status: number,
  bodyText: string,
  complete: boolean,
  truncated: boolean,
  keys: ProxyKeys,
  earlier?: SentValues,
  requestBody?: string,
): { signature: ResponseSignatureVerdict; reason?: string } {
  if (!complete) return { signature: 'none', reason: 'the response did not arrive whole' };
  if (truncated)
    return {
      signature: 'not checkable',
      reason: 'the response is larger than the inspection copy; it passed through whole, but was not checked',
    };
  const parsed = parseJson(bodyText);
  const verdict = verifyResponse(endpoint, parsed.ok ? parsed.value : undefined, {
    servicePublicKey: keys.servicePublicKey,
    servicePublicKeyProblem: keys.problems.servicePublicKey,
    secretKey: keys.secretKey,
    secretKeyProblem: keys.problems.secretKey,
    explainSources: () => [
      ...objectSources('the request of this exchange', parseJson(requestBody ?? '').value),
      ...(earlier?.sources() ?? []),
    ],
  });
  if (verdict.state !== 'not-checkable')
    return { signature: RESPONSE_VERDICT[verdict.state], ...(verdict.state === 'not-verified' ? { reason: verdict.reason } : {}) };
  // Missing keys are "not checkable"; everything else (an error envelope, an unsigned endpoint) has nothing to check.
  const keyMissing = verdict.reason === keys.problems.servicePublicKey || verdict.reason === keys.problems.secretKey;
  return {
    signature: keyMissing ? 'not checkable' : 'none',
    reason: parsed.ok || status === 204 ? verdict.reason : 'the response body is not JSON',
  };
}

/**
 * `earlier`: the exchanges this proxy run saw before (explain's candidates); this one is added to it
 * once checked.
 */
export function inspectExchange(raw: RawExchange, keys: ProxyKeys, earlier?: SentValues): ExchangeRecord {
  const endpoint = endpointOf(raw.method, raw.target);
  const body = raw.requestBody.bytes.toString('utf8');
  const request = checkRequestSignature(endpoint, body, raw.requestBody.truncated, keys, earlier);
  const problems = endpoint && !raw.requestBody.truncated ? lintExchangeBody(raw.method, raw.target, raw.requestHeaders, body) : [];
  const record: ExchangeRecord = {
    id: raw.id,
    startedAt: new Date(raw.startedAt).toISOString(),
    ms: raw.ms,
    method: raw.method,
    target: raw.target,
    endpoint: endpoint?.id ?? 'unknown',
    request: { headers: raw.requestHeaders, body, bytes: raw.requestBody.size, ...request, problems },
  };
  if (raw.response) {
    const text = raw.response.body.bytes.toString('utf8');
    record.response = {
      status: raw.response.status,
      headers: raw.response.headers,
      body: text,
      bytes: raw.response.body.size,
      ...checkResponseSignature(
        endpoint,
        raw.response.status,
        text,
        raw.response.complete,
        raw.response.body.truncated,
        keys,
        earlier,
        body,
      ),
    };
  }
  if (earlier && !raw.requestBody.truncated) {
    const responseText = raw.response && !raw.response.body.truncated ? raw.response.body.bytes.toString('utf8') : '';
    earlier.add(`${raw.method} ${raw.target}`, new Date(raw.startedAt), parseJson(body).value, parseJson(responseText).value);
  }
  if (raw.failure) record.failure = raw.failure;
  return record;
}

/** inspectExchange that never throws: a failed inspection is a record that says so (the traffic already passed). */
export function inspectSafely(raw: RawExchange, keys: ProxyKeys, earlier?: SentValues): ExchangeRecord {
  try {
    return inspectExchange(raw, keys, earlier);
  } catch (e) {
    const reason = `the inspection failed (${(e as Error).message}); the exchange passed through unchanged`;
    return {
      id: raw.id,
      startedAt: new Date(raw.startedAt).toISOString(),
      ms: raw.ms,
      method: raw.method,
      target: raw.target,
      endpoint: 'unknown',
      request: { headers: raw.requestHeaders, body: '', bytes: raw.requestBody.size, signature: 'not checkable', reason, problems: [] },
      ...(raw.response
        ? {
            response: {
              status: raw.response.status,
              headers: raw.response.headers,
              body: '',
              bytes: raw.response.body.size,
              signature: 'not checkable' as const,
              reason,
            },
          }
        : {}),
      ...(raw.failure ? { failure: raw.failure } : {}),
    };
  }
}
