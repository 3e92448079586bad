// What a request block is: the endpoint its request line matches, and its body as fields (through
// bodyOf). `extra` endpoints (a `# @openapi` document) are part of the cache key. Made for the block
// read last only: readers go block by block (a dozen lint rules, then completion or hover on the
// block at the cursor), and the endpoint of any other block is one lookup in matchRequest's own
// memo (the code lenses ask it of every request: blockEndpoint).

import { matchRequest, type EndpointMatch } from '../catalogue';
import type { Endpoint } from '../catalogue/types';
import { LastRead } from '../util/lru';
import type { RequestBlock } from '../syntax/types';
import { bodyOf } from './body';
import type { BlockContext } from './lint/types';

const NO_MATCH: EndpointMatch = { path: '', pathParams: {}, query: {} };
/**
 * The context of the block asked last. Kept for every block (a WeakMap), the contexts and the
 * map's table were 4.5 MB of the 20 MB document's live heap and 11 MB of garbage made while the
 * open filled the table (issue 28).
 */
const last = new LastRead<RequestBlock, Context>();

class Context implements BlockContext {
  readonly endpoint: Endpoint | undefined;

  constructor(
    readonly block: RequestBlock,
    readonly extra: Endpoint[] | undefined,
    readonly match: EndpointMatch,
  ) {
    this.endpoint = match.endpoint;
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
  const hit = last.get(block);
  if (hit && hit.extra === extra) return hit;
  const ctx = new Context(block, extra, matchOf(block, extra));
  last.set(block, ctx);
  return ctx;
}

/** The endpoint a block's request line targets (no context made: the code lenses ask it of every request). */
export function blockEndpoint(block: RequestBlock, extra?: Endpoint[]): Endpoint | undefined {
  return matchOf(block, extra).endpoint;
}
