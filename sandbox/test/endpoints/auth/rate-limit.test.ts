import { describe, expect, it } from "vitest";
import {
  TokenBuckets,
  createTokenRateLimiter,
  defaultTokenRateLimits,
} from "../../../src/endpoints/auth/rate-limit.js";

/** A monotonic clock the test moves. */
function manualTime(): { now: () => number; advance: (ms: number) => void } {
  let ms = 0;
  return { now: () => ms, advance: (by) => (ms += by) };
}

describe("TokenBuckets", () => {
  it("allows a burst, then one request per 1/perSecond, and says how long to wait", () => {
    const time = manualTime();
    const buckets = new TokenBuckets({ burst: 3, perSecond: 0.5 }, time.now);
    for (let index = 0; index < 3; index += 1) {
      expect(buckets.retryAfterSeconds("a")).toBe(0);
      buckets.take("a");
    }
    expect(buckets.retryAfterSeconds("a")).toBe(2);
    time.advance(1_000);
    expect(buckets.retryAfterSeconds("a")).toBe(1);
    time.advance(1_000);
    expect(buckets.retryAfterSeconds("a")).toBe(0);
    expect(buckets.retryAfterSeconds("b")).toBe(0); // another key has its own bucket
  });

  it("never refills past the burst", () => {
    const time = manualTime();
    const buckets = new TokenBuckets({ burst: 2, perSecond: 1 }, time.now);
    time.advance(60_000);
    buckets.take("a");
    buckets.take("a");
    expect(buckets.retryAfterSeconds("a")).toBe(1);
  });

  it("keeps at most maxKeys buckets, forgetting the least recently used", () => {
    const time = manualTime();
    const buckets = new TokenBuckets({ burst: 1, perSecond: 0.001 }, time.now, 2);
    buckets.take("a");
    buckets.take("b");
    expect(buckets.retryAfterSeconds("a")).toBeGreaterThan(0); // touches a: b is now the oldest
    buckets.take("c"); // a third key: b is forgotten
    expect(buckets.retryAfterSeconds("a")).toBeGreaterThan(0);
    expect(buckets.retryAfterSeconds("b")).toBe(0); // full again (and now c is the one forgotten)
  });

  it("refuses a limit that allows nothing", () => {
    expect(() => new TokenBuckets({ burst: 0, perSecond: 1 })).toThrow(RangeError);
    expect(() => new TokenBuckets({ burst: 1, perSecond: 0 })).toThrow(RangeError);
  });
});

describe("the token endpoints' limiter", () => {
  it("counts every request per client, and only failed passwords per user (case-insensitive)", () => {
    const time = manualTime();
    const limiter = createTokenRateLimiter(
      { perClient: { burst: 100, perSecond: 1 }, perUserFailure: { burst: 2, perSecond: 0.1 } },
      time.now,
    );
    for (let index = 0; index < 20; index += 1) expect(limiter.admit("client", "demo@example.com")).toBe(0);
    limiter.failedPassword("Demo@Example.com");
    limiter.failedPassword("demo@example.com");
    expect(limiter.admit("client", "DEMO@example.com")).toBe(10);
    expect(limiter.admit("client", "other@example.com")).toBe(0);
    expect(limiter.admit("client", undefined)).toBe(0);
  });

  it("refuses a client past its burst without counting the refusals", () => {
    const time = manualTime();
    const limiter = createTokenRateLimiter(
      { perClient: { burst: 2, perSecond: 1 }, perUserFailure: { burst: 10, perSecond: 1 } },
      time.now,
    );
    expect(limiter.admit("client", "demo@example.com")).toBe(0);
    expect(limiter.admit("client", "demo@example.com")).toBe(0);
    for (let index = 0; index < 5; index += 1) expect(limiter.admit("client", "demo@example.com")).toBe(1);
    time.advance(1_000);
    expect(limiter.admit("client", "demo@example.com")).toBe(0);
    expect(limiter.admit("another-client", "demo@example.com")).toBe(0);
  });

  it("has the documented defaults", () => {
    expect(defaultTokenRateLimits).toEqual({
      perClient: { burst: 600, perSecond: 10 },
      perUserFailure: { burst: 10, perSecond: 1 / 6 },
    });
  });
});
