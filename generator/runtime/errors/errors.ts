/**
 * Every error the client throws is an `AccountFundsError`: a method, `createAccountFundsClient` and the `filter`
 * builder throw nothing else. HTTP failures are `ApiStatusError`s, with a class per status the reference names (400,
 * 401, 404, 410) and per kind of status it leaves open (429, 5xx, a 3xx not followed); a body too large to read is a
 * `ResponseTooLargeError`; transport failures are `ConnectionError`, `TimeoutError` and `AbortError`; a failed token
 * request is a `TokenRequestError`; an argument the client refuses is an `InvalidArgumentError`; an opted-in check
 * that fails is a `RequestValidationError` (before anything is sent) or a `ResponseValidationError`. Messages,
 * bodies, headers, URLs, causes and `toJSON()` are redacted before they are stored: an error can be logged whole.
 */

/** The request an error belongs to. The URL is redacted (sensitive query parameters, credentials). */
export interface RequestSummary {
  readonly method: string;
  readonly url: string;
}

/** What an `AccountFundsError` (or a subclass) is built from; each field becomes the property of the same name. */
export interface AccountFundsErrorInit {
  /** The error message; already redacted. */
  readonly message: string;
  /** HTTP status of the response, when there was one. */
  readonly status?: number | undefined;
  /** Machine-readable code: OData `error.code`, the token endpoint's `error`, or a client code (`timeout`, ...). */
  readonly code?: string | undefined;
  /** Parsed response body, already redacted. */
  readonly body?: unknown;
  /** The request the error belongs to (redacted URL). */
  readonly request?: RequestSummary | undefined;
  /** The spec's operationId of the call (of the token operation, when the token request failed). */
  readonly operationId?: string | undefined;
  /** The client method called, group included: `accounts.listBalances` (the call stamps it: `asCallError`). */
  readonly clientMethod?: string | undefined;
  /** Response headers, already redacted. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** The underlying error (`Error.cause`), already redacted. */
  readonly cause?: unknown;
}

/** The base class of every error the client throws: `catch (error) { if (error instanceof AccountFundsError) ... }`. */
export class AccountFundsError extends Error {
  override name = "AccountFundsError";
  /** HTTP status of the response, when there was one. */
  readonly status: number | undefined;
  /** Machine-readable code: OData `error.code`, the token endpoint's `error`, or a client code (`timeout`, ...). */
  readonly code: string | undefined;
  /** Parsed response body (redacted), when there was one. */
  readonly body: unknown;
  readonly request: RequestSummary | undefined;
  /** The spec's operationId (`listAccountBalances`); the token operation's when the token request failed. */
  readonly operationId: string | undefined;
  /** The client method called, group included: `accounts.listBalances`; undefined outside a call. */
  readonly clientMethod: string | undefined;
  /** Response headers (redacted), when there was a response. */
  readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(init: AccountFundsErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.body = init.body;
    this.request = init.request;
    this.operationId = init.operationId;
    this.clientMethod = init.clientMethod;
    this.headers = init.headers;
  }

  /** A plain, secret-free description: safe for structured logs. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      code: this.code,
      clientMethod: this.clientMethod,
      operationId: this.operationId,
      request: this.request,
      body: this.body,
    };
  }
}

/** What an error made from an HTTP response adds: the body as received, `Retry-After`, the fields named. */
export interface ResponseErrorInit extends AccountFundsErrorInit {
  /** The body as received, as text (redacted); `""` when there was none. */
  readonly rawBody?: string | undefined;
  /** `Retry-After` (seconds or an HTTP-date) as milliseconds from when the response arrived. */
  readonly retryAfterMs?: number | undefined;
  /** Errors by field: ASP.NET ProblemDetails' `errors`, RFC 9457 `errors`, OData `error.details[].target`. */
  readonly fieldErrors?: Readonly<Record<string, readonly string[]>> | undefined;
}

/**
 * The API answered with a status that is not a success, in any media type (OData JSON, ProblemDetails, HTML, text,
 * nothing). Subclasses name the statuses the reference lists and the kinds it leaves open; any other status is an
 * `ApiStatusError` itself. `body` is the body parsed (JSON when it parses, else its text), `rawBody` the text as
 * received; `retryAfterMs` is `Retry-After` when the response has one; `fieldErrors` the fields a 400 names.
 */
export class ApiStatusError extends AccountFundsError {
  override name = "ApiStatusError";
  declare readonly status: number;
  /** The body as received (redacted); `""` when there was none. */
  readonly rawBody: string;
  /** `Retry-After` in milliseconds (from when the response arrived), when the response said when to try again. */
  readonly retryAfterMs: number | undefined;
  /** Errors by field name or path, when the body names fields (ProblemDetails `errors`, OData `details`). */
  readonly fieldErrors: Readonly<Record<string, readonly string[]>> | undefined;

