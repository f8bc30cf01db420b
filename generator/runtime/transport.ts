/**
 * Sends one logical request: adds the bearer token, runs attempts under their timeout, reads the whole body
 * inside the attempt (so a stalled body times out too), repeats idempotent requests on network errors, timeouts
 * and retryable statuses, and re-authenticates once on a 401. Returns the final response with its body
 * buffered; HTTP statuses are not errors here — the caller maps them.
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
  readonly headers: Headers;
  readonly body?: ArrayBuffer | Blob | string | undefined;
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
  /** undici dispatcher (mTLS), passed as `fetch(request, { dispatcher })`. */
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
  send(template: RequestTemplate, context: SendContext): Promise<Response>;
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export function createTransport(config: TransportConfig): Transport {
  const { redactor, retry: policy, hooks, now } = config;

  return {
    async send(template, context) {
      const method = template.method.toUpperCase();
      const summary: RequestSummary = { method, url: redactor.url(template.url) };
      const abortError = (cause: unknown): AbortError =>
        new AbortError({
          message: `The request was aborted (${method} ${summary.url})`,
          code: "aborted",
          request: summary,
          operationId: context.operationId,
          cause,
        });
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

        const headers = new Headers(template.headers);
        let token: string | undefined;
        if (context.auth) {
          try {
            token = await raceSignal(context.auth.token(context.signal), context.signal);
          } catch (error) {
            if (context.signal?.aborted) throw abortError(error);
            throw error instanceof AccountFundsError ? error : tokenProviderError(error, context.operationId, summary, redactor);
          }
          headers.set("authorization", `Bearer ${token}`);
        }

        const info: HookRequestInfo = {
          operationId: context.operationId,
          method,
          url: summary.url,
          attempt,
          headers: redactor.headers(headers),
        };
        callHook(hooks, "onRequest", info);
        const started = now();
        const signal = attemptSignal(context.signal, context.timeoutMs);
        let response: Response | undefined;
        let failure: AccountFundsError | undefined;
        try {
          const request = new Request(template.url, {
            method,
            headers,
            body: method === "GET" || method === "HEAD" ? null : (template.body ?? null),
            signal: signal.signal,
          });
          const raw = await config.fetch(request, context.dispatcher === undefined ? undefined : dispatcherInit(context.dispatcher));
          const body = NULL_BODY_STATUSES.has(raw.status) || method === "HEAD" ? null : await raw.arrayBuffer();
          response = new Response(body, { status: raw.status, statusText: raw.statusText, headers: raw.headers });
        } catch (error) {
          failure = context.signal?.aborted
            ? abortError(error)
            : signal.timedOut()
              ? new TimeoutError({
                  message: `The request timed out after ${context.timeoutMs} ms (${method} ${summary.url})`,
                  code: "timeout",
                  request: summary,
                  operationId: context.operationId,
                  timeoutMs: context.timeoutMs ?? 0,
                  cause: error,
                })
              : new ConnectionError({
                  message: `The request failed: ${redactor.string(describe(error))} (${method} ${summary.url})`,
                  code: "connection_failed",
                  request: summary,
                  operationId: context.operationId,
                  cause: error,
                });
        } finally {
          signal.dispose();
        }

        if (response === undefined) {
          if (!(failure instanceof AbortError) && context.retryable && retries < context.maxRetries) {
            const delayMs = retryDelay(policy, retries);
            callHook(hooks, "onRetry", { ...info, reason: failure?.name ?? "error", delayMs });
            retries += 1;
            await wait(delayMs);
            continue;
          }
          throw failure;
        }

        callHook(hooks, "onResponse", { ...info, status: response.status, durationMs: Math.max(0, now() - started) });

        if (response.status === 401 && context.auth && token !== undefined && !reauthenticated) {
          // An expired or revoked token: one fresh token and one retry (also for POST: a 401 was not executed).
          reauthenticated = true;
          context.auth.invalidate(token);
          callHook(hooks, "onRetry", { ...info, reason: "401: fresh token", status: 401, delayMs: 0 });
          continue;
        }
        if (context.retryable && retries < context.maxRetries && isRetryableStatus(response.status)) {
          const delayMs = retryDelay(policy, retries, parseRetryAfter(response.headers.get("retry-after"), now()));
          callHook(hooks, "onRetry", { ...info, reason: `status ${response.status}`, status: response.status, delayMs });
          retries += 1;
          await wait(delayMs);
          continue;
        }
        return response;
      }
    },
  };
}

/** `{ dispatcher }` as fetch's init: Node's RequestInit knows the undici extension, the DOM's does not. */
function dispatcherInit(dispatcher: unknown): RequestInit {
  return { dispatcher } as unknown as RequestInit;
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
