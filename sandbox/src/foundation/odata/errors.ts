// Query-option errors are data, never exceptions: the HTTP layer turns them into a 400 with the OData error body
// (OData JSON Format §21: `code`, `message`, `target`), so every parser in this folder returns a Result.

/** Service-defined error codes of the query-option parsers; `target` names the offending option. */
export type ODataQueryErrorCode =
  | "invalid_filter_syntax"
  | "unknown_property"
  | "type_mismatch"
  | "unsupported_filter"
  | "query_too_complex"
  | "invalid_select"
  | "invalid_orderby"
  | "unsupported_orderby"
  | "invalid_query_option";

/** The error of one system query option, shaped like an OData error (`code`, `target`, `message`). */
export interface ODataQueryError {
  readonly code: ODataQueryErrorCode;
  /** The system query option at fault, e.g. `$filter`. */
  readonly target: string;
  readonly message: string;
}

export type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ODataQueryError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: ODataQueryErrorCode, target: string, message: string): Result<T> {
  return { ok: false, error: { code, target, message } };
}
