// When a failed call may be sent again (doc 1 §7: "Retry with backoff is appropriate for 9, 20, 46
// and 66", read from the catalogue's `retry` flag), and when it must not: a request that creates an
// order is retried only as the very same bytes, with the same externalOrderId, so the service's
// idempotency check (error 11) stops a second order. A create without an externalOrderId is never
// retried. The decision is a pure function; the waiting is done by the caller with an injected sleep.
import type { Endpoint, ErrorSpec } from '../catalogue/types';
import { catalogue, errorBySemanticCode } from '../catalogue';

export interface RetryPolicy {
  /** Attempts in all, the first included (default 3). */
  maxAttempts: number;
  /** Delay before the second attempt, doubled for each further one (default 500 ms). */
  baseDelayMs: number;
  /** Upper bound of a single delay (default 8 s). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 8000 };

export type RetryDecision = { retry: true; delayMs: number; reason: string } | { retry: false; reason: string };

/** The code a repeated externalOrderId gets (doc 1 §7: DUPLICATE_TRANSACTION_ID, 11). */
export const DUPLICATE_CODE = errorBySemanticCode('DUPLICATE_TRANSACTION_ID')?.code ?? 11;

/**
 * Endpoints that create an order: the ones that document the duplicate-id error, which only a
 * create with an idempotency key can answer (v2 create-sell-order / create-cashout, their v3 mirrors).
 */
export function createsOrder(endpoint: Pick<Endpoint, 'errors'>): boolean {
  return endpoint.errors?.includes(DUPLICATE_CODE) ?? false;
}

/**
 * Where to read an order after a create answered 11 (doc 1 §7: "fetch the order instead"): the
 * endpoint of the same API that answers the order object and creates nothing (v2 orders/details,
 * v3 GET order).
 */
export function orderLookupFor(endpoint: Pick<Endpoint, 'api'>): Endpoint | undefined {
  return catalogue.endpoints.find((e) => e.api === endpoint.api && e.response?.shape === 'order' && !createsOrder(e));
}

/**
 * What to tell the user when a create got no answer (a timeout): the order may exist. Names the lookup
 * endpoint (orders/details) and the externalOrderId to look up, and what resending the same id does.
 */
export function orderMayExist(endpoint: Pick<Endpoint, 'api'>, body: unknown): string {
  const lookup = orderLookupFor(endpoint);
  const id =
    body && typeof body === 'object' && typeof (body as Record<string, unknown>).externalOrderId === 'string'
      ? (body as Record<string, string>).externalOrderId
      : undefined;
  const how = lookup ? `${lookup.method} ${lookup.path}` : 'the order lookup';
  return `The order may have been created all the same: look it up with ${how}${id ? ` for externalOrderId "${id}"` : ''} before sending again (the same externalOrderId is answered with ${DUPLICATE_CODE} if it exists)`;
}

export function backoffDelay(policy: RetryPolicy, attempt: number): number {
  // attempt is the number of the attempt that just failed (1-based).
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
}

export function retryDecision(input: {
  endpoint: Pick<Endpoint, 'errors'> | undefined;
  /** The error of the failed attempt, from the catalogue (undefined: not a catalogued error). */
  error: ErrorSpec | undefined;
  /** The JSON body that was sent (a retry resends exactly this). */
  body: unknown;
  /** The attempt that just failed, 1-based. */
  attempt: number;
  policy?: RetryPolicy;
}): RetryDecision {
  const policy = input.policy ?? DEFAULT_RETRY_POLICY;
  const { error } = input;
  if (!error) return { retry: false, reason: 'not a catalogued error code' };
  if (!error.retry) return { retry: false, reason: `${error.semanticCode} (${error.code}) is not worth retrying; fix the cause` };
  if (input.attempt >= policy.maxAttempts) {
    return { retry: false, reason: `gave up after ${input.attempt} attempts` };
  }
  if (input.endpoint && createsOrder(input.endpoint)) {
    const id = (input.body as Record<string, unknown> | null)?.externalOrderId;
    if (typeof id !== 'string' || id === '') {
      return { retry: false, reason: 'this request creates an order and has no externalOrderId, so a retry could create a second order' };
    }
  }
  return {
    retry: true,
    delayMs: backoffDelay(policy, input.attempt),
    reason: `${error.semanticCode} (${error.code}): retry with backoff is appropriate`,
  };
}
