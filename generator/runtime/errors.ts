/**
 * Every error the client throws is an `AccountFundsError`. HTTP failures are `ApiStatusError`s, with a class per
 * status the reference names (400, 401, 404, 410); transport failures are `ConnectionError`, `TimeoutError` and
 * `AbortError`; a failed token request is a `TokenRequestError`; an opted-in check that fails is a
 * `RequestValidationError` (before anything is sent) or a `ResponseValidationError`. Messages, bodies, URLs and `toJSON()` are redacted before they are stored: an error
 * can be logged whole.
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
  /** The spec's operationId of the call. */
  readonly operationId?: string | undefined;
  /** Response headers, already redacted. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** The underlying error (`Error.cause`). */
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
  readonly operationId: string | undefined;
  /** Response headers (redacted), when there was a response. */
  readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(init: AccountFundsErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.body = init.body;
    this.request = init.request;
    this.operationId = init.operationId;
    this.headers = init.headers;
  }

  /** A plain, secret-free description: safe for structured logs. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      code: this.code,
      operationId: this.operationId,
      request: this.request,
      body: this.body,
    };
  }
}

/** The API answered with a status that is not a success. Subclasses name the statuses the reference lists. */
export class ApiStatusError extends AccountFundsError {
  override name = "ApiStatusError";
  declare readonly status: number;
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
 * The token service refused or failed the token request. `code` is its `error` field: `invalid_client` (client id
 * unknown or client secret wrong), `invalid_user` (username unknown or password wrong), or another RFC 6749 code.
 */
export class TokenRequestError extends AccountFundsError {
  override name = "TokenRequestError";
  declare readonly code: "invalid_client" | "invalid_user" | (string & {}) | undefined;
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
 * access token is not sent there) or repeats a page already read (`next_link_loop`). `request` is the page's.
 */
export class PagingError extends AccountFundsError {
  override name = "PagingError";
  declare readonly code: "invalid_collection" | "invalid_next_link" | "unsafe_next_link" | "next_link_loop";
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

/** The `code` of an error body: OData `{ error: { code } }`, or the token endpoint's `{ error: "invalid_client" }`. */
export function errorCodeOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const error = body["error"];
  if (typeof error === "string") return error;
  if (isRecord(error) && typeof error["code"] === "string") return error["code"];
  return undefined;
}

/** The human-readable message of an error body, when it has one. */
export function errorMessageOf(body: unknown): string | undefined {
  if (typeof body === "string") return body.trim() === "" ? undefined : truncate(body.trim(), 300);
  if (!isRecord(body)) return undefined;
  const error = body["error"];
  if (isRecord(error) && typeof error["message"] === "string") return error["message"];
  if (typeof body["error_description"] === "string") return body["error_description"];
  if (typeof body["message"] === "string") return body["message"];
  return undefined;
}

export interface StatusErrorInit {
  readonly status: number;
  readonly statusText?: string;
  /** Already redacted. */
  readonly body: unknown;
  readonly request: RequestSummary;
  readonly operationId: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The error class for an HTTP status: 400, 401, 404, 410 have their own, every other status is `ApiStatusError`. */
export function errorForStatus(init: StatusErrorInit): ApiStatusError {
  const code = errorCodeOf(init.body);
  const detail = errorMessageOf(init.body) ?? (init.statusText || undefined) ?? "request failed";
  const message = `${init.status} ${code ? `${code}: ` : ""}${detail} (${init.request.method} ${init.request.url})`;
  const errorInit: AccountFundsErrorInit = {
    message,
    status: init.status,
    code,
    body: init.body,
    request: init.request,
    operationId: init.operationId,
    headers: init.headers,
  };
  switch (init.status) {
    case 400:
      return new BadRequestError(errorInit);
    case 401:
      return new AuthenticationError(errorInit);
    case 404:
      return new NotFoundError(errorInit);
    case 410:
      return new GoneError(errorInit);
    default:
      return new ApiStatusError(errorInit);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
