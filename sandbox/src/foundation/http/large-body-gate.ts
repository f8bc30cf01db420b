/**
 * At most `capacity` large request bodies are read at once: a large body is held in memory whole until it is
 * parsed, so without a bound a burst of them grows memory without bound (48 bodies of 9.9 MB took the process to
 * 584 MB). One over the bound is refused at once (503 with Retry-After, RFC 9110 §15.6.4) rather than queued, so
 * the client decides when to try again and nothing waits in memory meanwhile.
 */
export interface LargeBodyGate {
  /** Takes a place; false when every place is taken. */
  tryEnter(): boolean;
  /** Gives a place back (once per successful `tryEnter`). */
  leave(): void;
  /** Places taken now. */
  readonly inUse: number;
}

export function createLargeBodyGate(capacity: number): LargeBodyGate {
  let inUse = 0;
  return {
    tryEnter() {
      if (inUse >= capacity) return false;
      inUse += 1;
      return true;
    },
    leave() {
      inUse = Math.max(0, inUse - 1);
    },
    get inUse() {
      return inUse;
    },
  };
}
