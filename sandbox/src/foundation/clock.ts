/**
 * The sandbox clock: real time plus a movable offset. Token expiry (RFC 7519 §4.1.4) is judged by it, not by wall
 * time, so moving it 900 s ahead expires every token without waiting.
 */
export interface SandboxClock {
  /** Current sandbox time. */
  now(): Date;
  /** Current sandbox time as a NumericDate: whole seconds since the epoch (RFC 7519 §2). */
  nowSeconds(): number;
  /** Moves the clock by `seconds` (may be negative or fractional). */
  advance(seconds: number): void;
  /** Makes the clock read `date` now; it keeps running from there at real speed. */
  set(date: Date): void;
  /** Undoes every `advance` and `set`: the clock reads what it would have, had it never been moved. */
  reset(): void;
}

/** Creates a clock that reads real time, or `start` (then keeps running) when given. */
export function createSandboxClock(start?: Date): SandboxClock {
  let offsetMs = 0;
  const set = (date: Date): void => {
    const target = date.getTime();
    if (!Number.isFinite(target)) throw new RangeError("SandboxClock.set: invalid date");
    offsetMs = target - Date.now();
  };
  if (start !== undefined) set(start);
  const initialOffsetMs = offsetMs;
  const nowMs = (): number => Date.now() + offsetMs;
  return {
    now: () => new Date(nowMs()),
    nowSeconds: () => Math.floor(nowMs() / 1000),
    advance(seconds: number): void {
      if (!Number.isFinite(seconds)) throw new RangeError("SandboxClock.advance: seconds must be a finite number");
      offsetMs += seconds * 1000;
    },
    set,
    reset(): void {
      offsetMs = initialOffsetMs;
    },
  };
}
