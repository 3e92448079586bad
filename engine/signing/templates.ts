// Every signed string the catalogue defines, as one flat list: each signed endpoint's request
// template, each response template, and the webhook's. Golden vectors are generated (and
// counted) from this list, so a template added to the catalogue without a vector fails a test.
import type { Catalogue, SignedTemplate } from '../catalogue/types';

export interface NamedTemplate {
  /** `<endpointId>/request`, `<endpointId>/response` or `webhook`. */
  id: string;
  kind: 'request' | 'response' | 'webhook';
  endpointId?: string;
  /** Who signs: the partner (requests) or the service (responses, webhooks). */
  signer: 'partner' | 'service';
  template: SignedTemplate;
}

export function allSignedTemplates(cat: Catalogue): NamedTemplate[] {
  const out: NamedTemplate[] = [];
  for (const e of cat.endpoints) {
    if (e.signedString) out.push({ id: `${e.id}/request`, kind: 'request', endpointId: e.id, signer: 'partner', template: e.signedString });
    if (e.response?.signature)
      out.push({ id: `${e.id}/response`, kind: 'response', endpointId: e.id, signer: 'service', template: e.response.signature });
  }
  if (cat.webhook) out.push({ id: 'webhook', kind: 'webhook', signer: 'service', template: cat.webhook.signature });
  return out;
}
