/**
 * Sends one logical request: adds the bearer token (refused unless it is a valid header value), runs attempts under
 * their timeout with `redirect: "manual"`, reads the body inside the attempt (so a stalled body times out too) and
 * never more than `maxResponseBytes` of it, follows a GET's same-origin redirects (redirect.ts), and after each
 * attempt does what next-step.ts decides: keep the outcome, re-authenticate once on a 401, or wait and repeat an
 * idempotent request (network errors, timeouts, retryable statuses). Returns the final response with its body read;
 * HTTP statuses are not errors here — the caller maps them (a redirect not followed says why).
 *
 * This is the client's hot path: one `Request` per attempt and one read of the body. What only errors and hooks
 * need (the redacted URL, redacted headers) is computed when they need it.
 */
import type { FetchLike } from "../options/client-options.js";
import {
  AbortError,
  AccountFundsError,
  ConnectionError,
  InvalidArgumentError,
  TimeoutError,
  TokenRequestError,
  type RequestSummary,
  type ResponseTooLargeError,
} from "../errors/errors.js";
import { callHook, type ClientHooks, type HookRequestInfo } from "../options/hooks.js";
import { invalidHeader, tokenProblem } from "./header-values.js";
import { initialSendState, nextStep } from "./next-step.js";
import type { Redactor } from "../redaction/redact.js";
import { isRedirect, redirectVerdict, type RedirectRefusal } from "./redirect.js";
import { BodyTooLarge, bodyTooLargeError, readText } from "./response-text.js";
import type { RetryPolicy } from "../retry/retry.js";
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
  /** The URL of the final response's request, as `Request` normalised it (after same-origin redirects). */
  readonly url: string;
  /** When the response was read (epoch ms): an HTTP-date `Retry-After` counts from then. */
  readonly receivedAtMs: number;
  /** A redirect the client did not follow, and why; the response is that redirect. */
  readonly redirect?: { readonly refusal: RedirectRefusal; readonly location?: string } | undefined;
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
  /** Largest body read, in bytes; `0` reads any size. */
  readonly maxResponseBytes: number;
  /** Same-origin redirects a GET follows. */
  readonly maxRedirects: number;
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
      let redirects = 0;
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
              url: config.redactor.url(sending.url),
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

        if (outcome.kind === "response" && isRedirect(outcome.response)) {
          const verdict = redirectVerdict(
            sending.method,
            outcome.response,
            sending.url,
            redirects,
            context.maxRedirects,
          );
          if (!verdict.follow) return { ...outcome, redirect: verdict };
          redirects += 1;
          sending.url = verdict.url;
          if (info)
            callHook(hooks, "onRetry", {
              ...info,
              reason: `${outcome.response.status}: redirect`,
              status: outcome.response.status,
              delayMs: 0,
            });
          continue;
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
  | (Received & { readonly kind: "response" })
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
  const request = sending.request(headers);
  const signal = attemptSignal(context.signal, context.timeoutMs);
  try {
    // The signal goes to fetch in `init`, as Stainless-style SDKs pass it, not on the Request: undici's fetch
    // makes its own Request from (request, init) and follows the signal once, where a Request that follows a
    // signal first would cost a second listener and finaliser per attempt (most of the client's overhead).
    let response: Response;
    try {
      response = await config.fetch(request, fetchInit(signal.signal, context.dispatcher));
    } catch (error) {
      return { kind: "failure", failure: sending.failed(error, signal.timedOut()) };
    }
    let text: string;
    try {
      text =
        NULL_BODY_STATUSES.has(response.status) || sending.method === "HEAD" || response.type === "opaqueredirect"
          ? ""
          : await readText(response, context.maxResponseBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) return { kind: "failure", failure: sending.tooLarge(error, response) };
      return { kind: "failure", failure: sending.failed(error, signal.timedOut()) };
    }
    return { kind: "response", response, text, url: request.url, receivedAtMs: config.now() };
  } finally {
    signal.dispose();
  }
}

/** One logical request as its attempts, errors and hooks see it. */
class Sending {
  readonly template: RequestTemplate;
  readonly context: SendContext;
  readonly method: string;
  /** The URL of the next attempt: the template's, or where a followed redirect pointed. */
  url: string;
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
    this.url = template.url;
    this.body = this.method === "GET" || this.method === "HEAD" ? null : (template.body ?? null);
  }

  summary(): RequestSummary {
    return (this.redactedSummary ??= { method: this.method, url: this.redactor.url(this.template.url) });
  }

  /**
   * The attempt's `Request`, sent with `redirect: "manual"` (redirect.ts decides). A header `Request` refuses (a line
   * break, a character outside Latin-1) is an `InvalidArgumentError` that names the header, never its value.
   */
  request(headers: Readonly<Record<string, string>>): Request {
    try {
      return new Request(this.url, { method: this.method, headers, body: this.body, redirect: "manual" });
    } catch (error) {
      // No cause: `Request`'s own message repeats the header's value, which may be anything.
      const problem =
        invalidHeader(headers) ?? `The request could not be built: ${this.redactor.string(describe(error))}`;
      const request = this.summary();
      throw new InvalidArgumentError({
        message: `${problem}; nothing was sent (${this.method} ${request.url})`,
        code: "invalid_argument",
        request,
        operationId: this.context.operationId,
      });
    }
  }

  /** A body past `maxResponseBytes`: never retried, the response's status and headers kept. */
  tooLarge(error: BodyTooLarge, response: Response): ResponseTooLargeError {
    return bodyTooLargeError(error, response, {
      method: this.method,
      request: this.summary(),
      operationId: this.context.operationId,
      maxResponseBytes: this.context.maxResponseBytes,
      headers: this.redactor.headers(response.headers),
    });
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
        cause: this.redactor.error(error),
      });
    }
    return new ConnectionError({
      message: `The request failed: ${this.redactor.string(describe(error))} (${this.method} ${request.url})`,
      code: "connection_failed",
      request,
      operationId: context.operationId,
      cause: this.redactor.error(error),
    });
  }

  /**
   * The attempt's access token; a token provider's failure is a `TokenRequestError`, or an abort when aborted. A
   * token that is no valid header value (a control character, a character outside ASCII, white space around it) is
   * never sent: a `TokenRequestError` (`invalid_token`) that says what is wrong with it, never what it is.
   */
  async bearerToken(auth: TokenSource): Promise<string> {
    const { signal, operationId } = this.context;
    let token: string;
    try {
      token = await raceSignal(auth.token(signal), signal);
    } catch (error) {
      if (signal?.aborted) throw this.aborted(error);
      throw error instanceof AccountFundsError
        ? error
        : tokenProviderError(error, operationId, this.summary(), this.redactor);
    }
    const problem = tokenProblem(token);
    if (problem === undefined) return token;
    const request = this.summary();
    throw new TokenRequestError({
      message: `The access token cannot be sent: ${problem}; nothing was sent (${this.method} ${request.url})`,
      code: "invalid_token",
      request,
      operationId,
    });
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
    cause: redactor.error(error),
  });
}
