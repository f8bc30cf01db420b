/**
 * An API error as data: the HTTP status with the OData error body's `code`, `message`, `target` and `details`
 * (OData v4 JSON Format §21, the spec's `ODataError`). Every part answers its refusals with one; `responses.ts`
 * writes it.
 */
export interface ApiError {
  readonly status: 400 | 401 | 403 | 404 | 405 | 408 | 409 | 410 | 413 | 415 | 431 | 500 | 503;
  readonly code: string;
  readonly message: string;
  readonly target?: string;
  readonly details?: readonly { readonly code: string; readonly message: string; readonly target?: string }[];
}

/** Response headers by lower-case name. */
export type HeaderRecord = Readonly<Record<string, string>>;

/** A refusal with the headers that go with it (`Allow` on a 405, `Retry-After` on a 503, ...). */
export interface Refusal {
  readonly error: ApiError;
  readonly headers?: HeaderRecord;
}

/** OData v4 JSON Format §21: `{ "error": { code, message, target?, details? } }`, as the spec's ODataError. */
export function odataErrorBody(error: ApiError): { error: Record<string, unknown> } {
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.target !== undefined) body["target"] = error.target;
  if (error.details !== undefined && error.details.length > 0) body["details"] = error.details;
  return { error: body };
}
