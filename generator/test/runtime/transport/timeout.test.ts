// @module-tag node-lines: AbortSignal.timeout and AbortSignal.any.
import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import { attemptSignal, raceSignal } from "../../../runtime/transport/timeout.js";
import { generatorRoot } from "../../support/fixtures.js";

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

describe("shared deadlines (a timeout, no caller signal)", () => {
  it("share one signal between attempts that end in the same slot, and time out together", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const first = attemptSignal(undefined, 1_000);
    const second = attemptSignal(undefined, 1_000);
    expect(second.signal).toBe(first.signal);
    await vi.advanceTimersByTimeAsync(1); // a 1 s timeout has 1 ms slots
    const later = attemptSignal(undefined, 1_000);
    expect(later.signal).not.toBe(first.signal);
    await vi.advanceTimersByTimeAsync(999);
    expect([first.signal?.aborted, first.timedOut(), later.signal?.aborted]).toEqual([true, true, false]);
    await vi.advanceTimersByTimeAsync(1);
    expect([later.signal?.aborted, later.timedOut()]).toEqual([true, true]);
  });

  it("are kept apart by timeout, so the reason names each attempt's own", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const long = attemptSignal(undefined, 1_000);
    await vi.advanceTimersByTimeAsync(500);
    const short = attemptSignal(undefined, 500); // ends at the same moment
    expect(short.signal).not.toBe(long.signal);
    await vi.advanceTimersByTimeAsync(500);
    expect((long.signal?.reason as DOMException).message).toBe("The attempt timed out after 1000 ms");
    expect((short.signal?.reason as DOMException).message).toBe("The attempt timed out after 500 ms");
  });

  it("time out no earlier than the timeout and at most a thousandth later", async () => {
    for (const start of [1_000_000, 1_000_007, 1_000_029]) {
      vi.useFakeTimers({ now: start });
      const attempt = attemptSignal(undefined, 30_000); // 30 ms slots
      await vi.advanceTimersByTimeAsync(29_999);
      expect(attempt.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(31);
      expect(attempt.signal?.aborted).toBe(true);
      vi.useRealTimers();
    }
  });

  it("let many fetches follow one signal without Node's listener-leak warning", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const { signal } = attemptSignal(undefined, 60_000);
      for (let index = 0; index < 50; index++) signal?.addEventListener("abort", () => undefined);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("do not keep the process alive", () => {
    const script =
      'import { attemptSignal } from "./runtime/transport/timeout.ts"; attemptSignal(undefined, 600_000); console.log("done");';
    const started = Date.now();
    const output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: generatorRoot,
      timeout: 45_000,
    });
    expect(output.toString()).toContain("done");
    expect(Date.now() - started).toBeLessThan(45_000);
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
