// A block's context keeps the endpoint; the whole match (path parameters, query) is kept for the
// blocks asked last only and made again when read after that (engine/language/analysis.ts).
import assert from 'node:assert/strict';
import { matchRequest } from '../../engine/catalogue';
import { blockContext } from '../../engine/language/analysis';
import { parseHttpFile } from '../../engine/syntax/parser';

describe('language/analysis: a block’s context', () => {
  it('reads the same match after 200 other blocks were asked as when it was made', () => {
    const requests = Array.from(
      { length: 201 },
      (_, i) => `### r${i}\nGET {{base_url}}/api/v2/orders/get-order-detail?partnerCode=p${i}&externalOrderId=o${i}\n\n`,
    );
    const file = parseHttpFile(requests.join(''));
    const [first, ...rest] = file.requests;
    const ctx = blockContext(first);
    const made = ctx.match;
    assert.equal(made.query.externalOrderId, 'o0', 'the query is read');
    for (const b of rest) assert.equal(blockContext(b).match.query.externalOrderId, `o${b.name!.slice(1)}`);
    assert.equal(blockContext(first), ctx, 'the context itself is kept');
    assert.deepEqual(ctx.match, made);
    assert.deepEqual(ctx.match, matchRequest('GET', first.requestLine!.url));
    assert.equal(ctx.endpoint, made.endpoint);
  });
});
