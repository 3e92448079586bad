import assert from 'node:assert/strict';
import { LastRead, Lru } from '../../engine/util/lru';

describe('util/lru', () => {
  it('evicts the entry used least recently, a read counting as a use', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    assert.equal(lru.get('a'), 1); // now b is the oldest
    lru.set('c', 3);
    assert.equal(lru.get('b'), undefined, 'b was evicted');
    assert.equal(lru.get('a'), 1);
    assert.equal(lru.get('c'), 3);
    assert.equal(lru.size, 2);
  });

  it('keeps the order right when the same key is read twice in a row', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.get('a');
    lru.get('a');
    lru.set('c', 3);
    assert.deepEqual([lru.get('a'), lru.get('b'), lru.get('c')], [1, undefined, 3]);
  });
});

describe('util/lru LastRead', () => {
  it('answers for the key set last only, and forgets it on clear', () => {
    const last = new LastRead<object, number>();
    const a = {};
    const b = {};
    assert.equal(last.get(a), undefined);
    last.set(a, 1);
    assert.equal(last.get(a), 1);
    assert.equal(last.get(b), undefined);
    last.set(b, 2);
    assert.deepEqual([last.get(a), last.get(b)], [undefined, 2]);
    last.clear();
    assert.equal(last.get(b), undefined);
  });
});
