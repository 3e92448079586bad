// A block's context is made for the block asked last only (engine/language/analysis.ts): asked
// again after other blocks, it is made again, to the same answers, from matchRequest's memo.
import assert from 'node:assert/strict';
import { matchRequest } from '../../engine/catalogue';
import { blockContext, blockEndpoint } from '../../engine/language/analysis';
import { parseHttpFile } from '../../engine/syntax/parser';

describe('language/analysis: a block’s context', () => {
  const requests = Array.from(
    { length: 201 },
    (_, i) => `### r${i}\nGET {{base_url}}/api/v2/orders/get-order-detail?partnerCode=p${i}&externalOrderId=o${i}\n\n`,
  );
  const file = parseHttpFile(requests.join(''));

  it('reads the same match after 200 other blocks were asked as when it was made', () => {
    const [first, ...rest] = file.requests;
    const ctx = blockContext(first);
    const made = ctx.match;
    assert.equal(made.query.externalOrderId, 'o0', 'the query is read');
    assert.equal(blockContext(first), ctx, 'the block asked last keeps its context');
    for (const b of rest) assert.equal(blockContext(b).match.query.externalOrderId, `o${b.name!.slice(1)}`);
    const again = blockContext(first);
    assert.notEqual(again, ctx, 'made again once other blocks were asked');
    assert.equal(again.match, made, 'the same (frozen) match, from the memo');
    assert.deepEqual(again.match, matchRequest('GET', first.requestLine!.url));
    assert.equal(again.endpoint, made.endpoint);
  });

  it('gives the code lenses the endpoint alone, the context’s', () => {
    const lenses = parseHttpFile(
      '### a\nPOST {{base_url}}/api/v2/orders/create-sell-order\n\n### b\nGET {{base_url}}/nowhere\n\n### c\nGET {{plant_base_url}}/plant/7\n',
    );
    for (const b of [...file.requests, ...lenses.requests]) assert.equal(blockEndpoint(b), blockContext(b).endpoint);
    assert.equal(blockEndpoint(lenses.requests[0])?.path, '/api/v2/orders/create-sell-order');
    assert.equal(blockEndpoint(lenses.requests[1]), undefined);
  });
});
