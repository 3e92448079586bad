// Signed templates read from the catalogue, the one source of truth for the documents' strings.
import type { Endpoint, SignedTemplate } from '../../engine/catalogue/types';
import { catalogue } from '../../engine/catalogue';

export function endpoint(id: string): Endpoint {
  const e = catalogue.endpoints.find((x) => x.id === id);
  if (!e) throw new Error(`no endpoint ${id} in the catalogue`);
  return e;
}
export function requestTemplate(id: string): SignedTemplate {
  const t = endpoint(id).signedString;
  if (!t) throw new Error(`${id} has no signed string`);
  return t;
}
export function responseTemplate(id: string): SignedTemplate {
  const t = endpoint(id).response?.signature;
  if (!t) throw new Error(`${id} has no response signature`);
  return t;
}
