/**
 * Sends one logical request: adds the bearer token, runs attempts under their timeout, reads the whole body
 * inside the attempt (so a stalled body times out too), and after each attempt does what next-step.ts decides:
 * keep the outcome, re-authenticate once on a 401, or wait and repeat an idempotent request (network errors,
 * timeouts, retryable statuses). Returns the final response with its body read; HTTP statuses are not errors
 * here — the caller maps them.
 *
 * This is the client's hot path: one `Request` per attempt and one read of the body. What only errors and hooks
 * need (the redacted URL, redacted headers) is computed when they need it.
 */
import type { FetchLike } from "./client-options.js";
import {
  AbortError,
  AccountFundsError,
  ConnectionError,
  TimeoutError,
  TokenRequestError,
  type RequestSummary,
} from "./errors.js";
import { callHook, type ClientHooks, type HookRequestInfo } from "./hooks.js";
import { initialSendState, nextStep } from "./next-step.js";
import type { Redactor } from "./redact.js";
import type { RetryPolicy } from "./retry.js";
import { attemptSignal, raceSignal } from "./timeout.js";

/** What is needed to build the request again for every attempt. */
export interface RequestTemplate {
  readonly method: string;
  readonly url: string;
  /** Lower-case names. `authorization` is the transport's own, set per attempt. */
  readonly headers: Readonly<Record<string, string>>;
  /** A body every attempt can send again (never a stream); ignored for GET and HEAD. */
  readonly body?: string | Blob | FormData | ArrayBuffer | undefined;
}

/** The final response of a request. */
export interface Received {
  /** Status and headers. Its body has been read: it is `text`. */
  readonly response: Response;
  /** The whole body as text; `""` when there is none. */
  readonly text: string;
  /** The URL requested, as `Request` normalised it. */
  readonly url: string;
}

/** Access tokens for API requests. */
export interface TokenSource {
  token(signal?: AbortSignal): Promise<string>;
  /** The API refused `token` (401): forget it, so the next `token()` fetches a fresh one. */
  invalidate(token: string): void;
}

export interface SendContext {
  readonly operationId: string;
  /** Idempotent: may be repeated on network errors, timeouts and retryable statuses. */
  readonly retryable: boolean;
  readonly maxRetries: number;
  readonly timeoutMs: number | undefined;
  readonly signal: AbortSignal | undefined;
  /** Bearer authentication; absent for the token requests themselves. */
  readonly auth?: TokenSource | undefined;
  /** undici dispatcher (mTLS), passed as `fetch(request, { signal, dispatcher })`. */
  readonly dispatcher?: unknown;
}

export interface TransportConfig {
  readonly fetch: FetchLike;
  readonly hooks: ClientHooks | undefined;
  readonly redactor: Redactor;
  readonly retry: RetryPolicy;
  readonly now: () => number;
}

export interface Transport {
  send(template: RequestTemplate, context: SendContext): Promise<Received>;
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export function createTransport(config: TransportConfig): Transport {
  const { hooks, now } = config;

  return {
    async send(template, context) {
      const sending = new Sending(template, context, config.redactor);
      let state = initialSendState(context.retryable, context.maxRetries, context.auth !== undefined, config.retry);
      for (let attempt = 1; ; attempt++) {
        if (context.signal?.aborted) throw sending.aborted(context.signal.reason);
        const token = context.auth === undefined ? undefined : await sending.bearerToken(context.auth);
        const headers =
          token === undefined ? template.headers : withHeader(template.headers, "authorization", `Bearer ${token}`);
        // Hook payloads are redacted copies: built only when there is a hook to receive them.
        const info: HookRequestInfo | undefined = observes(hooks)
          ? {
              operationId: context.operationId,
              method: sending.method,
              url: sending.summary().url,
              attempt,
              headers: config.redactor.headers(headers),
            }
          : undefined;
        if (info) callHook(hooks, "onRequest", info);
        const started = now();
        const outcome = await attemptOnce(config, sending, headers);
        if (info && outcome.kind === "response") {
          callHook(hooks, "onResponse", {
            ...info,
            status: outcome.response.status,
            durationMs: Math.max(0, outcome.receivedAtMs - started),
          });
        }

        const step = nextStep(outcome, state);
        if (step.kind === "final") {
          if (outcome.kind === "response") return outcome;
          throw outcome.failure;
        }
        state = step.state;
        if (step.kind === "reauthenticate") {
          if (context.auth !== undefined && token !== undefined) context.auth.invalidate(token);
          if (info) callHook(hooks, "onRetry", { ...info, reason: "401: fresh token", status: 401, delayMs: 0 });
          continue;
        }
        if (info)
          callHook(hooks, "onRetry", {
            ...info,
            reason: step.reason,
            ...(step.status === undefined ? {} : { status: step.status }),
            delayMs: step.delayMs,
          });
        await sending.wait(config.retry, step.delayMs);
      }
    },
  };
}

/** An attempt's outcome (next-step.ts); a response is the `Received` that `send` returns when it is final. */
type Attempted =
  | (Received & { readonly kind: "response"; readonly receivedAtMs: number })
  | { readonly kind: "failure"; readonly failure: AccountFundsError };

/**
 * One attempt: a fresh `Request`, sent under the attempt's signal (the caller's and the timeout), its whole body read
 * inside the attempt so that a stalled body times out too. No response is a failure, told apart by `Sending.failed`.
 */
async function attemptOnce(
  config: TransportConfig,
  sending: Sending,
  headers: Readonly<Record<string, string>>,
): Promise<Attempted> {
  const { context } = sending;
  const signal = attemptSignal(context.signal, context.timeoutMs);
  try {
    // Outside the inner try: a TypeError here (an invalid header value) is the caller's, not the network's.
    // The signal goes to fetch in `init`, as Stainless-style SDKs pass it, not on the Request: undici's fetch
    // makes its own Request from (request, init) and follows the signal once, where a Request that follows a
    // signal first would cost a second listener and finaliser per attempt (most of the client's overhead).
    const request = new Request(sending.template.url, { method: sending.method, headers, body: sending.body });
    try {
      const response = await config.fetch(request, fetchInit(signal.signal, context.dispatcher));
      const text = NULL_BODY_STATUSES.has(response.status) || sending.method === "HEAD" ? "" : await response.text();
      return { kind: "response", response, text, url: request.url, receivedAtMs: config.now() };
    } catch (error) {
      return { kind: "failure", failure: sending.failed(error, signal.timedOut()) };
    }
  } finally {
    signal.dispose();
  }
}

/** One logical request as its attempts, errors and hooks see it. */
class Sending {
  readonly template: RequestTemplate;
  readonly context: SendContext;
  readonly method: string;
  /** A body every attempt sends again; none for GET and HEAD. */
  readonly body: NonNullable<RequestTemplate["body"]> | null;
  private readonly redactor: Redactor;
  /** The redacted URL costs a URL parse: only errors and hooks need it. */
  private redactedSummary: RequestSummary | undefined;

