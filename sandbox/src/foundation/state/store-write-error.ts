/**
 * A command's changes could not be written to the data file (disk full, read-only, I/O error): the store undid
 * them in memory too, so nothing was acknowledged that is not stored. The API answers it with 503 and
 * `Retry-After` (RFC 9110 §15.6.4, §10.2.3): the condition is the server's and may pass.
 */
export class StoreWriteError extends Error {
  override readonly name = "StoreWriteError";
  /** Seconds a client should wait before trying again. */
  readonly retryAfterSeconds = 5;
  /** The SQLite reason, without the file's path (the path is for the operator's log, not for API clients). */
  readonly reason: string;

  constructor(
    readonly path: string,
    what: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Cannot write ${what} to the sandbox data file ${path}: ${reason}`, { cause });
    this.reason = reason;
  }
}

/** The API's answer to a write that could not be stored: status, OData error body (as the spec's ODataError), headers. */
export function storageUnavailable(error: StoreWriteError): {
  readonly status: 503;
  readonly body: { readonly error: { readonly code: string; readonly message: string } };
  readonly headers: Readonly<Record<string, string>>;
} {
  return {
    status: 503,
    body: {
      error: {
        code: "storage_unavailable",
        message: `The sandbox could not store this change (${error.reason}); nothing was changed. Try again later.`,
      },
    },
    headers: { "retry-after": String(error.retryAfterSeconds) },
  };
}
