// Catalogue paths (`/v3/orders/{externalOrderId}`) as routes: matching a request path against one,
// and filling one in to build a URL the sandbox hands out (KYC read-back, order QR), so no path is
// typed twice.

import { endpointById } from '../catalogue/index';

/** The `{param}` values when `path` fits `pattern`, decoded; undefined when it does not fit. */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const p = pattern.split('/');
  const s = path.split('/');
  if (p.length !== s.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const m = /^\{(\w+)\}$/.exec(p[i]);
    if (m) {
      if (!s[i]) return undefined;
      try {
        params[m[1]] = decodeURIComponent(s[i]);
      } catch {
        return undefined;
      }
    } else if (p[i] !== s[i]) return undefined;
  }
  return params;
}

/** `pattern` with each `{param}` replaced by its encoded value. */
export function fillPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** The URL of a catalogue endpoint under `baseUrl`, e.g. a KYC document's read-back URL. */
export function endpointUrl(baseUrl: string, endpointId: string, params: Record<string, string | number> = {}): string {
  const endpoint = endpointById(endpointId);
  if (!endpoint) throw new Error(`sandbox bug: ${endpointId} is not in the catalogue`);
  return `${baseUrl}${fillPath(endpoint.path, params)}`;
}
