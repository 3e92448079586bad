// Which catalogue endpoint a request line targets. Runs once per request on every edit of a
// possibly 5,000-request file, so the catalogue is indexed once (exact paths in a Map, templated
// paths as pre-split segments) and the slow part, the edit-distance suggestion, runs only on a miss.
//
// The base variable decides the surface: `{{base_url}}` is the payout service (v2 and v3),
// `{{plant_base_url}}` the plant store, whose base itself ends in /v3. The two never mix: a plant
// path under `{{base_url}}` does not match, it gets a reason that names the right variable.
// The local sandbox's helpers (api 'local-sandbox', /sandbox/…) sit under `{{base_url}}` too, but are
// suggested only for paths under their own prefix: a typo in an /api/v2 or /v3 path is never
// pointed at an endpoint the real service does not have.
// The plant store's endpoints come from its OpenAPI document, loaded on first need: a request under
// `{{base_url}}` that matches is answered from an index of the endpoints written in code alone, and
// the whole index (with the plant store and a user's documents) is built when a request needs more.

import { builtInEndpoints, codedEndpoints } from './endpoints';
import type { Endpoint } from './types';
import { levenshtein } from '../util/editDistance';

export interface EndpointMatch {
  endpoint?: Endpoint;
  /** The base variable the URL starts with (without braces); undefined for a literal URL. */
  base?: string;
  /** The path after the base (after the origin, for a literal URL), templates kept as typed. */
  path: string;
  /** Values of the endpoint's `{param}` segments, as typed (templates kept). */
  readonly pathParams: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  /** Why no endpoint matched, in words. */
  reason?: string;
  /** The closest known endpoint when none matched (or the one whose method differs). */
  suggestion?: Endpoint;
}

type SegmentMatcher = { literal: string } | { param: string } | { regex: RegExp; params: string[] };

interface Pattern {
  segments: SegmentMatcher[];
  endpoints: Endpoint[];
}

interface BaseIndex {
  exact: Map<string, Endpoint[]>;
  patterns: Pattern[];
  all: Endpoint[];
  /** `all` without the local sandbox's helpers: the suggestions for a path outside their prefix. */
  service: Endpoint[];
}

type Index = Map<string, BaseIndex>;

const PAYOUT_BASE = 'base_url';
const isHelper = (e: Endpoint) => e.api === 'local-sandbox';
const firstSegment = (path: string) => path.split('/', 2)[1] ?? '';
/** The first path segments of the local sandbox's helpers (`sandbox`). */
const HELPER_SEGMENTS = new Set(codedEndpoints.filter(isHelper).map((e) => firstSegment(e.path)));

function compileSegment(seg: string): SegmentMatcher {
  const whole = /^\{([^{}]+)\}$/.exec(seg);
  if (whole) return { param: whole[1] };
  if (!seg.includes('{')) return { literal: seg };
  const params: string[] = [];
  const source = seg
    .split(/(\{[^{}]+\})/)
    .map((part) => {
      const m = /^\{([^{}]+)\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(m[1]);
      return '(.+?)';
    })
    .join('');
  return { regex: new RegExp(`^${source}$`), params };
}

function buildIndex(endpoints: readonly Endpoint[]): Index {
  const index: Index = new Map();
  for (const e of endpoints) {
    let bi = index.get(e.base);
    if (!bi) index.set(e.base, (bi = { exact: new Map(), patterns: [], all: [], service: [] }));
    bi.all.push(e);
    if (!isHelper(e)) bi.service.push(e);
    if (!e.path.includes('{')) {
      const list = bi.exact.get(e.path) ?? [];
      list.push(e);
      bi.exact.set(e.path, list);
      continue;
    }
    const existing = bi.patterns.find((p) => p.endpoints[0].path === e.path);
    if (existing) existing.endpoints.push(e);
    else bi.patterns.push({ segments: e.path.split('/').map(compileSegment), endpoints: [e] });
  }
  return index;
}

// The payout service's surface as the whole built-in index has it: the plant store's endpoints sit
// under their own base, so `{{base_url}}` holds the same endpoints in both.
const codedIndex = buildIndex(codedEndpoints);
let builtInIndex: Index | undefined;
const extraIndexes = new WeakMap<readonly Endpoint[], Index>();

function indexFor(extra?: readonly Endpoint[]): Index {
  if (!extra || extra.length === 0) return (builtInIndex ??= buildIndex(builtInEndpoints()));
  let idx = extraIndexes.get(extra);
  if (!idx) extraIndexes.set(extra, (idx = buildIndex([...builtInEndpoints(), ...extra])));
  return idx;
}

/** The index to look `base` up in: the coded one for the payout service when no document adds endpoints. */
function baseIndex(base: string, extra?: readonly Endpoint[]): BaseIndex | undefined {
  return (base === PAYOUT_BASE && !extra?.length ? codedIndex : indexFor(extra)).get(base);
}

// `{{...}}` may contain `/`, `?`, `&` or `=` (e.g. `{{$randomInt 1 9}}`, request references), so
// templates are masked before the URL is split and restored in every piece afterwards.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MASKED_WHOLE = new RegExp(`^${OPEN}\\d+${CLOSE}$`);
const MASKED_ANY = new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g');
const MASKED_AT_START = new RegExp(`^${OPEN}(\\d+)${CLOSE}`);
const TEMPLATE = /\{\{[\s\S]*?\}\}/g;
const identity = (s: string) => s;

function mask(url: string): { masked: string; restore: (s: string) => string } {
  if (!url.includes('{{')) return { masked: url, restore: identity };
  const saved: string[] = [];
  const masked = url.replace(TEMPLATE, (m) => `${OPEN}${saved.push(m) - 1}${CLOSE}`);
  return { masked, restore: (s) => (s.includes(OPEN) ? s.replace(MASKED_ANY, (_, i: string) => saved[Number(i)]) : s) };
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s; // a lone `%` is kept as typed rather than failing the whole match
  }
}

