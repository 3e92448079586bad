// What a request block is, cached per block object (blocks are immutable and reused by the
// parser while their text is unchanged): the endpoint its request line matches, and its body as
// fields (through bodyOf). `extra` endpoints (a `# @openapi` document) are part of the cache key.

import { matchRequest, type EndpointMatch } from '../catalogue';
import type { Endpoint } from '../catalogue/types';
import { LastRead } from '../util/lru';
import type { RequestBlock } from '../syntax/types';
import { bodyOf } from './body';
import type { BlockContext } from './lint/types';

const NO_MATCH: EndpointMatch = { path: '', pathParams: {}, query: {} };
const cache = new WeakMap<RequestBlock, Context>();
/**
 * The whole match (base, path, path parameters, query) of the block asked last: two
 * lint rules read it right after the endpoint is found; kept for every block they were ~1.4 MB of a
 * 5,000-request file (issue 28), while every other reader wants the endpoint alone.
 */
const matches = new LastRead<Context, EndpointMatch>();

/**
 * Kept for every block: the endpoint, which code lenses ask of every request per version. The
 * whole match is made again when read after eviction (from the same request line, to the same
 * result); the body model is read through bodyOf, which keeps the model (and JSON tree) of the
 * block used last only.
 */
class Context implements BlockContext {
  readonly endpoint: Endpoint | undefined;

  constructor(
    readonly block: RequestBlock,
    readonly extra: Endpoint[] | undefined,
    match: EndpointMatch,
  ) {
    this.endpoint = match.endpoint;
    matches.set(this, match);
  }

  get match(): EndpointMatch {
    let m = matches.get(this);
    if (!m) {
      m = matchOf(this.block, this.extra);
      matches.set(this, m);
    }
    return m;
  }

  get body() {
    return bodyOf(this.block);
  }
}

function matchOf(block: RequestBlock, extra: Endpoint[] | undefined): EndpointMatch {
  const line = block.requestLine;
  if (!line || !line.url) return NO_MATCH;
  try {
    return matchRequest(line.method, line.url, extra);
  } catch {
    return NO_MATCH; // an odd URL must not take the request's other features down
  }
}

export function blockContext(block: RequestBlock, extra?: Endpoint[]): BlockContext {
  const hit = cache.get(block);
  if (hit && hit.extra === extra) return hit;
  const ctx = new Context(block, extra, matchOf(block, extra));
  cache.set(block, ctx);
  return ctx;
}
