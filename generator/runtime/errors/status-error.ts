/**
 * The error for a response whose status is not a success: the class by status (the reference's 400, 401, 404 and
 * 410; 429; any 5xx; a 3xx not followed; any other status an `ApiStatusError`), and the most useful message the body
 * allows (error-body.ts), with the fields it names, else the status's reason phrase (RFC 9110 §15: HTTP/2 has no
 * status text). Everything it is given is already redacted.
 */
import {
  ApiStatusError,
  AuthenticationError,
  BadRequestError,
  GoneError,
  NotFoundError,
  RateLimitError,
  RedirectError,
  ServerError,
  type RequestSummary,
  type ResponseErrorInit,
} from "./errors.js";
import { messageWithFields, readErrorBody } from "./error-body.js";

export interface StatusErrorInit {
  readonly status: number;
  readonly statusText?: string;
  /** The parsed body (JSON when it parsed, else its text); already redacted. */
  readonly body: unknown;
  /** The body as received; already redacted. */
  readonly rawBody?: string;
  readonly request: RequestSummary;
  readonly operationId: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly retryAfterMs?: number | undefined;
}

/** RFC 9110 §15 (and RFC 6585's 429): the reason phrase when the response carried none. */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  300: "Multiple Choices",
  301: "Moved Permanently",
  302: "Found",
  303: "See Other",
  304: "Not Modified",
  307: "Temporary Redirect",
  308: "Permanent Redirect",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  412: "Precondition Failed",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The status's reason phrase: the response's own, else RFC 9110's. */
export function reasonPhrase(status: number, statusText?: string): string | undefined {
  return statusText?.trim() || REASON_PHRASES[status];
}

/** The error class for an HTTP status, with its message and everything the response said. */
export function errorForStatus(init: StatusErrorInit): ApiStatusError {
  const facts = readErrorBody(init.body);
  const detail = facts.message ?? reasonPhrase(init.status, init.statusText) ?? "request failed";
  const code = facts.code;
  const text = messageWithFields(detail, facts.fieldErrors);
  const message = `${init.status} ${code ? `${code}: ` : ""}${text} (${init.request.method} ${init.request.url})`;
  const errorInit: ResponseErrorInit & { readonly status: number } = {
    message,
    status: init.status,
    code,
    body: init.body,
    rawBody: init.rawBody,
    request: init.request,
    operationId: init.operationId,
    headers: init.headers,
    retryAfterMs: init.retryAfterMs,
    fieldErrors: facts.fieldErrors,
  };
  if (init.status >= 300 && init.status < 400) {
    return new RedirectError({ ...errorInit, code: "redirect_not_followed", location: init.headers?.["location"] });
  }
  switch (init.status) {
    case 400:
      return new BadRequestError(errorInit);
    case 401:
      return new AuthenticationError(errorInit);
    case 404:
      return new NotFoundError(errorInit);
    case 410:
      return new GoneError(errorInit);
    case 429:
      return new RateLimitError(errorInit);
    default:
      return init.status >= 500 && init.status < 600 ? new ServerError(errorInit) : new ApiStatusError(errorInit);
  }
}
