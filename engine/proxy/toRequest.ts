// A captured request -> an editable `.payout.http` request: `payout-http import` and the editor's
// "Open as Request" on a proxy exchange. The body stays as received except for two edits: the
// `signature` of a signed endpoint is taken out (the tool signs the request itself when it is
// sent), and string values equal to a variable of the environment become that `{{variable}}`
// (so the request follows the environment, and a secret that was in the body is not written into
// the file). The address becomes `{{base_url}}` (or the endpoint's own base) where it can.
import { parseTree, type Node } from 'jsonc-parser';
import { removeJsonMember } from '../util/jsonMember';
import { matchRequest } from '../catalogue';
import type { Endpoint } from '../catalogue/types';
import { BASE_URL, PARTNER_CODE, USER_EMAIL } from '../syntax/environments';
import { escapeJsonTemplates, escapeTemplates, escapeTextBody } from '../syntax/escapes';
import type { CapturedRequest } from './capture';

export interface ToRequestOptions {
  /** The environment's variables (values compared with the body's strings). */
  variables?: Record<string, string>;
  /** `# @name`; default from the endpoint, e.g. `reviewSellOrder`. */
  name?: string;
}

export interface ImportedRequest {
  /** The request as `.payout.http` text, starting with `###`. */
  text: string;
  endpoint?: Endpoint;
  /** What was changed or left out, in words (also written as comments in the text). */
  notes: string[];
}

/** Headers the tool sets itself, or that belong to one connection. */
const DROPPED_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-connection',
  'expect',
  'accept-encoding',
]);
/** Variables never put in place of a value by position alone: paths, and names too short to mean anything. */
const NOT_VALUES = new Set(['privateKeyFile', 'servicePublicKeyFile', 'partnerPublicKeyFile', BASE_URL, 'plant_base_url']);
/** When two variables hold the same value, the one a reader expects wins. */
const PREFERRED = [PARTNER_CODE, USER_EMAIL];

function camel(id: string): string {
  const last = id.split('.').pop() ?? id;
  return last.replace(/[-_]+([a-z0-9])/gi, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '') || 'imported';
}

/** `{{base}}` + rest for a URL under a base variable's value, else the URL kept as captured. */
function templatedUrl(
  url: string,
  method: string,
  variables: Record<string, string>,
  notes: string[],
): { url: string; endpoint?: Endpoint } {
  for (const base of [BASE_URL, 'plant_base_url']) {
    const value = variables[base]?.replace(/\/+$/, '');
    if (value && (url === value || url.startsWith(`${value}/`) || url.startsWith(`${value}?`))) {
      const templated = `{{${base}}}${url.slice(value.length)}`;
      return { url: templated, endpoint: matchRequest(method, templated).endpoint };
    }
  }
  const match = matchRequest(method, url);
  const endpoint = match.endpoint;
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  const pathAndQuery = url.slice(origin.length) || '/';
  if (endpoint) {
    // The endpoint's path is the tail of the captured path (the plant base ends in /v3 itself).
    const pathOnly = pathAndQuery.split('?')[0];
    const tailSegments = endpoint.path.split('/').length - 1;
    const segments = pathOnly.split('/');
    const tail = segments.slice(segments.length - tailSegments).join('/');
    const query = pathAndQuery.slice(pathOnly.length);
    if (origin) notes.push(`the address ${origin} was replaced by {{${endpoint.base}}}, so the environment decides where it goes`);
    return { url: `{{${endpoint.base}}}/${tail}${query}`, endpoint };
  }
  if (!origin) return { url: `{{${BASE_URL}}}${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}` };
  return { url };
}

/** Every string value in the tree (property names are not values). */
function stringValues(node: Node | undefined, out: Node[] = []): Node[] {
  if (!node) return out;
  if (node.type === 'string') out.push(node);
  else if (node.type === 'object') for (const p of node.children ?? []) stringValues(p.children?.[1], out);
  else if (node.type === 'array') for (const item of node.children ?? []) stringValues(item, out);
  return out;
}

/** The body with string values equal to a variable's value replaced by `"{{name}}"`. */
function templateValues(body: string, variables: Record<string, string>, notes: string[]): string {
  const byValue = new Map<string, string>();
  const names = Object.keys(variables).sort((a, b) => {
    const pa = PREFERRED.indexOf(a);
    const pb = PREFERRED.indexOf(b);
    return (pa < 0 ? PREFERRED.length : pa) - (pb < 0 ? PREFERRED.length : pb);
  });
  for (const name of names) {
    const value = variables[name];
    if (!value || value.length < 4 || value.includes('{{') || NOT_VALUES.has(name) || byValue.has(value)) continue;
    byValue.set(value, name);
  }
  const hits = stringValues(parseTree(body))
    .filter((n) => typeof n.value === 'string' && byValue.has(n.value))
    .sort((a, b) => b.offset - a.offset);
  let out = body;
  const used = new Set<string>();
  for (const n of hits) {
    const name = byValue.get(n.value as string)!;
    used.add(name);
    out = out.slice(0, n.offset) + `"{{${name}}}"` + out.slice(n.offset + n.length);
  }
  if (used.size)
    notes.push(`values equal to the environment's ${[...used].map((u) => `{{${u}}}`).join(', ')} were replaced by the variable`);
  return out;
}

