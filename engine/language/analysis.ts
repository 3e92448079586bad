// What a request block is, computed once per block object and cached (blocks are immutable and
// reused by the parser while their text is unchanged): the endpoint its request line matches and
// its body as fields. `extra` endpoints (a `# @openapi` document) are part of the cache key.

import { matchRequest, type EndpointMatch } from '../catalogue';
import type { Endpoint } from '../catalogue/types';
import type { RequestBlock } from '../syntax/types';
import { Lru } from '../util/lru';
import { bodyOf } from './body';
import type { BlockContext } from './lint/types';

const NO_MATCH: EndpointMatch = { path: '', pathParams: {}, query: {} };
// The most recently used blocks only: a context holds the body model (and through it the tree).
const cache = new Lru<RequestBlock, { extra?: readonly Endpoint[]; ctx: BlockContext }>(256);

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
  const ctx: BlockContext = { block, match, endpoint: match.endpoint, body: bodyOf(block) };
  cache.set(block, { extra, ctx });
  return ctx;
}
