import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseHttpDate } from "../../../runtime/retry/http-date.js";
import {
  isIdempotentMethod,
  isRetryableStatus,
  parseRetryAfter,
  retryDelay,
  retryPolicy,
  sleep,
} from "../../../runtime/retry/retry.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("retry rules", () => {
  it("retries only idempotent methods", () => {
    expect(isIdempotentMethod("get")).toBe(true);
    expect(isIdempotentMethod("GET")).toBe(true);
    expect(isIdempotentMethod("post")).toBe(false);
    expect(isIdempotentMethod("PATCH")).toBe(false);
  });

  it("retries 408, 429, 502, 503, 504 only", () => {
    const retried = Array.from({ length: 500 }, (_, index) => index + 100).filter(isRetryableStatus);
    expect(retried).toEqual([408, 429, 502, 503, 504]);
  });
});

describe("backoff", () => {
  it("is exponential with full jitter, capped", () => {
    const policy = retryPolicy({ baseDelayMs: 100, maxDelayMs: 1_000, random: () => 0.999 });
    expect([0, 1, 2, 3, 4, 5].map((retry) => retryDelay(policy, retry))).toEqual([99, 199, 399, 799, 999, 999]);
    const low = retryPolicy({ baseDelayMs: 100, random: () => 0 });
    expect(retryDelay(low, 3)).toBe(0);
  });

  it("stays within [0, min(max, base·2^n)) for any random value", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retry, random) => {
          const policy = retryPolicy({ baseDelayMs: 500, maxDelayMs: 8_000, random: () => random });
          const delay = retryDelay(policy, retry);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThan(Math.min(8_000, 500 * 2 ** retry));
        },
      ),
    );
  });

  it("uses Retry-After instead, capped at maxRetryAfterMs", () => {
    const policy = retryPolicy({ maxRetryAfterMs: 10_000 });
    expect(retryDelay(policy, 0, 3_000)).toBe(3_000);
    expect(retryDelay(policy, 0, 3_600_000)).toBe(10_000);
    expect(retryDelay(policy, 0, 0)).toBe(0);
  });
});

describe("Retry-After (RFC 9110 §10.2.3)", () => {
  const now = Date.UTC(2015, 9, 21, 7, 28, 0);

  it("reads delay-seconds", () => {
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("-1", now)).toBeUndefined();
    expect(parseRetryAfter("1.5", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it("reads an HTTP-date in all three formats, past dates as 0", () => {
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Wednesday, 21-Oct-15 07:29:00 GMT", now)).toBe(60_000);
    expect(parseRetryAfter("Wed Oct 21 07:28:10 2015", now)).toBe(10_000);
    expect(parseRetryAfter("Tue, 20 Oct 2015 07:28:00 GMT", now)).toBe(0);
  });

  it("rejects malformed dates", () => {
    expect(parseHttpDate("Wed, 32 Oct 2015 07:28:00 GMT")).toBeUndefined();
    expect(parseHttpDate("Wed, 21 Foo 2015 07:28:00 GMT")).toBeUndefined();
    expect(parseHttpDate("2015-10-21T07:28:00Z")).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });

  it("round-trips any date written with toUTCString (IMF-fixdate)", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }),
        (date) => {
          const seconds = Math.floor(date.getTime() / 1000) * 1000;
          expect(parseHttpDate(new Date(seconds).toUTCString())).toBe(seconds);
        },
      ),
    );
  });
});

describe("sleep", () => {
  it("waits, and rejects when aborted", async () => {
    vi.useFakeTimers();
    const done = vi.fn();
    void sleep(1_000).then(done);
    await vi.advanceTimersByTimeAsync(999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalled();

    const controller = new AbortController();
    const aborted = sleep(1_000, controller.signal).catch((error: unknown) => error);
    controller.abort(new Error("stop"));
    expect(await aborted).toEqual(new Error("stop"));
    await expect(sleep(1, AbortSignal.abort("x"))).rejects.toBe("x");
  });
});
