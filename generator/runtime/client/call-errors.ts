/**
 * Whatever fails inside a call leaves it as an `AccountFundsError` with the call's operationId, client method and
 * request: an argument the types rule out (thrown deep down, as `invalidArgument(...)`, or as a `TypeError` by a
 * `$filter` callback or a built-in) becomes an `InvalidArgumentError`, anything else unforeseen an
 * `AccountFundsError` (`unexpected_error`), its message and cause redacted. Options of the client and of a call are
 * checked here too.
 */
import { AccountFundsError, InvalidArgumentError, invalidArgument, type RequestSummary } from "../errors/errors.js";
import { methodName, type OperationMetadata } from "../operations/operation-metadata.js";
import type { Redactor } from "../redaction/redact.js";

/** `error` as an `AccountFundsError` of the call of `operation` (to `request`, when it names none). */
export function asCallError(
  error: unknown,
  operation: Pick<OperationMetadata, "operationId" | "group" | "clientMethod">,
  request: RequestSummary,
  redactor: Redactor,
): AccountFundsError {
  const { operationId } = operation;
  const clientMethod = methodName(operation);
  if (error instanceof AccountFundsError) {
    if (error.operationId !== undefined || !(error instanceof InvalidArgumentError))
      return withClientMethod(error, clientMethod);
    return new InvalidArgumentError({
      message: `${error.message} (${request.method} ${request.url})`,
      code: "invalid_argument",
      request,
      operationId,
      clientMethod,
    });
  }
  const argument = error instanceof TypeError || error instanceof RangeError;
  const detail = redactor.string(error instanceof Error ? error.message : String(error));
  const init = { request, operationId, clientMethod, cause: redactor.error(error) };
  return argument
    ? new InvalidArgumentError({
        ...init,
        message: `${detail} (${request.method} ${request.url})`,
        code: "invalid_argument",
      })
    : new AccountFundsError({ ...init, message: `${clientMethod} failed: ${detail}`, code: "unexpected_error" });
}

/**
 * `error` with `clientMethod` set: itself when it has it, else a copy (same class, message, stack and fields). The
 * layers that make errors (transport, token source, paging, validation) do not know the method called, and one
 * error may reach several calls (a failed token request every waiting call shares): each gets its own copy.
 */
function withClientMethod(error: AccountFundsError, clientMethod: string): AccountFundsError {
  if (error.clientMethod === clientMethod) return error;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as AccountFundsError;
  Object.defineProperties(copy, Object.getOwnPropertyDescriptors(error));
  Object.defineProperty(copy, "clientMethod", {
    value: clientMethod,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/** A failure to build the client, as an `InvalidArgumentError` (options that cannot work together). */
export function asOptionsError(error: unknown): AccountFundsError {
  if (error instanceof AccountFundsError) return error;
  return invalidArgument(error instanceof Error ? error.message : String(error));
}

/** A count option (`maxResponseBytes`, `maxRedirects`): a non-negative number, floored; `Infinity` means no limit. */
export function countOption(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) {
    throw invalidArgument(`\`${name}\` must be a non-negative number`);
  }
  return Math.floor(value);
}

/** `maxPages`: a positive integer, or `Infinity` for no limit. */
export function pageLimit(value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (value === Number.POSITIVE_INFINITY || (Number.isSafeInteger(value) && value >= 1)) return value;
  throw invalidArgument("`maxPages` must be a positive integer (or Infinity)");
}
