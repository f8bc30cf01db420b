/**
 * The transport's decision after an attempt (runtime/transport/next-step.ts), branch by branch, without `fetch`: outcomes are
 * built from `Response` objects and error instances, the jitter from a fixed `random`.
 */
import { describe, expect, it } from "vitest";
import {
  AbortError,
  ConnectionError,
  InvalidArgumentError,
  ResponseTooLargeError,
  TimeoutError,
  type AccountFundsError,
} from "../../../runtime/errors/errors.js";
import {
  initialSendState,
  nextStep,
  type AttemptOutcome,
  type SendState,
} from "../../../runtime/transport/next-step.js";
import { retryPolicy } from "../../../runtime/retry/retry.js";

const NOW = Date.UTC(2015, 9, 21, 7, 28, 0);
/** Full jitter at 0.5: the first retry waits half of the 500 ms base, the second half of 1 s. */
const policy = retryPolicy({ random: () => 0.5 });
const request = { method: "GET", url: "https://api.example.com/api/v1/Accounts" };

const get = (overrides: Partial<SendState> = {}): SendState => ({
  ...initialSendState(true, 2, true, policy),
  ...overrides,
});
const post = (overrides: Partial<SendState> = {}): SendState => ({
  ...initialSendState(false, 2, true, policy),
  ...overrides,
});

function answered(status: number, headers: Record<string, string> = {}): AttemptOutcome {
  return { kind: "response", response: new Response(null, { status, headers }), receivedAtMs: NOW };
}

function failed(failure: AccountFundsError): AttemptOutcome {
  return { kind: "failure", failure };
}

const network = (): AccountFundsError =>
  new ConnectionError({ message: "socket hang up", code: "connection_failed", request });
const timeout = (): AccountFundsError =>
  new TimeoutError({ message: "timed out", code: "timeout", request, timeoutMs: 10 });
const abort = (): AccountFundsError => new AbortError({ message: "aborted", code: "aborted", request });

describe("nextStep", () => {
  it("keeps a success, and any status that is not retried", () => {
    for (const status of [200, 201, 204, 400, 403, 404, 409, 410, 500, 501])
      expect(nextStep(answered(status), get()), String(status)).toEqual({ kind: "final" });
  });

  it("retries a GET after a network failure and a timeout, with backoff, and counts the retry", () => {
    expect(nextStep(failed(network()), get())).toEqual({
      kind: "retry",
      delayMs: 250,
      reason: "ConnectionError",
      state: get({ retries: 1 }),
    });
    expect(nextStep(failed(timeout()), get({ retries: 1 }))).toEqual({
      kind: "retry",
      delayMs: 500,
      reason: "TimeoutError",
      state: get({ retries: 2 }),
    });
  });

  it("retries a GET on 408, 429, 502, 503 and 504", () => {
    for (const status of [408, 429, 502, 503, 504]) {
      expect(nextStep(answered(status), get()), String(status)).toEqual({
        kind: "retry",
        delayMs: 250,
        reason: `status ${status}`,
        status,
        state: get({ retries: 1 }),
      });
    }
  });

  it("never repeats a request that is not idempotent (a POST command)", () => {
    for (const outcome of [
      failed(network()),
      failed(timeout()),
      ...[408, 429, 502, 503, 504].map((status) => answered(status)),
    ]) {
      expect(nextStep(outcome, post())).toEqual({ kind: "final" });
    }
  });

  it("honours Retry-After, as delay-seconds or an HTTP-date from when the response arrived, up to the cap", () => {
    expect(nextStep(answered(503, { "retry-after": "3" }), get())).toMatchObject({ kind: "retry", delayMs: 3_000 });
    expect(nextStep(answered(429, { "retry-after": "Wed, 21 Oct 2015 07:28:07 GMT" }), get())).toMatchObject({
      kind: "retry",
      delayMs: 7_000,
    });
    expect(nextStep(answered(503, { "retry-after": "60" }), get())).toMatchObject({ kind: "retry", delayMs: 60_000 });
    // A date already past: at once.
    expect(nextStep(answered(503, { "retry-after": "Wed, 21 Oct 2015 07:00:00 GMT" }), get())).toMatchObject({
      kind: "retry",
      delayMs: 0,
    });
    // Unusable: the backoff instead.
    expect(nextStep(answered(503, { "retry-after": "soon" }), get())).toMatchObject({ kind: "retry", delayMs: 250 });
  });

  it("fails fast past maxRetryAfterMs: no sleep, no retry, whatever the retries left", () => {
    for (const retryAfter of [
      "61",
      "3600",
      "999999999",
      "Wed, 21 Oct 2015 08:28:00 GMT",
      "Fri, 31 Dec 9999 23:59:59 GMT",
    ]) {
      expect(nextStep(answered(503, { "retry-after": retryAfter }), get()), retryAfter).toEqual({ kind: "final" });
      expect(nextStep(answered(429, { "retry-after": retryAfter }), get({ maxRetries: 100 })), retryAfter).toEqual({
        kind: "final",
      });
    }
    const patient = retryPolicy({ random: () => 0.5, maxRetryAfterMs: 4_000_000 });
    expect(nextStep(answered(503, { "retry-after": "3600" }), get({ policy: patient }))).toMatchObject({
      kind: "retry",
      delayMs: 3_600_000,
    });
  });

  it("fetches a fresh token once after a 401, for a POST too, without counting a retry", () => {
    const first = nextStep(answered(401), post());
    expect(first).toEqual({ kind: "reauthenticate", state: post({ mayReauthenticate: false }) });
    if (first.kind !== "reauthenticate") throw new Error("unreachable");
    expect(nextStep(answered(401), first.state)).toEqual({ kind: "final" });
  });

  it("keeps a 401 of a request without a bearer token (the token request itself)", () => {
    expect(nextStep(answered(401), initialSendState(true, 2, false, policy))).toEqual({ kind: "final" });
  });

  it("stops when the retries are used up", () => {
    expect(nextStep(failed(network()), get({ retries: 2 }))).toEqual({ kind: "final" });
    expect(nextStep(answered(503, { "retry-after": "1" }), get({ retries: 2 }))).toEqual({ kind: "final" });
    expect(nextStep(answered(503), get({ maxRetries: 0 }))).toEqual({ kind: "final" });
  });

  it("never repeats an aborted attempt, a body too large or a refused argument", () => {
    expect(nextStep(failed(abort()), get())).toEqual({ kind: "final" });
    const tooLarge = new ResponseTooLargeError({
      message: "too large",
      code: "response_too_large",
      request,
      maxResponseBytes: 10,
      receivedBytes: 11,
    });
    expect(nextStep(failed(tooLarge), get())).toEqual({ kind: "final" });
    expect(nextStep(failed(new InvalidArgumentError({ message: "bad", code: "invalid_argument" })), get())).toEqual({
      kind: "final",
    });
  });

  it("walks a GET through its whole budget: two retries, then the outcome stands", () => {
    let state = get();
    const steps: string[] = [];
    for (;;) {
      const step = nextStep(answered(502), state);
      steps.push(step.kind);
      if (step.kind === "final") break;
      state = step.state;
    }
    expect(steps).toEqual(["retry", "retry", "final"]);
  });
});
