// Order webhooks (doc 1 §6): when an order reaches SUCCESS or ERROR, the signed order object is
// POSTed once to the endpoint registered under the order's webhookSecretKey. Registration,
// headers, retries and the expected acknowledgment are "not shown"; the sandbox's choices
// (docs/sandbox.md): registrations come from the config file, plus the local partner's built-in
// one whose URL `sandbox:inbox` records deliveries inside the sandbox (GET /sandbox/webhooks);
// one POST with `Content-Type: application/json`, no retry, any 2xx counts as delivered.

import { orderSignature } from '../catalogue/index';
import type { SandboxContext } from './context';
import { signData } from './sign';
import { orderKey } from './state';

export const INBOX_URL = 'sandbox:inbox';
const TIMEOUT_MS = 5000;

export class WebhookSender {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly ctx: () => SandboxContext) {}

  /** Delivers once: an order is marked delivered before the POST, so nothing sends it twice. */
  deliver(partnerCode: string, externalOrderId: string): void {
    const ctx = this.ctx();
    const rec = ctx.store.state.orders[orderKey(partnerCode, externalOrderId)];
    const partner = ctx.partners.get(partnerCode);
    if (!rec || !partner || rec.webhookDelivered || !rec.webhookSecretKey) return;
    const registration = partner.webhooks.find((w) => w.secretKey === rec.webhookSecretKey);
    if (!registration) return;
    rec.webhookDelivered = true;
    ctx.store.changed(['orders', orderKey(partnerCode, externalOrderId)]);
    const payload = signData({ ...rec.order }, orderSignature, partner.secretKey, ctx.serviceKey);
    const record = (result: string, keep: boolean) => {
      // Runs in a promise callback too, where an exception would be an unhandled rejection (fatal): kept inside.
      try {
        recordDelivery(result, keep);
      } catch (e) {
        ctx.log(`webhook ${externalOrderId}: recording the delivery failed: ${(e as Error).message}`);
      }
    };
    const recordDelivery = (result: string, keep: boolean) => {
      ctx.store.state.webhookDeliveries.push({
        seq: ctx.store.nextSeq(),
        at: new Date(ctx.clock()).toISOString(),
        partnerCode,
        url: registration.url,
        externalOrderId,
        status: rec.order.status,
        result,
        ...(keep ? { payload } : {}),
      });
      ctx.store.changed(['orders', orderKey(partnerCode, externalOrderId)]); // webhookDelivered, and the delivery
      ctx.log(`webhook ${externalOrderId} ${rec.order.status} -> ${registration.url === INBOX_URL ? 'inbox' : registration.url} ${result}`);
    };
    if (registration.url === INBOX_URL) {
      record('recorded', true);
      return;
    }
    const p = fetch(registration.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
      .then(async (res) => {
        await res.arrayBuffer().catch(() => undefined);
        record(`HTTP ${res.status}`, false);
      })
      .catch((e: Error) => {
        // fetch reports "fetch failed"; the cause says why (ECONNREFUSED, ENOTFOUND, ...).
        const cause = (e.cause as NodeJS.ErrnoException | undefined)?.code ?? (e.cause as Error | undefined)?.message;
        record(`failed: ${e.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS} ms` : (cause ?? e.message)}`, false);
      })
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Waits for deliveries under way (on close). */
  async settle(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
}
