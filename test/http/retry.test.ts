import assert from 'node:assert/strict';
import { catalogue, endpointById } from '../../engine/catalogue';
import { backoffDelay, createsOrder, orderLookupFor, retryDecision, DEFAULT_RETRY_POLICY } from '../../engine/http/retry';

describe('http/retry: retry with backoff only where the catalogue allows and no second order can result', () => {
  const quote = endpointById('v2.orders.review-sell-order')!;
  const create = endpointById('v2.orders.create-sell-order')!;

  it('retries exactly the codes doc 1 §7 names (9, 20, 46, 66) and nothing else', () => {
    const retried = catalogue.errors
      .filter((e) => retryDecision({ endpoint: quote, error: e, body: {}, attempt: 1 }).retry)
      .map((e) => e.code);
    assert.deepEqual(
      retried.sort((a, b) => a - b),
      [9, 20, 46, 66],
    );
  });

  it('stops after maxAttempts', () => {
    const e = catalogue.errors.find((x) => x.code === 9)!;
    assert.equal(retryDecision({ endpoint: quote, error: e, body: {}, attempt: DEFAULT_RETRY_POLICY.maxAttempts - 1 }).retry, true);
    const last = retryDecision({ endpoint: quote, error: e, body: {}, attempt: DEFAULT_RETRY_POLICY.maxAttempts });
    assert.equal(last.retry, false);
    assert.match(last.reason, /gave up after 3 attempts/);
  });

  it('retries a create only with its externalOrderId (the idempotency key)', () => {
    const e = catalogue.errors.find((x) => x.code === 46)!;
    assert.equal(retryDecision({ endpoint: create, error: e, body: { externalOrderId: 'o-1' }, attempt: 1 }).retry, true);
    const none = retryDecision({ endpoint: create, error: e, body: { partnerCode: 'P' }, attempt: 1 });
    assert.equal(none.retry, false);
    assert.match(none.reason, /second order/);
    assert.equal(retryDecision({ endpoint: create, error: e, body: { externalOrderId: '' }, attempt: 1 }).retry, false);
  });

  it('knows the creating endpoints from the catalogue (those that can answer 11)', () => {
    const creators = catalogue.endpoints
      .filter(createsOrder)
      .map((e) => e.id)
      .sort();
    assert.deepEqual(creators, ['v2.orders.create-cashout', 'v2.orders.create-sell-order', 'v3.cashout.orders', 'v3.scan-to-pay.orders']);
  });

  it('looks an order up with orders/details on v2 and GET order on v3', () => {
    assert.equal(orderLookupFor(create)?.id, 'v2.orders.details');
    assert.equal(orderLookupFor(endpointById('v3.scan-to-pay.orders')!)?.id, 'v3.orders.get');
  });

  it('backs off exponentially, capped', () => {
    const p = { maxAttempts: 10, baseDelayMs: 500, maxDelayMs: 3000 };
    assert.deepEqual(
      [1, 2, 3, 4, 5].map((a) => backoffDelay(p, a)),
      [500, 1000, 2000, 3000, 3000],
    );
  });

  it('does not retry an uncatalogued code', () => {
    assert.equal(retryDecision({ endpoint: quote, error: undefined, body: {}, attempt: 1 }).retry, false);
  });

  it('each decision says why (an uncatalogued code, a code not worth retrying, a retryable one)', () => {
    const quote = endpointById('v2.orders.review-sell-order')!;
    assert.deepEqual(retryDecision({ endpoint: quote, error: undefined, body: {}, attempt: 1 }), {
      retry: false,
      reason: 'not a catalogued error code',
    });
    const five = catalogue.errors.find((x) => x.code === 5)!;
    assert.match(
      retryDecision({ endpoint: quote, error: five, body: {}, attempt: 1 }).reason,
      new RegExp(`^${five.semanticCode} \\(5\\) is not worth retrying; fix the cause$`),
    );
    const nine = catalogue.errors.find((x) => x.code === 9)!;
    assert.match(
      retryDecision({ endpoint: quote, error: nine, body: {}, attempt: 1 }).reason,
      new RegExp(`^${nine.semanticCode} \\(9\\): retry with backoff is appropriate$`),
    );
  });
});