function matchPattern(p: Pattern, segs: string[], restore: (s: string) => string): Record<string, string> | undefined {
  if (p.segments.length !== segs.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segs.length; i++) {
    const m = p.segments[i];
    const seg = segs[i];
    if ('literal' in m) {
      if (m.literal !== seg) return undefined;
    } else if ('param' in m) {
      if (seg === '') return undefined;
      params[m.param] = restore(seg.includes(OPEN) ? seg : decode(seg));
    } else {
      const r = m.regex.exec(restore(seg));
      if (!r) return undefined;
      m.params.forEach((name, j) => (params[name] = r[j + 1]));
    }
  }
  return params;
}

interface PathHit {
  endpoints: Endpoint[];
  pathParams: Record<string, string>;
}

function findPath(bi: BaseIndex | undefined, maskedPath: string, restore: (s: string) => string): PathHit | undefined {
  if (!bi) return undefined;
  const exact = bi.exact.get(maskedPath);
  if (exact) return { endpoints: exact, pathParams: {} };
  const segs = maskedPath.split('/');
  for (const p of bi.patterns) {
    const params = matchPattern(p, segs, restore);
    if (params) return { endpoints: p.endpoints, pathParams: params };
  }
  return undefined;
}

// A file often repeats the same wrong path; remember the answer per candidate list (bounded).
const closestCache = new WeakMap<readonly Endpoint[], Map<string, Endpoint | undefined>>();

function closest(candidates: readonly Endpoint[], path: string, method: string): Endpoint | undefined {
  let cache = closestCache.get(candidates);
  if (!cache) closestCache.set(candidates, (cache = new Map<string, Endpoint | undefined>()));
  const key = `${method} ${path}`;
  if (cache.has(key)) return cache.get(key);
  if (cache.size > 2000) cache.clear();
  const best = closestUncached(candidates, path, method);
  cache.set(key, best);
  return best;
}

/** The endpoints a mistyped `path` is compared with: the helpers only for a path under their prefix. */
function suggestionPool(bi: Pick<BaseIndex, 'all' | 'service'>, path: string): Endpoint[] {
  return HELPER_SEGMENTS.has(firstSegment(path)) ? bi.all : bi.service;
}

const allOf = new WeakMap<Index, Pick<BaseIndex, 'all' | 'service'>>();
function allEndpoints(index: Index): Pick<BaseIndex, 'all' | 'service'> {
  let all = allOf.get(index);
  if (!all) {
    const bases = [...index.values()];
    allOf.set(index, (all = { all: bases.flatMap((b) => b.all), service: bases.flatMap((b) => b.service) }));
  }
  return all;
}

function closestUncached(candidates: readonly Endpoint[], path: string, method: string): Endpoint | undefined {
  let best: Endpoint | undefined;
  let bestScore = Infinity;
  const typed = path.split('/');
  for (const e of candidates) {
    // A same-method endpoint wins a tie.
    const score = levenshtein(path, withTypedParams(e.path, typed)) * 2 + (e.method === method ? 0 : 1);
    if (score < bestScore) [best, bestScore] = [e, score];
  }
  return best;
}

