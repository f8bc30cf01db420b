/**
 * Rate limits of the token endpoints, as token buckets (the reference states no rate limits; these are the
 * sandbox's, so that clients meet a 429 here before production): per client, every token request of a
 * `client_id` takes a token; per user, every failed password (`invalid_user`) of a `username` takes one, and
 * while a user's bucket is empty even the right password is refused, which is what stops guessing. A refusal
 * is 429 with `Retry-After` (RFC 6585 §4, RFC 9110 §10.2.3). Buckets refill continuously in real time (the
 * sandbox clock can jump); at most `maxKeys` buckets are kept, forgetting the least recently used (a forgotten
 * bucket is full again), so random client ids cannot grow memory.
 */
export interface RateLimit {
  /** Requests allowed in a burst. */
  readonly burst: number;
  /** Requests per second the bucket refills with. */
  readonly perSecond: number;
}

export interface TokenRateLimits {
  /** Every token request, per `client_id`. Default: bursts of 600, 10 per second after (600 per minute). */
  readonly perClient: RateLimit;
  /** Failed passwords, per `username` (case-insensitive). Default: 10, then one more every 6 seconds. */
  readonly perUserFailure: RateLimit;
}

export const defaultTokenRateLimits = {
  perClient: { burst: 600, perSecond: 10 },
  perUserFailure: { burst: 10, perSecond: 1 / 6 },
} as const satisfies TokenRateLimits;

const DEFAULT_MAX_KEYS = 10_000;

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/** Token buckets by key, one limit for all of them. `now` is a monotonic time in milliseconds. */
export class TokenBuckets {
  readonly #buckets = new Map<string, Bucket>();
  readonly #limit: RateLimit;
  readonly #now: () => number;
  readonly #maxKeys: number;

  constructor(limit: RateLimit, now: () => number = () => performance.now(), maxKeys = DEFAULT_MAX_KEYS) {
    if (!(limit.burst >= 1) || !(limit.perSecond > 0))
      throw new RangeError("a rate limit needs burst ≥ 1 and perSecond > 0");
    this.#limit = limit;
    this.#now = now;
    this.#maxKeys = maxKeys;
  }

  /** The bucket of `key`, refilled up to now and moved to the most recently used end. */
  #bucket(key: string): Bucket {
    const now = this.#now();
    const found = this.#buckets.get(key);
    const bucket = found ?? { tokens: this.#limit.burst, updatedMs: now };
    const refill = ((now - bucket.updatedMs) / 1000) * this.#limit.perSecond;
    bucket.tokens = Math.min(this.#limit.burst, bucket.tokens + refill);
    bucket.updatedMs = now;
    this.#buckets.delete(key);
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > this.#maxKeys) this.#buckets.delete(this.#buckets.keys().next().value!);
    return bucket;
  }

  /** Whole seconds until `key` has a token again; 0 when it has one now. */
  retryAfterSeconds(key: string): number {
    const missing = 1 - this.#bucket(key).tokens;
    return missing <= 0 ? 0 : Math.max(1, Math.ceil(missing / this.#limit.perSecond));
  }

  /** Takes a token of `key` (the bucket may go below one; `retryAfterSeconds` then says how long to wait). */
  take(key: string): void {
    this.#bucket(key).tokens -= 1;
  }
}

/** The token endpoints' limiter: both kinds of bucket. */
export interface TokenRateLimiter {
  /** Seconds to wait before a request of this client and user is served; 0 to serve it now (and count it). */
  admit(clientId: string, username: string | undefined): number;
  /** Counts a failed password of `username`. */
  failedPassword(username: string): void;
}

export function createTokenRateLimiter(
  limits: TokenRateLimits = defaultTokenRateLimits,
  now?: () => number,
): TokenRateLimiter {
  const clients = new TokenBuckets(limits.perClient, now);
  const users = new TokenBuckets(limits.perUserFailure, now);
  const userKey = (username: string): string => username.toLowerCase();
  return {
    admit(clientId, username) {
      const wait = Math.max(
        clients.retryAfterSeconds(clientId),
        username === undefined ? 0 : users.retryAfterSeconds(userKey(username)),
      );
      if (wait === 0) clients.take(clientId);
      return wait;
    },
    failedPassword(username) {
      users.take(userKey(username));
    },
  };
}
