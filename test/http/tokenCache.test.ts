import assert from 'node:assert/strict';
import { TokenCache } from '../../engine/http/tokenCache';

describe('http/tokenCache: v3 tokens per user until shortly before expiresAt', () => {
  let nowMs = Date.UTC(2026, 0, 1, 12, 0, 0);
  const now = () => nowMs;
  let exchanges = 0;
  const exchange =
    (lifetime = 3600) =>
    () => {
      exchanges++;
      return Promise.resolve({ accessToken: `token-${exchanges}`, expiresAt: Math.floor(nowMs / 1000) + lifetime });
    };
  beforeEach(() => {
    nowMs = Date.UTC(2026, 0, 1, 12, 0, 0);
    exchanges = 0;
  });

  it('exchanges once, then serves the cached token until the refresh margin', async () => {
    const cache = new TokenCache({ now, refreshMarginSeconds: 60 });
    const key = TokenCache.key('http://x', 'P1', 'alice@example.com');
    const a = await cache.get(key, exchange());
    assert.deepEqual([a.token.accessToken, a.fresh], ['token-1', true]);
    nowMs += (3600 - 61) * 1000; // 61 s before expiry: still outside the margin
    const b = await cache.get(key, exchange());
    assert.deepEqual([b.token.accessToken, b.fresh], ['token-1', false]);
    nowMs += 1000; // exactly at the margin: refresh by exchanging again
    const c = await cache.get(key, exchange());
    assert.deepEqual([c.token.accessToken, c.fresh], ['token-2', true]);
    assert.equal(exchanges, 2);
  });

  it('keeps one token per user (and per partner and service)', async () => {
    const cache = new TokenCache({ now });
    await cache.get(TokenCache.key('http://x', 'P1', 'alice@example.com'), exchange());
    await cache.get(TokenCache.key('http://x', 'P1', 'bob@example.com'), exchange());
    await cache.get(TokenCache.key('http://x', 'P2', 'alice@example.com'), exchange());
    await cache.get(TokenCache.key('http://y', 'P1', 'alice@example.com'), exchange());
    assert.equal(exchanges, 4);
    const again = await cache.get(TokenCache.key('http://x', 'P1', 'ALICE@example.com'), exchange());
    assert.equal(again.fresh, false, 'e-mail case does not make another user');
  });

  it('shares one exchange between concurrent callers', async () => {
    const cache = new TokenCache({ now });
    const key = TokenCache.key('http://x', 'P1', 'alice@example.com');
    const [a, b] = await Promise.all([cache.get(key, exchange()), cache.get(key, exchange())]);
    assert.equal(exchanges, 1);
    assert.equal(a.token.accessToken, b.token.accessToken);
  });

  it('exchanges again after invalidate (a token the service refused)', async () => {
    const cache = new TokenCache({ now });
    const key = TokenCache.key('http://x', 'P1', 'alice@example.com');
    await cache.get(key, exchange());
    cache.invalidate(key);
    const r = await cache.get(key, exchange());
    assert.equal(r.token.accessToken, 'token-2');
  });

  it('does not cache a failed exchange', async () => {
    const cache = new TokenCache({ now });
    const key = TokenCache.key('http://x', 'P1', 'alice@example.com');
    await assert.rejects(
      cache.get(key, () => Promise.reject(new Error('INVALID_SIGNATURE'))),
      /INVALID_SIGNATURE/,
    );
    const r = await cache.get(key, exchange());
    assert.equal(r.fresh, true);
  });

  it('treats a token already past the margin as expired at once', async () => {
    const cache = new TokenCache({ now, refreshMarginSeconds: 60 });
    const key = TokenCache.key('http://x', 'P1', 'alice@example.com');
    await cache.get(key, exchange(30)); // lives 30 s: inside the 60 s margin from the start
    assert.equal(cache.peek(key), undefined);
  });
});
