/**
 * What the transport does after an attempt, decided from the attempt's outcome and the request's state alone: keep
 * the outcome (return the response, or throw the failure), fetch a fresh token and try again (once, after a 401:
 * an expired or revoked token; also for a POST, which a 401 did not execute), or wait and try again (an idempotent
 * request, after a network failure, a timeout or a retryable status, while retries are left; `Retry-After`
 * honoured up to `maxRetryAfterMs`, and above it the outcome is final: the caller gets the error at once, with the
 * wait the server asked for). An aborted attempt, a body too large and a refused redirect are never repeated. Pure: no clock, no I/O, the jitter from the policy's `random`,
 * so every branch is tested without `fetch` (test/runtime/transport/next-step.test.ts); transport.ts acts on the step.
 */
import { ConnectionError, TimeoutError, type AccountFundsError } from "../errors/errors.js";
import { isRetryableStatus, parseRetryAfter, retryDelay, type RetryPolicy } from "../retry/retry.js";

/** How an attempt ended: with a response (its body read), or without one. */
export type AttemptOutcome =
  | {
      readonly kind: "response";
      readonly response: Response;
      /** When the response was read (epoch ms): an HTTP-date `Retry-After` counts from then. */
      readonly receivedAtMs: number;
    }
  | {
      readonly kind: "failure";
      /**
       * A `ConnectionError` or a `TimeoutError` (retryable), an `AbortError` (the caller aborted), a
       * `ResponseTooLargeError` or an `InvalidArgumentError` (final).
       */
      readonly failure: AccountFundsError;
    };

/** Where one logical request stands between its attempts. */
export interface SendState {
  /** Idempotent: may be repeated after a network failure, a timeout or a retryable status. */
  readonly retryable: boolean;
  readonly maxRetries: number;
  /** Retries taken so far; the fresh-token retry after a 401 is not one. */
  readonly retries: number;
  /** The request carries a bearer token, and no fresh one was fetched for it yet. */
  readonly mayReauthenticate: boolean;
  readonly policy: RetryPolicy;
}

export type NextStep =
  /** The outcome is the request's: its response is returned, its failure thrown. */
  | { readonly kind: "final" }
  /** Drop the token the API refused and try again at once with a fresh one. */
  | { readonly kind: "reauthenticate"; readonly state: SendState }
  /** Wait `delayMs`, then try again. `reason` and `status` are what the `onRetry` hook is told. */
  | {
      readonly kind: "retry";
      readonly delayMs: number;
      readonly reason: string;
      readonly status?: number;
      readonly state: SendState;
    };

const FINAL: NextStep = { kind: "final" };

export function initialSendState(
  retryable: boolean,
  maxRetries: number,
  bearer: boolean,
  policy: RetryPolicy,
): SendState {
  return { retryable, maxRetries, retries: 0, mayReauthenticate: bearer, policy };
}

export function nextStep(outcome: AttemptOutcome, state: SendState): NextStep {
  if (outcome.kind === "failure") {
    const transient = outcome.failure instanceof ConnectionError || outcome.failure instanceof TimeoutError;
    if (!transient || !mayRetry(state)) return FINAL;
    return retry(state, outcome.failure.name, undefined, retryDelay(state.policy, state.retries));
  }
  const status = outcome.response.status;
  if (status === 401 && state.mayReauthenticate)
    return { kind: "reauthenticate", state: { ...state, mayReauthenticate: false } };
  if (!isRetryableStatus(status) || !mayRetry(state)) return FINAL;
  const retryAfterMs = parseRetryAfter(outcome.response.headers.get("retry-after"), outcome.receivedAtMs);
  // Fail fast rather than sleep for minutes, or retry sooner than the server asked: the caller decides.
  if (retryAfterMs !== undefined && retryAfterMs > state.policy.maxRetryAfterMs) return FINAL;
  return retry(state, `status ${status}`, status, retryDelay(state.policy, state.retries, retryAfterMs));
}

function mayRetry(state: SendState): boolean {
  return state.retryable && state.retries < state.maxRetries;
}

function retry(state: SendState, reason: string, status: number | undefined, delayMs: number): NextStep {
  const next = { ...state, retries: state.retries + 1 };
  return status === undefined
    ? { kind: "retry", delayMs, reason, state: next }
    : { kind: "retry", delayMs, reason, status, state: next };
}
