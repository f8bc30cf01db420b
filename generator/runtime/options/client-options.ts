/**
 * Options of `createAccountFundsClient`. Authentication is one of: a client secret (`credentials` with
 * `clientSecret`), a client certificate (`credentials` without it plus `mtls`, see `@account-funds/client/node`),
 * or your own `tokenProvider`.
 */
import type { ClientHooks } from "./hooks.js";
import type { RetrySettings } from "../retry/retry.js";

/**
 * The `fetch` the client calls, as `fetch(request, init)`. `init` carries what `fetch` takes beside the request:
 * the attempt's `signal` (the timeout and the caller's signal) and, with `mtls`, the undici `dispatcher`, which
 * `globalThis.fetch` on Node understands. A custom `fetch` must pass `init` on (or honour `init.signal`), or
 * timeouts and aborts cannot stop its requests.
 */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

/** OAuth 2.0 Password Grant credentials (reference, Authentication). */
export interface PasswordCredentials {
  /** Identifies the integrating party; issued by an account manager. */
  readonly clientId: string;
  /** The client's password; sent to `/connect/token`. Never given with `mtls`. */
  readonly clientSecret?: string;
  /** E-mail address of the portal user representing the integrating service. */
  readonly username: string;
  /** That user's password; sent to the token service only. */
  readonly password: string;
  /** Requested scope. Default `serviceFXAPI`. */
  readonly scope?: string;
}

/** Mutual TLS for the token request (`/connect/mtls/token`): a dispatcher from `createMtlsDispatcher`. */
export interface MtlsOptions {
  readonly dispatcher: unknown;
}

/** Supplies access tokens when you manage them yourself. */
export interface TokenProvider {
  /** A valid access token. Called before every request; cache inside. */
  getToken(signal?: AbortSignal): Promise<string> | string;
  /** Called with the token a request was refused with (401), before one retry with a fresh token. */
  invalidate?(token: string): void;
}

export interface CommonClientOptions {
  /** The API's base URL (`{base_url}`), e.g. `https://api.example.com`; paths start with `/api/v1`. */
  readonly baseUrl: string;
  /** Replaces `globalThis.fetch` (tests, proxies, instrumentation); it must pass `init` on (see `FetchLike`). */
  readonly fetch?: FetchLike;
  /**
   * Per-attempt timeout in milliseconds. Default 30 000; `0` disables it. An attempt times out no sooner, and at
   * most a thousandth of it later (attempts ending in the same slot share one timer).
   */
  readonly timeoutMs?: number;
  /**
   * Automatic retries of GETs and of the token request (network errors, timeouts, 408, 429, 502, 503, 504); commands
   * (POST to the API) are never repeated. Default 2; `0` disables.
   */
  readonly maxRetries?: number;
  /** Backoff settings: `baseDelayMs`, `maxDelayMs`, `maxRetryAfterMs` (the longest `Retry-After` waited for). */
  readonly retry?: RetrySettings;
  /**
   * Largest response body read, in bytes. Default 33 554 432 (32 MiB); `0` reads any size. A larger body is never
   * held whole: a `Content-Length` above it, or the bytes read passing it, stop it with a `ResponseTooLargeError`.
   */
  readonly maxResponseBytes?: number;
  /**
   * Redirects a GET follows, to the API's own origin only. Default 5; `0` follows none. A command's redirect, and a
   * redirect to another origin, is never followed: a `RedirectError`.
   */
  readonly maxRedirects?: number;
  /**
   * Check success bodies against the spec's schemas; a mismatch throws a `ResponseValidationError`. Default false.
   * The precompiled validators are loaded (a separate chunk) on the first call that needs them.
   */
  readonly validateResponses?: boolean;
  /**
   * Check request bodies against the spec's schemas before sending; a mismatch throws a `RequestValidationError`
   * and nothing is sent. A `multipart(...)` body is checked part by part: value parts (`Request`) with their
   * schema, files by shape. Default false; loads the validators like `validateResponses`.
   */
  readonly validateRequests?: boolean;
  /** Callbacks for logging and metrics (`onRequest`, `onResponse`, `onRetry`, `onError`), with redacted payloads. */
  readonly hooks?: ClientHooks;
  /** Headers sent with every API request (e.g. `User-Agent`). `Authorization` is always the client's own. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Refresh a cached token this long before it expires. Default 60 000 (capped at half the token's lifetime). */
  readonly tokenRefreshSkewMs?: number;
  /** Clock in epoch milliseconds; injectable for tests. Default `Date.now`. */
  readonly now?: () => number;
}

export interface ClientSecretAuthOptions {
  /** Password-grant credentials; with a `clientSecret`, or without one when `mtls` is set. */
  readonly credentials: PasswordCredentials & { readonly clientSecret: string };
  /** The token service's base URL (`{auth_url}`); `/connect/token` (`/connect/mtls/token` with `mtls`) is appended. */
  readonly authUrl: string;
  readonly mtls?: undefined;
  readonly tokenProvider?: undefined;
}

export interface MtlsAuthOptions {
  readonly credentials: PasswordCredentials & { readonly clientSecret?: undefined };
  /** The token service's base URL (`{auth_url}`); `/connect/mtls/token` is appended. */
  readonly authUrl: string;
  /** A client certificate for the token request: `{ dispatcher: createMtlsDispatcher(...) }` (Node only). */
  readonly mtls: MtlsOptions;
  readonly tokenProvider?: undefined;
}

export interface TokenProviderAuthOptions {
  /** Your own access tokens instead of `credentials`: an object with `getToken()`, or a function. */
  readonly tokenProvider: TokenProvider | ((signal?: AbortSignal) => Promise<string> | string);
  readonly credentials?: undefined;
  readonly authUrl?: undefined;
  readonly mtls?: undefined;
}

export type ClientOptions = CommonClientOptions &
  (ClientSecretAuthOptions | MtlsAuthOptions | TokenProviderAuthOptions);

/** The options of a client whose API has operations that take an access token but no token operation. */
export type TokenProviderClientOptions = CommonClientOptions & TokenProviderAuthOptions;

/**
 * The options of a client whose API has no operation that takes an access token: no authentication of its own (an
 * API key or basic credentials go in `headers`, or in the parameters the spec declares).
 */
export type PlainClientOptions = CommonClientOptions & {
  readonly credentials?: undefined;
  readonly authUrl?: undefined;
  readonly mtls?: undefined;
  readonly tokenProvider?: undefined;
};

/** Per-call options, the last argument of every client method. */
export interface CallOptions {
  /** Cancels the call, its retries and their waits: the call rejects with an `AbortError`. */
  readonly signal?: AbortSignal;
  /**
   * Per-attempt timeout for this call (a retried GET gets it for every attempt). For one deadline over all
   * attempts, pass `signal: AbortSignal.timeout(ms)`.
   */
  readonly timeoutMs?: number;
  /** Extra headers for this call. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Retries for this call (GETs only; POST commands are never retried). */
  readonly maxRetries?: number;
  /** Largest response body read for this call, in bytes (`0`: any size); overrides the client's `maxResponseBytes`. */
  readonly maxResponseBytes?: number;
}

/** Options of `.paginate(...)`, the last argument: the per-call options, and how many pages at most. */
export interface PaginateOptions extends CallOptions {
  /**
   * Pages fetched at most. Default 1 000. A next link past it is not followed: a `PagingError` (`too_many_pages`)
   * after the entities of the pages read were yielded. To cap the entities, use `$top`.
   */
  readonly maxPages?: number;
}
