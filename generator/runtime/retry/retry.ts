/**
 * When to repeat an attempt and how long to wait. Repeated: GETs and the token request (a token request changes no
 * state: a second one only issues a second token). Never repeated: commands (POST to the API), because they are not
 * idempotent and a lost response does not mean the command was not executed. Retried: network failures, attempt
 * timeouts and the statuses 408, 429, 502, 503 and 504. Waits are exponential with full jitter, or what `Retry-After`
 * says (RFC 9110 §10.2.3: delay-seconds or an HTTP-date, http-date.ts) when it is at most `maxRetryAfterMs`; a longer
 * `Retry-After` is not slept through — the error is thrown at once with its `retryAfterMs`, for the caller to
 * schedule. Whether an attempt is repeated is next-step.ts's decision; this module says which requests and statuses
 * qualify and how long to wait.
 */
import { parseHttpDate } from "./http-date.js";

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 502, 503, 504]);

const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

export interface RetrySettings {
  /** First backoff step, before jitter. Default 500 (ms). */
  readonly baseDelayMs?: number;
  /** Largest backoff step, before jitter. Default 8 000 (ms). */
  readonly maxDelayMs?: number;
  /**
   * Longest `Retry-After` the client waits for before a retry. Default 60 000 (60 s). A response asking for longer
   * is not retried: its error is thrown at once, with `retryAfterMs` saying when the server will take the request.
   */
  readonly maxRetryAfterMs?: number;
  /** Random number in [0, 1) for the jitter; injectable for tests. Default `Math.random`. */
  readonly random?: () => number;
  /** Waits `ms`, rejecting when `signal` aborts; injectable for tests. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface RetryPolicy {
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly maxRetryAfterMs: number;
  readonly random: () => number;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const DEFAULT_MAX_RETRIES = 2;

export function retryPolicy(settings: RetrySettings = {}): RetryPolicy {
  return {
    baseDelayMs: nonNegative(settings.baseDelayMs, 500),
    maxDelayMs: nonNegative(settings.maxDelayMs, 8_000),
    maxRetryAfterMs: nonNegative(settings.maxRetryAfterMs, 60_000),
    random: settings.random ?? Math.random,
    sleep: settings.sleep ?? sleep,
  };
}

export function isIdempotentMethod(method: string): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/**
 * Wait before retry number `retry` (0 for the first retry): `Retry-After` when the response carried a usable one
 * (next-step.ts retries only when it is at most `maxRetryAfterMs`), else full jitter over
 * `min(maxDelayMs, baseDelayMs * 2^retry)`.
 */
export function retryDelay(policy: RetryPolicy, retry: number, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(0, retryAfterMs), policy.maxRetryAfterMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry));
  const random = Math.min(Math.max(policy.random(), 0), 1);
  return Math.floor(random * ceiling);
}

/** `Retry-After` as a wait in milliseconds from `nowMs`: delay-seconds or an HTTP-date; undefined when unusable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return Number.isSafeInteger(seconds) ? seconds * 1000 : undefined;
  }
  const date = parseHttpDate(text);
  return date === undefined ? undefined : Math.max(0, date - nowMs);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function nonNegative(value: number | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : fallback;
}
