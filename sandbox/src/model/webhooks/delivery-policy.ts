/**
 * When webhook delivery retries and when it gives up (the reference shows no retry rules; these are the
 * sandbox's): a failed batch is retried with exponential backoff and jitter, and goes to the dead-letter list
 * after `maxAttempts` failed attempts or once its first attempt is `maxAgeMs` old, whichever comes first.
 */
export interface RetryPolicy {
  /** Delay before the first retry; it doubles on every failure. */
  readonly initialMs: number;
  /** Upper bound of the delay. */
  readonly maxMs: number;
  /** Failed attempts after which a batch is dead-lettered; default 10. */
  readonly maxAttempts?: number;
  /** Age of a batch's first attempt after which a failure dead-letters it; default 15 minutes. */
  readonly maxAgeMs?: number;
}

export const defaultRetryPolicy = {
  initialMs: 500,
  maxMs: 30_000,
  maxAttempts: 10,
  maxAgeMs: 15 * 60_000,
} as const satisfies Required<RetryPolicy>;

/** Undelivered events a target may have before the oldest are dead-lettered (reason "backlog"); default 1,000. */
export const DEFAULT_MAX_PENDING = 1_000;

/** The policy with every limit set. */
export function completePolicy(policy: RetryPolicy | undefined): Required<RetryPolicy> {
  return { ...defaultRetryPolicy, ...policy };
}

/**
 * Delay before retry number `attempt` (1 for the first): `initialMs · 2^(attempt−1)` capped at `maxMs`, of which
 * a random half is dropped ("equal jitter"), so retries of many targets spread out but never come sooner than half.
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 52);
  const ceiling = Math.min(policy.maxMs, policy.initialMs * 2 ** exponent);
  const jitter = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * jitter);
}

/** Why a batch that just failed its `attempts`-th attempt is given up, or undefined to retry it. */
export function giveUpReason(
  attempts: number,
  firstAttemptAtMs: number,
  nowMs: number,
  policy: Required<RetryPolicy>,
): "attempts" | "age" | undefined {
  if (attempts >= policy.maxAttempts) return "attempts";
  if (nowMs - firstAttemptAtMs >= policy.maxAgeMs) return "age";
  return undefined;
}