  constructor(init: ResponseErrorInit & { readonly status: number }) {
    super(init);
    this.rawBody = init.rawBody ?? "";
    this.retryAfterMs = init.retryAfterMs;
    this.fieldErrors = init.fieldErrors;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs, fieldErrors: this.fieldErrors };
  }
}

/** 400: an attribute of the request is wrong (or the MT103 feature is not enabled / the withdrawal not completed). */
export class BadRequestError extends ApiStatusError {
  override name = "BadRequestError";
}

/** 401: the access token is missing, expired or invalid, even after one fresh token was fetched. */
export class AuthenticationError extends ApiStatusError {
  override name = "AuthenticationError";
}

/** 404: the entity does not exist, or the caller has no permission to view it. */
export class NotFoundError extends ApiStatusError {
  override name = "NotFoundError";
}

/** 410: the entity exists but can no longer be approved, rejected or cancelled. */
export class GoneError extends ApiStatusError {
  override name = "GoneError";
}

/** 429: too many requests (RFC 6585); `retryAfterMs` says when to try again, when the API said. */
export class RateLimitError extends ApiStatusError {
  override name = "RateLimitError";
}

/** 5xx: the API (or a gateway before it) failed; for a command, whether it was executed is unknown. */
export class ServerError extends ApiStatusError {
  override name = "ServerError";
}

/**
 * A 3xx the client did not follow: any redirect of a command (never re-sent elsewhere, never reported as created:
 * whether it was executed is unknown), a GET's redirect to another origin (the access token stays with the API) or
 * past `maxRedirects`, or a 3xx without a usable `Location`. `location` is the target (redacted), when there was one.
 */
export class RedirectError extends ApiStatusError {
  override name = "RedirectError";
  declare readonly code: "redirect_not_followed" | "cross_origin_redirect" | "too_many_redirects";
  readonly location: string | undefined;
  constructor(init: ResponseErrorInit & { readonly status: number; readonly location: string | undefined }) {
    super(init);
    this.location = init.location;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), location: this.location };
  }
}

/**
 * A response body larger than `maxResponseBytes`: stopped when its `Content-Length` said so, or as soon as the bytes
 * read passed the limit, so it was never held whole. `status` and `headers` are the response's (a command's 2xx did
 * execute: its `Location` is in `headers`); `receivedBytes` is what was read (or what `Content-Length` announced).
 */
export class ResponseTooLargeError extends AccountFundsError {
  override name = "ResponseTooLargeError";
  declare readonly code: "response_too_large";
  readonly maxResponseBytes: number;
  readonly receivedBytes: number;
  constructor(init: AccountFundsErrorInit & { readonly maxResponseBytes: number; readonly receivedBytes: number }) {
    super(init);
    this.maxResponseBytes = init.maxResponseBytes;
    this.receivedBytes = init.receivedBytes;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), maxResponseBytes: this.maxResponseBytes, receivedBytes: this.receivedBytes };
  }
}

/** The request could not be sent or the response not read (DNS, refused or reset connection, TLS, ...). */
export class ConnectionError extends AccountFundsError {
  override name = "ConnectionError";
}

/** An attempt took longer than its timeout (`timeoutMs`), after any retries. */
export class TimeoutError extends AccountFundsError {
  override name = "TimeoutError";
  readonly timeoutMs: number;
  constructor(init: AccountFundsErrorInit & { readonly timeoutMs: number }) {
    super(init);
    this.timeoutMs = init.timeoutMs;
  }
}

/** The caller's `AbortSignal` fired. */
export class AbortError extends AccountFundsError {
  override name = "AbortError";
}

/**
 * The token service refused or failed the token request, or a token could not be used. `code` is its `error` field:
 * `invalid_client` (client id unknown or client secret wrong), `invalid_user` (username unknown or password wrong),
 * another RFC 6749 code, or the client's own (`invalid_token`: a token that is no header value, never sent).
 * `headers`, `rawBody` and `retryAfterMs` are the token response's, as on an `ApiStatusError`.
 */