  constructor(template: RequestTemplate, context: SendContext, redactor: Redactor) {
    this.template = template;
    this.context = context;
    this.redactor = redactor;
    this.method = template.method.toUpperCase();
    this.body = this.method === "GET" || this.method === "HEAD" ? null : (template.body ?? null);
  }

  summary(): RequestSummary {
    return (this.redactedSummary ??= { method: this.method, url: this.redactor.url(this.template.url) });
  }

  aborted(cause: unknown): AbortError {
    const request = this.summary();
    return new AbortError({
      message: `The request was aborted (${this.method} ${request.url})`,
      code: "aborted",
      request,
      operationId: this.context.operationId,
      cause,
    });
  }

  /** Why an attempt got no response: the caller aborted, the attempt's timeout elapsed, or the network failed. */
  failed(error: unknown, timedOut: boolean): AccountFundsError {
    const { context } = this;
    if (context.signal?.aborted) return this.aborted(error);
    const request = this.summary();
    if (timedOut) {
      return new TimeoutError({
        message: `The request timed out after ${context.timeoutMs} ms (${this.method} ${request.url})`,
        code: "timeout",
        request,
        operationId: context.operationId,
        timeoutMs: context.timeoutMs ?? 0,
        cause: error,
      });
    }
    return new ConnectionError({
      message: `The request failed: ${this.redactor.string(describe(error))} (${this.method} ${request.url})`,
      code: "connection_failed",
      request,
      operationId: context.operationId,
      cause: error,
    });
  }

  /** The attempt's access token; a token provider's failure is a `TokenRequestError`, or an abort when aborted. */
  async bearerToken(auth: TokenSource): Promise<string> {
    const { signal, operationId } = this.context;
    try {
      return await raceSignal(auth.token(signal), signal);
    } catch (error) {
      if (signal?.aborted) throw this.aborted(error);
      throw error instanceof AccountFundsError
        ? error
        : tokenProviderError(error, operationId, this.summary(), this.redactor);
    }
  }

  /** The wait before a retry; the caller's abort ends it with an `AbortError`. */
  async wait(policy: RetryPolicy, ms: number): Promise<void> {
    try {
      await policy.sleep(ms, this.context.signal);
    } catch (error) {
      throw this.aborted(error);
    }
  }
}

/** Whether any hook the transport calls is set (`onError` is the caller's). */
function observes(hooks: ClientHooks | undefined): hooks is ClientHooks {
  return (
    hooks !== undefined &&
    (hooks.onRequest !== undefined || hooks.onResponse !== undefined || hooks.onRetry !== undefined)
  );
}

/** A copy of `headers` with one more; a loop, as V8 spreads a record of unknown keys on its slow path. */
function withHeader(headers: Readonly<Record<string, string>>, name: string, value: string): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const key of Object.keys(headers)) copy[key] = headers[key]!;
  copy[name] = value;
  return copy;
}

/**
 * `fetch`'s second argument: the attempt's signal and the undici dispatcher (mTLS), when there are any. The cast:
 * Node's RequestInit knows the undici extension, the DOM's does not.
 */
function fetchInit(signal: AbortSignal | undefined, dispatcher: unknown): RequestInit | undefined {
  if (dispatcher !== undefined) return { signal, dispatcher } as unknown as RequestInit;
  return signal === undefined ? undefined : { signal };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const detail =
      cause instanceof Error && cause.message && cause.message !== error.message ? `: ${cause.message}` : "";
    return `${error.message}${detail}`;
  }
  return String(error);
}

function tokenProviderError(
  error: unknown,
  operationId: string,
  request: RequestSummary,
  redactor: Redactor,
): TokenRequestError {
  return new TokenRequestError({
    message: `The token provider failed: ${redactor.string(describe(error))}`,
    code: "token_provider_failed",
    request,
    operationId,
    cause: error,
  });
}
