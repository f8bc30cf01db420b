/**
 * Sends one logical request: adds the bearer token, runs attempts under their timeout, reads the whole body
 * inside the attempt (so a stalled body times out too), repeats idempotent requests on network errors, timeouts
 * and retryable statuses, and re-authenticates once on a 401. Returns the final response with its body read;
 * HTTP statuses are not errors here — the caller maps them.
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
import type { Redactor } from "./redact.js";
import { isRetryableStatus, parseRetryAfter, retryDelay, type RetryPolicy } from "./retry.js";
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
  const { redactor, retry: policy, hooks, now } = config;

  return {
    async send(template, context) {
      const method = template.method.toUpperCase();
      const body = method === "GET" || method === "HEAD" ? null : (template.body ?? null);
      // The redacted URL costs a URL parse: only errors and hooks need it.
      let summary: RequestSummary | undefined;
      const summaryOf = (): RequestSummary => (summary ??= { method, url: redactor.url(template.url) });
      const abortError = (cause: unknown): AbortError => {
        const request = summaryOf();
        return new AbortError({
          message: `The request was aborted (${method} ${request.url})`,
          code: "aborted",
          request,
          operationId: context.operationId,
          cause,
        });
      };
      const wait = async (ms: number): Promise<void> => {
        try {
          await policy.sleep(ms, context.signal);
        } catch (error) {
          throw abortError(error);
        }
      };

      let attempt = 0;
      let retries = 0;
      let reauthenticated = false;
      for (;;) {
        attempt += 1;
        if (context.signal?.aborted) throw abortError(context.signal.reason);

        let headers = template.headers;
        let token: string | undefined;
        if (context.auth) {
          try {
            token = await raceSignal(context.auth.token(context.signal), context.signal);
          } catch (error) {
            if (context.signal?.aborted) throw abortError(error);
            throw error instanceof AccountFundsError ? error : tokenProviderError(error, context.operationId, summaryOf(), redactor);
          }
          headers = withHeader(headers, "authorization", `Bearer ${token}`);
        }

        // Hook payloads are redacted copies: built only when there is a hook to receive them.
        const info: HookRequestInfo | undefined = observes(hooks)
          ? { operationId: context.operationId, method, url: summaryOf().url, attempt, headers: redactor.headers(headers) }
          : undefined;
        if (info) callHook(hooks, "onRequest", info);
        const started = now();
        const signal = attemptSignal(context.signal, context.timeoutMs);
        let received: Received | undefined;
        let failure: AccountFundsError | undefined;
        try {
          // Outside the inner try: a TypeError here (an invalid header value) is the caller's, not the network's.
          // The signal goes to fetch in `init`, as Stainless-style SDKs pass it, not on the Request: undici's fetch
          // makes its own Request from (request, init) and follows the signal once, where a Request that follows a
          // signal first would cost a second listener and finaliser per attempt (most of the client's overhead).
          const request = new Request(template.url, { method, headers, body });
          try {
            const response = await config.fetch(request, fetchInit(signal.signal, context.dispatcher));
            const text = NULL_BODY_STATUSES.has(response.status) || method === "HEAD" ? "" : await response.text();
            received = { response, text, url: request.url };
          } catch (error) {
            failure = context.signal?.aborted
              ? abortError(error)
              : signal.timedOut()
                ? new TimeoutError({
                    message: `The request timed out after ${context.timeoutMs} ms (${method} ${summaryOf().url})`,
                    code: "timeout",
                    request: summaryOf(),
                    operationId: context.operationId,
                    timeoutMs: context.timeoutMs ?? 0,
                    cause: error,
                  })
                : new ConnectionError({
                    message: `The request failed: ${redactor.string(describe(error))} (${method} ${summaryOf().url})`,
                    code: "connection_failed",
                    request: summaryOf(),
                    operationId: context.operationId,
                    cause: error,
                  });
          }
        } finally {
          signal.dispose();
        }

        if (received === undefined) {
          if (!(failure instanceof AbortError) && context.retryable && retries < context.maxRetries) {
            const delayMs = retryDelay(policy, retries);
            if (info) callHook(hooks, "onRetry", { ...info, reason: failure?.name ?? "error", delayMs });
            retries += 1;
            await wait(delayMs);
            continue;
          }
          throw failure;
        }

        const status = received.response.status;
        if (info) callHook(hooks, "onResponse", { ...info, status, durationMs: Math.max(0, now() - started) });

        if (status === 401 && context.auth && token !== undefined && !reauthenticated) {
          // An expired or revoked token: one fresh token and one retry (also for POST: a 401 was not executed).
          reauthenticated = true;
          context.auth.invalidate(token);
          if (info) callHook(hooks, "onRetry", { ...info, reason: "401: fresh token", status: 401, delayMs: 0 });
          continue;
        }
        if (context.retryable && retries < context.maxRetries && isRetryableStatus(status)) {
          const delayMs = retryDelay(policy, retries, parseRetryAfter(received.response.headers.get("retry-after"), now()));
          if (info) callHook(hooks, "onRetry", { ...info, reason: `status ${status}`, status, delayMs });
          retries += 1;
          await wait(delayMs);
          continue;
        }
        return received;
      }
    },
  };
}

/** Whether any hook the transport calls is set (`onError` is the caller's). */
function observes(hooks: ClientHooks | undefined): hooks is ClientHooks {
  return hooks !== undefined && (hooks.onRequest !== undefined || hooks.onResponse !== undefined || hooks.onRetry !== undefined);
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
    const detail = cause instanceof Error && cause.message && cause.message !== error.message ? `: ${cause.message}` : "";
    return `${error.message}${detail}`;
  }
  return String(error);
}

function tokenProviderError(error: unknown, operationId: string, request: RequestSummary, redactor: Redactor): TokenRequestError {
  return new TokenRequestError({
    message: `The token provider failed: ${redactor.string(describe(error))}`,
    code: "token_provider_failed",
    request,
    operationId,
    cause: error,
  });
}