/**
 * `template` with each `{param}` segment replaced by the typed path's segment at the same place, so
 * `/plnt/5` is one letter from `/plant/{plantId}` rather than ten (and closer than `/plant`).
 */
function withTypedParams(template: string, typed: readonly string[]): string {
  if (!template.includes('{')) return template;
  return template
    .split('/')
    .map((seg, i) => (seg.startsWith('{') && seg.endsWith('}') && typed[i] !== undefined ? typed[i] : seg))
    .join('/');
}

function pickMethod(hit: PathHit, method: string): { endpoint?: Endpoint; other?: Endpoint } {
  const endpoint = hit.endpoints.find((e) => e.method === method);
  return endpoint ? { endpoint } : { other: hit.endpoints[0] };
}

const describe = (e: Endpoint) => `${e.method} ${e.path}`;
const surfaceName = (base: string) =>
  base === PAYOUT_BASE ? 'payout service' : base === 'plant_base_url' ? 'plant store' : `{{${base}}} API`;

function parseQuery(q: string, restore: (s: string) => string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const pair of q.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    // form encoding, as URLSearchParams reads it: `+` is a space in names and values alike
    const k = (eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' ');
    const v = eq < 0 ? '' : pair.slice(eq + 1).replace(/\+/g, ' ');
    query[restore(decode(k))] = restore(decode(v));
  }
  return query;
}

/**
 * The matches of the request lines met last, per `extra`, method and URL as typed: a file repeats
 * its request lines (the same endpoint called with other bodies), and matching them was a tenth of
 * the time to open the 5,000-request file. A match is frozen, so one object serves each block with
 * that line. Bounded: emptied when MATCHES_KEPT lines are kept.
 */
const matchesMet = new WeakMap<readonly Endpoint[], Map<string, EndpointMatch>>();
const NO_EXTRA: readonly Endpoint[] = Object.freeze([]);
const MATCHES_KEPT = 2000;

/**
 * The endpoint `method rawUrl` targets. `rawUrl` is the URL as typed on the request line:
 * `{{base_url}}/api/v2/orders/details`, `{{plant_base_url}}/plant/{{id}}?x=1`, or a literal
 * `http://127.0.0.1:4010/api/v2/...`. `extra` adds endpoints (a user's OpenAPI documents).
 * The result is frozen (and may be the one of an earlier call with the same arguments).
 */
export function matchRequest(method: string, rawUrl: string, extra?: Endpoint[]): EndpointMatch {
  const scope = extra?.length ? extra : NO_EXTRA;
  let met = matchesMet.get(scope);
  if (!met) matchesMet.set(scope, (met = new Map<string, EndpointMatch>()));
  // neither a method nor a request line holds a line break
  const key = `${method}\n${rawUrl}`;
  let match = met.get(key);
  if (!match) {
    if (met.size >= MATCHES_KEPT) met.clear();
    match = frozen(matchUncached(method, rawUrl, extra));
    met.set(key, match);
  }
  return match;
}

function frozen(m: EndpointMatch): EndpointMatch {
  Object.freeze(m.pathParams);
  Object.freeze(m.query);
  return Object.freeze(m);
}