/** A captured request that cannot be written as an inert request (the message names what and why). */
export class ImportRefused extends Error {}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * A URL with braces, whitespace and controls percent-encoded: what an HTTP client sends for them
 * anyway, and never `{{…}}` or a line break in the file.
 */
function inertUrl(url: string): string {
  return url.replace(/[{}\s\u0000-\u001f\u007f]/g, (c) => encodeURIComponent(c));
}

/**
 * The body written so that the file sends it literally (issue 22): JSON keeps JSON (a `{{` in a
 * string becomes `\u007b{`, JSON's own escape); text gets the `.payout.http` escapes of
 * engine/syntax/escapes.ts (`\{{`, `\<` at a line start...).
 */
function inertBody(body: string, headers: readonly (readonly [string, string])[]): string {
  const first = body.search(/\S/);
  const json =
    body[first] === '[' ||
    (body[first] === '{' && (body[first + 1] !== '{' || headers.some(([n, v]) => /^content-type$/i.test(n) && /json/i.test(v))));
  if (!json) return escapeTextBody(body);
  const escaped = escapeJsonTemplates(body);
  // What the syntax reads at a line start of a JSON body: a trailing comment, an assertion, a new request.
  const live = /^[ \t]*(?:#|\/\/|\?\?|<|>).*$/m.exec(escaped);
  if (live) {
    try {
      JSON.parse(body);
    } catch {
      throw new ImportRefused(
        `the body looks like JSON but is not, and its line "${live[0].trim().slice(0, 60)}" would be read as request syntax (a comment, an assertion or a file to send); fix the JSON and import again`,
      );
    }
  }
  return escaped;
}

export function toPayoutRequest(captured: CapturedRequest, options: ToRequestOptions = {}): ImportedRequest {
  const variables = options.variables ?? {};
  const notes: string[] = [];
  const method = captured.method.toUpperCase();
  if (!TOKEN.test(method)) throw new ImportRefused(`"${method.slice(0, 40)}" is not an HTTP method`);
  const capturedUrl = inertUrl(captured.url);
  const { url, endpoint } = templatedUrl(capturedUrl, method, variables, notes);

  const headers: string[] = [];
  for (const [name, value] of captured.headers) {
    const lower = name.toLowerCase();
    if (DROPPED_HEADERS.has(lower)) continue;
    if (lower === 'authorization' && endpoint && endpoint.auth !== 'none') {
      notes.push(
        `the Authorization header was left out: the tool gets a bearer token itself (the user from "# @user", the body's userEmail or {{${USER_EMAIL}}})`,
      );
      continue;
    }
    if (!TOKEN.test(name))
      throw new ImportRefused(`the header name "${name.slice(0, 60)}" is not a header name (letters, digits and !#$%&'*+.^_\`|~-)`);
    // A line break in a value would start a new line of the file: another header, the body, `< file`.
    if (/[\r\n]/.test(value))
      throw new ImportRefused(
        `the ${name} header's value holds a line break (CR or LF), which HTTP does not allow in a header; remove it and import again`,
      );
    headers.push(`${name}: ${escapeTemplates(value)}`);
  }

  let body = captured.body;
  if (body.trim() !== '' && endpoint?.auth === 'signed-v2') {
    // A minimal edit: the rest of the captured body keeps its bytes (jsonc's modify reformatted it all).
    const without = removeJsonMember(body, 'signature');
    if (without !== undefined && without !== body) {
      body = without;
      notes.push('the "signature" field was left out: the tool signs the request when it is sent');
    }
  }
  if (body.trim() !== '') body = templateValues(inertBody(body, captured.headers), variables, notes);

  const name = options.name ?? (endpoint ? camel(endpoint.id) : 'imported');
  const lines = [
    `### ${endpoint ? endpoint.title : `${method} ${capturedUrl.split('?')[0]}`} (imported)`,
    `# @name ${name}`,
    ...notes.map((n) => `# ${n}`),
    `${method} ${url}`,
    ...headers,
  ];
  const text = body === '' ? `${lines.join('\n')}\n` : `${lines.join('\n')}\n\n${body.replace(/\s+$/, '')}\n`;
  return { text, endpoint, notes };
}
