// What a request block is, cached per block object (blocks are immutable and reused by the
// parser while their text is unchanged): the endpoint its request line matches, and its body as
// fields (through bodyOf). `extra` endpoints (a `# @openapi` document) are part of the cache key.

import { matchRequest, type EndpointMatch } from '../catalogue';
import type { Endpoint } from '../catalogue/types';
import type { RequestBlock } from '../syntax/types';
import { bodyOf } from './body';
import type { BlockContext } from './lint/types';

const NO_MATCH: EndpointMatch = { path: '', pathParams: {}, query: {} };
const cache = new WeakMap<RequestBlock, { extra?: readonly Endpoint[]; ctx: BlockContext }>();

/**
 * Kept for every block: the endpoint match is small and code lenses ask it of every request per
 * version. The body model is not kept here but read through bodyOf, which keeps the models (and
 * JSON trees) of the blocks used last only.
 */
class Context implements BlockContext {
  constructor(
    readonly block: RequestBlock,
    readonly match: EndpointMatch,
  ) {}

  get endpoint() {
    return this.match.endpoint;
  }

  get body() {
    return bodyOf(this.block);
  }
}

export function blockContext(block: RequestBlock, extra?: Endpoint[]): BlockContext {
  const hit = cache.get(block);
  if (hit && hit.extra === extra) return hit.ctx;
  const line = block.requestLine;
  let match = NO_MATCH;
  if (line && line.url) {
    try {
      match = matchRequest(line.method, line.url, extra);
    } catch {
      match = NO_MATCH; // an odd URL must not take the request's other features down
    }
  }
  const ctx = new Context(block, match);
  cache.set(block, { extra, ctx });
  return ctx;
}
