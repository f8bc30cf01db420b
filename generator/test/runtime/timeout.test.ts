import { afterEach, describe, expect, it, vi } from "vitest";
import { attemptSignal, raceSignal } from "../../runtime/timeout.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("attempt signal", () => {
  it("aborts after the timeout and says so", async () => {
    vi.useFakeTimers();
    const attempt = attemptSignal(undefined, 100);
    await vi.advanceTimersByTimeAsync(99);
    expect(attempt.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt.signal?.aborted).toBe(true);
    expect(attempt.timedOut()).toBe(true);
  });

  it("follows the caller's signal, and is not a timeout then", () => {
    const controller = new AbortController();
    const attempt = attemptSignal(controller.signal, 1_000);
    controller.abort("stop");
    expect(attempt.signal?.aborted).toBe(true);
    expect(attempt.signal?.reason).toBe("stop");
    expect(attempt.timedOut()).toBe(false);
    attempt.dispose();
    expect(attemptSignal(AbortSignal.abort("early"), 10).signal?.reason).toBe("early");
  });

  it("clears the timer and the listener on dispose", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const attempt = attemptSignal(controller.signal, 100);
    attempt.dispose();
    await vi.advanceTimersByTimeAsync(200);
    controller.abort();
    expect(attempt.signal?.aborted).toBe(false);
  });

  it("is the caller's signal, or none, when there is no timeout: nothing to build or clear", () => {
    expect(attemptSignal(undefined, 0).signal).toBeUndefined();
    expect(attemptSignal(undefined, undefined).signal).toBeUndefined();
    const controller = new AbortController();
    const attempt = attemptSignal(controller.signal, 0);
    expect(attempt.signal).toBe(controller.signal);
    controller.abort("stop");
    expect(attempt.timedOut()).toBe(false);
    attempt.dispose();
  });
});

describe("raceSignal", () => {
  it("settles with the promise or rejects on abort", async () => {
    await expect(raceSignal(Promise.resolve(1), undefined)).resolves.toBe(1);
    const controller = new AbortController();
    const pending = raceSignal(new Promise(() => undefined), controller.signal);
    controller.abort("gone");
    await expect(pending).rejects.toBe("gone");
    await expect(raceSignal(Promise.resolve(1), AbortSignal.abort("x"))).rejects.toBe("x");
  });
});