function matchUncached(method: string, rawUrl: string, extra?: Endpoint[]): EndpointMatch {
  const verb = method.trim().toUpperCase();
  const url = rawUrl.trim().replace(/\s+HTTP\/\d(\.\d)?$/i, '');
  const { masked, restore } = mask(url);

  let base: string | undefined;
  let rest: string;
  const baseVar = MASKED_AT_START.exec(masked);
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(masked);
  if (baseVar) {
    base = restore(baseVar[0]).slice(2, -2).trim();
    rest = masked.slice(baseVar[0].length);
  } else if (origin) {
    rest = masked.slice(origin[0].length);
  } else if (masked.startsWith('/')) {
    rest = masked;
  } else {
    return {
      path: restore(masked),
      pathParams: {},
      query: {},
      reason: `The URL does not start with a base variable: write {{${PAYOUT_BASE}}}/… for the payout service or {{plant_base_url}}/… for the plant store (or a full http(s):// address).`,
    };
  }

  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const qm = rest.indexOf('?');
  const maskedPath = qm >= 0 ? rest.slice(0, qm) : rest;
  const query = qm >= 0 ? parseQuery(rest.slice(qm + 1), restore) : {};
  const path = restore(maskedPath);
  const result = (m: Partial<EndpointMatch>): EndpointMatch => ({ base, path, pathParams: {}, query, ...m });

  if (base === undefined) return matchLiteral(extra, verb, maskedPath, restore, result);

  const bi = baseIndex(base, extra);
  if (!bi) {
    const known = [...indexFor(extra).keys()];
    const near = known.map((k) => ({ k, d: levenshtein(k, base) })).sort((a, b) => a.d - b.d)[0];
    const hint = near && near.d <= 3 ? ` Did you mean {{${near.k}}}?` : '';
    return result({
      reason: `{{${base}}} is not a known base variable: payout requests start with {{${PAYOUT_BASE}}}, plant store requests with {{plant_base_url}}.${hint}`,
    });
  }

  const hit = findPath(bi, maskedPath, restore);
  if (hit) {
    const { endpoint, other } = pickMethod(hit, verb);
    if (endpoint) return result({ endpoint, pathParams: hit.pathParams });
    const allowed = hit.endpoints.map((e) => e.method).join(', ');
    return result({
      pathParams: hit.pathParams,
      suggestion: other,
      reason: `Method ${verb} is not allowed on ${path}: use ${allowed}.`,
    });
  }

  // The path may belong to the other surface, or repeat the /v3 the plant base already ends in.
  for (const [otherBase, obi] of indexFor(extra)) {
    if (otherBase === base) continue;
    const crossHit = findPath(obi, maskedPath, restore);
    if (crossHit) {
      const e = pickMethod(crossHit, verb).endpoint ?? crossHit.endpoints[0];
      return result({
        suggestion: e,
        reason: `${path} is a ${surfaceName(otherBase)} path, not a ${surfaceName(base)} one: write {{${otherBase}}}${path}.`,
      });
    }
  }
  if (maskedPath.startsWith('/v3/') && base !== PAYOUT_BASE) {
    const stripped = findPath(bi, maskedPath.slice(3), restore);
    if (stripped) {
      return result({
        suggestion: pickMethod(stripped, verb).endpoint ?? stripped.endpoints[0],
        reason: `{{${base}}} already ends in /v3: write {{${base}}}${restore(maskedPath.slice(3))}.`,
      });
    }
  }

  const suggestion = closest(suggestionPool(bi, path), path, verb);
  return result({
    suggestion,
    reason: `No ${surfaceName(base)} endpoint at ${path}.${suggestion ? ` Did you mean ${describe(suggestion)}?` : ''}`,
  });
}

// A literal address has no base variable to say which surface it is: the payout paths are absolute
// (/api/v2/…, /v3/…), the other surfaces' paths sit under a prefix of the address (the plant base
// ends in /v3), so those are tried on every suffix of the path.
function matchLiteral(
  extra: readonly Endpoint[] | undefined,
  verb: string,
  maskedPath: string,
  restore: (s: string) => string,
  result: (m: Partial<EndpointMatch>) => EndpointMatch,
): EndpointMatch {
  const tryHit = (hit: PathHit | undefined): EndpointMatch | undefined => {
    if (!hit) return undefined;
    const { endpoint, other } = pickMethod(hit, verb);
    if (endpoint) return result({ endpoint, pathParams: hit.pathParams });
    return result({
      pathParams: hit.pathParams,
      suggestion: other,
      reason: `Method ${verb} is not allowed on ${restore(maskedPath)}: use ${hit.endpoints.map((e) => e.method).join(', ')}.`,
    });
  };
  const payout = tryHit(findPath(baseIndex(PAYOUT_BASE, extra), maskedPath, restore));
  if (payout) return payout;
  const index = indexFor(extra);
  const segs = maskedPath.split('/');
  for (const [base, bi] of index) {
    if (base === PAYOUT_BASE) continue;
    for (let i = 1; i < segs.length; i++) {
      const suffix = ['', ...segs.slice(i)].join('/');
      if (suffix === '/' || MASKED_WHOLE.test(segs[i])) continue;
      const m = tryHit(findPath(bi, suffix, restore));
      if (m) return m;
    }
  }
  const path = restore(maskedPath);
  const suggestion = closest(suggestionPool(allEndpoints(index), path), path, verb);
  return result({
    suggestion,
    reason: `No known endpoint at ${path}.${suggestion ? ` Did you mean ${describe(suggestion)}? ` : ' '}Prefer {{${PAYOUT_BASE}}} or {{plant_base_url}} to a literal address.`,
  });
}