export class TokenRequestError extends AccountFundsError {
  override name = "TokenRequestError";
  declare readonly code: "invalid_client" | "invalid_user" | (string & {}) | undefined;
  /** The token response's body as received (redacted); `""` when there was none or no response. */
  readonly rawBody: string;
  /** `Retry-After` in milliseconds (from when the response arrived), when the token service said when to try again. */
  readonly retryAfterMs: number | undefined;

  constructor(init: ResponseErrorInit) {
    super(init);
    this.rawBody = init.rawBody ?? "";
    this.retryAfterMs = init.retryAfterMs;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs };
  }
}

/**
 * An argument the client refuses: one its types cannot rule out (a `$top` of -1, a date-time without an offset, a
 * header value with a line break), one they do but that came through JavaScript or a cast (a missing path
 * parameter), or client options that cannot work together. Thrown before anything is sent.
 */
export class InvalidArgumentError extends AccountFundsError {
  override name = "InvalidArgumentError";
  declare readonly code: "invalid_argument";
}

/** An `InvalidArgumentError` for a call's argument; the call adds its request, operationId and client method. */
export function invalidArgument(message: string): InvalidArgumentError {
  return new InvalidArgumentError({ message, code: "invalid_argument" });
}

/**
 * A `201 Created` without a `Location` header the client can read the new id from, where the spec requires one:
 * the resource was created, but its id is unknown. `code` is `missing_location` or `invalid_location`;
 * `location` is the header as received (redacted), `data` the response body.
 */
export class InvalidLocationError extends AccountFundsError {
  override name = "InvalidLocationError";
  declare readonly code: "missing_location" | "invalid_location";
  readonly location: string | undefined;
  readonly data: unknown;
  constructor(
    init: AccountFundsErrorInit & {
      readonly code: "missing_location" | "invalid_location";
      readonly location: string | undefined;
      readonly data: unknown;
    },
  ) {
    super(init);
    this.location = init.location;
    this.data = init.data;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), location: this.location };
  }
}

/**
 * Paging could not go on: a page that is not an OData collection (`invalid_collection`), or an `@odata.nextLink`
 * that is not a URL (`invalid_next_link`), points to another origin (`unsafe_next_link`: not followed, so the
 * access token is not sent there), repeats a page already read (`next_link_loop`) or leads past `maxPages`
 * (`too_many_pages`). `request` is the page's.
 */
export class PagingError extends AccountFundsError {
  override name = "PagingError";
  declare readonly code:
    | "invalid_collection"
    | "invalid_next_link"
    | "unsafe_next_link"
    | "next_link_loop"
    | "too_many_pages";
}

export interface ValidationIssue {
  /** JSON pointer into the checked value (`/value/0/Id`); `""` for the root. */
  readonly path: string;
  readonly message: string;
  /** The JSON Schema keyword that failed (`required`, `type`, `format`, ...), for handling issues by kind. */
  readonly keyword: string;
  /** The keyword's details, as ajv reports them: `{ missingProperty: "Amount" }`, `{ format: "iban" }`, ... */
  readonly params: { readonly [key: string]: unknown };
}

/**
 * `validateRequests: true` and a request body that does not match the spec. Thrown before anything is sent: no
 * token was requested and the API saw nothing.
 */
export class RequestValidationError extends AccountFundsError {
  override name = "RequestValidationError";
  readonly issues: readonly ValidationIssue[];
  constructor(init: AccountFundsErrorInit & { readonly issues: readonly ValidationIssue[] }) {
    super(init);
    this.issues = init.issues;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), issues: this.issues };
  }
}

/**
 * `validateResponses: true` and a response body that does not match the spec. The server did answer with a
 * success status (a create did happen): `data` holds the body as received.
 */
export class ResponseValidationError extends AccountFundsError {
  override name = "ResponseValidationError";
  readonly issues: readonly ValidationIssue[];
  readonly data: unknown;
  constructor(init: AccountFundsErrorInit & { readonly issues: readonly ValidationIssue[]; readonly data: unknown }) {
    super(init);
    this.issues = init.issues;
    this.data = init.data;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), issues: this.issues };
  }
}
