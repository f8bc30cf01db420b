/**
 * The contract between the request pipeline and the per-resource handlers. The pipeline has already matched
 * the operation, authenticated the caller, checked path and query against the spec and read the body (a multipart
 * body's structure checked); a handler checks the body's members with @account-funds/validators (the one check of
 * a body), applies the domain rules and returns data. OData shaping of lists and
 * entities ($filter, $select, paging, `@odata.context`) is the pipeline's, so each handler returns plain rows.
 */
import type { Operation, OperationId, PathParamsOf, QueryOf } from "@account-funds/client";
import type { Issue } from "@account-funds/validators";
import type { SandboxClock } from "../../foundation/clock.js";
import type { ApiError } from "../../foundation/http/api-error.js";
import type { UploadedFile } from "../../foundation/http/body.js";
import type { TenantId } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import type { EventSink } from "../../model/webhooks/event-sink.js";

/** Operations served by the token endpoints of `auth/`, not by handlers. */
export const tokenOperations = ["requestPasswordToken", "requestMtlsPasswordToken"] as const;
export type ApiOperationId = Exclude<OperationId, (typeof tokenOperations)[number]>;

/** Whether an operation is served by a handler (every operation but the token endpoints). */
export const isApiOperation = (operationId: OperationId): operationId is ApiOperationId =>
  !tokenOperations.some((token) => token === operationId);

/** The client's view of an operation's path parameters; `{}` for an operation without any. */
export type PathOf<K extends ApiOperationId> = [PathParamsOf<Operation<K>>] extends [never]
  ? Readonly<Record<string, never>>
  : Readonly<PathParamsOf<Operation<K>>>;

/** The client's view of an operation's query (OData system options included); `{}` without any. */
export type QueryParametersOf<K extends ApiOperationId> = [QueryOf<Operation<K>>] extends [never]
  ? Readonly<Record<string, never>>
  : Readonly<QueryOf<Operation<K>>>;

/** What a handler of operation `K` is given: its checked parameters and body, typed as the client types them. */
export interface HandlerContext<K extends ApiOperationId = ApiOperationId> {
  readonly operationId: K;
  /** The authenticated service user. */
  readonly tenant: TenantId;
  /** Path parameters, checked against their schemas and typed as the spec declares them (ints are numbers). */
  readonly path: PathOf<K>;
  /** Query parameters (OData system options included), checked and typed as the spec declares them. */
  readonly query: QueryParametersOf<K>;
  /**
   * The JSON body (for multipart: the `Request` part), as it came: its one check is `@account-funds/validators`'
   * request validator with `wireForm` (the API's document, from the same spec, and the conditional rules), which the
   * domain module of the operation runs with the context its rules need.
   */
  readonly body: unknown;
  /** Where the body's JSON is in the request (`""`; `/Request` for a multipart body): the targets of its issues start so. */
  readonly bodyPointer: string;
  /** Files of a multipart body. */
  readonly files: readonly UploadedFile[];
  readonly store: Store;
  readonly clock: SandboxClock;
  readonly events: EventSink;
  /** The base URL the caller reached the API at (e.g. `http://127.0.0.1:4010`, or a proxy's), for absolute URLs. */
  readonly baseUrl: string;
}

/** What every handler can use whatever its operation: the caller and the sandbox's state, clock and events. */
export type RequestContext = Omit<HandlerContext, "operationId" | "path" | "query" | "body" | "bodyPointer">;

export type HandlerResult =
  /** A collection: the pipeline applies the OData options and writes the envelope. */
  | { readonly kind: "list"; readonly rows: readonly object[] }
  /** One entity: the pipeline applies `$select` and adds `@odata.context`. */
  | { readonly kind: "entity"; readonly row: object }
  /** 201 with `Location` (absolute URL of the API path) and a `CreateResultDto` body. */
  | { readonly kind: "created"; readonly id: number; readonly location: string }
  /** Any other response, written as it is. */
  | {
      readonly kind: "response";
      readonly status: number;
      readonly body?: unknown;
      readonly contentType?: string;
      readonly headers?: Readonly<Record<string, string>>;
    }
  /** An error: written as the spec's OData error body (with headers such as a 401's `WWW-Authenticate`). */
  | { readonly kind: "error"; readonly error: ApiError; readonly headers?: Readonly<Record<string, string>> };

export type Handler<K extends ApiOperationId> = (context: HandlerContext<K>) => HandlerResult | Promise<HandlerResult>;

/** One handler per API operation of the spec: the type makes a missing one a compile error. */
export type HandlerTable = { readonly [K in ApiOperationId]: Handler<K> };

/** Calls the handler of the context's operation (a generic `K` keeps the table's entry and the context together). */
export function dispatch<K extends ApiOperationId>(
  table: HandlerTable,
  context: HandlerContext<K>,
): HandlerResult | Promise<HandlerResult> {
  const handler: Handler<K> = table[context.operationId];
  return handler(context);
}

export const ok = (body?: unknown): HandlerResult => ({ kind: "response", status: 200, body });
export const list = (rows: readonly object[]): HandlerResult => ({ kind: "list", rows });
export const entity = (row: object): HandlerResult => ({ kind: "entity", row });
export const created = (id: number, apiPath: string): HandlerResult => ({ kind: "created", id, location: apiPath });

export const notFound = (what: string): HandlerResult => ({
  kind: "error",
  error: { status: 404, code: "not_found", message: `${what} does not exist, or you have no permission to view it.` },
});

export const gone = (what: string, reason: string): HandlerResult => ({
  kind: "error",
  error: { status: 410, code: "gone", message: `${what} ${reason}.` },
});

export const badRequest = (code: string, message: string, target?: string): HandlerResult => ({
  kind: "error",
  error: target === undefined ? { status: 400, code, message } : { status: 400, code, message, target },
});

/**
 * A body the validators refused (the one check of a body: the API's document, from the spec, and the conditional
 * rules): `invalid_body`, one OData error detail per issue, its target the issue's JSON path under `prefix`.
 */
export function rejected(issues: readonly Issue[], prefix = ""): HandlerResult {
  const details = issues.map((found) => ({
    code: found.code,
    message: found.message,
    target: `${prefix}${found.path.map((segment) => `/${String(segment)}`).join("")}` || "/",
  }));
  const first = details[0];
  return {
    kind: "error",
    error: {
      status: 400,
      code: "invalid_body",
      message: first === undefined ? "The body is not valid." : `${first.target}: ${first.message}`,
      ...(first === undefined ? {} : { target: first.target }),
      details,
    },
  };
}
