// v3 access tokens, cached per user until shortly before `expiresAt` (doc 2 §2.2, §4.1: "when a
// token nears expiresAt, the exchange is repeated"). The clock is a parameter so tests can move
// time; the exchange itself is a parameter so this file knows nothing about HTTP.

export interface AccessToken {
  accessToken: string;
  /** Unix seconds (doc 2 §2.2). */
  expiresAt: number;
}

export interface TokenCacheOptions {
  /** Milliseconds since the epoch. */
  now?: () => number;
  /**
   * Seconds before `expiresAt` at which a cached token counts as expired and is exchanged again,
   * so a request never leaves with a token that expires in flight. Doc 2 gives a 60-minute
   * lifetime and no margin ("not shown"): 60 s is the project's choice.
   */
  refreshMarginSeconds?: number;
}

export class TokenCache {
  private readonly tokens = new Map<string, AccessToken>();
  private readonly inFlight = new Map<string, Promise<AccessToken>>();
  private readonly now: () => number;
  private readonly margin: number;

  constructor(options: TokenCacheOptions = {}) {
    this.now = options.now ?? Date.now;
    this.margin = options.refreshMarginSeconds ?? 60;
  }

  /** The cache key: one token per user per service and partner (doc 2 §1: one token per customer). */
  static key(baseUrl: string, partnerCode: string, userEmail: string): string {
    return `${baseUrl}\u0000${partnerCode}\u0000${userEmail.toLowerCase()}`;
  }

  /** A usable cached token, or undefined when there is none or it is within the margin of expiry. */
  peek(key: string): AccessToken | undefined {
    const t = this.tokens.get(key);
    if (!t) return undefined;
    if (this.now() / 1000 >= t.expiresAt - this.margin) return undefined;
    return t;
  }

  /**
   * The cached token for `key`, or a fresh one from `exchange` (which signs a fresh client
   * assertion each time: assertions are never cached, doc 2 §2.1). Concurrent callers for the same
   * key share one exchange.
   */
  async get(key: string, exchange: () => Promise<AccessToken>): Promise<{ token: AccessToken; fresh: boolean }> {
    const cached = this.peek(key);
    if (cached) return { token: cached, fresh: false };
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = exchange().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    const token = await pending;
    this.tokens.set(key, token);
    return { token, fresh: true };
  }

  /** Forget a token the service refused (ACCESS_TOKEN_INVALID), so the next call exchanges again. */
  invalidate(key: string): void {
    this.tokens.delete(key);
  }
}
