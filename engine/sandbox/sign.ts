// The service's signatures (doc 1 §5.7, §6.3): a response's `data` and a webhook's order object
// carry `signature` over the catalogue's response template, signed with the service key.

import type { KeyObject } from 'node:crypto';
import { buildCanonical } from '../signing/canonical';
import { signText } from '../signing/rsa';
import type { SignedTemplate } from '../catalogue/types';

export function signData(
  data: Record<string, unknown>,
  template: SignedTemplate,
  secretKey: string,
  serviceKey: KeyObject,
): Record<string, unknown> {
  const text = buildCanonical(template, data).withSecret(secretKey);
  return { ...data, signature: signText(text, serviceKey) };
}
