import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSandboxClock } from "../../src/foundation/clock.js";

describe("createSandboxClock", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-03-14T09:00:00.250Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads real time when no start is given", () => {
    const clock = createSandboxClock();
    expect(clock.now().toISOString()).toBe("2025-03-14T09:00:00.250Z");
    expect(clock.nowSeconds()).toBe(Math.floor(Date.parse("2025-03-14T09:00:00.250Z") / 1000));
  });

  it("starts at the given date and keeps running at real speed", () => {
    const clock = createSandboxClock(new Date("2030-01-01T00:00:00Z"));
    expect(clock.now().toISOString()).toBe("2030-01-01T00:00:00.000Z");
    vi.advanceTimersByTime(1500);
    expect(clock.now().toISOString()).toBe("2030-01-01T00:00:01.500Z");
  });

  it("advance moves the clock without touching real time", () => {
    const clock = createSandboxClock(new Date("2030-01-01T00:00:00Z"));
    clock.advance(901);
    expect(clock.now().toISOString()).toBe("2030-01-01T00:15:01.000Z");
    expect(clock.nowSeconds()).toBe(Date.parse("2030-01-01T00:15:01Z") / 1000);
    expect(new Date().toISOString()).toBe("2025-03-14T09:00:00.250Z");
    clock.advance(-1.5);
    expect(clock.now().toISOString()).toBe("2030-01-01T00:14:59.500Z");
  });

  it("set jumps to a date", () => {
    const clock = createSandboxClock();
    clock.set(new Date("2001-02-03T04:05:06Z"));
    expect(clock.now().toISOString()).toBe("2001-02-03T04:05:06.000Z");
  });

  it("rejects non-finite input", () => {
    const clock = createSandboxClock();
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(() => clock.set(new Date("not a date"))).toThrow(RangeError);
    expect(clock.now().toISOString()).toBe("2025-03-14T09:00:00.250Z");
  });

  it("reset undoes every advance and set, back to how the clock was made", () => {
    const fromNow = createSandboxClock();
    fromNow.advance(901);
    fromNow.set(new Date("2001-02-03T04:05:06Z"));
    fromNow.reset();
    expect(fromNow.now().toISOString()).toBe("2025-03-14T09:00:00.250Z");
    const fromStart = createSandboxClock(new Date("2030-01-01T00:00:00Z"));
    fromStart.advance(3600);
    fromStart.reset();
    expect(fromStart.now().toISOString()).toBe("2030-01-01T00:00:00.000Z");
  });
});
