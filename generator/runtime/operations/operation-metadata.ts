/**
 * What the runtime knows of one operation: emitted for every operation into `operations.ts` by the
 * generator, read by the client at run time (method, path, bodies, success statuses, validators' keys).
 */
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete" | "head" | "options";

export interface OperationMetadata {
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly group: string;
  readonly clientMethod: string;
  readonly pathParameters: readonly string[];
  readonly queryParameters: readonly string[];
  /** Media types the request body may be sent as, first one preferred; absent when there is no body. */
  readonly requestBody?: { readonly required: boolean; readonly mediaTypes: readonly string[] };
  /** Declared responses by status: media type of the body (absent: no body) and the headers the spec requires on it. */
  readonly responses: {
    readonly [status: string]: { readonly mediaType?: string; readonly headers?: readonly string[] };
  };
  /** Statuses that count as success, e.g. `["201"]`. */
  readonly successStatuses: readonly string[];
  readonly security: "bearer" | "none" | "mutualTLS";
  /** Operation-level server with `{variables}` (token endpoints), else the client's base URL is used. */
  readonly server?: { readonly url: string; readonly variables: { readonly [name: string]: string } };
  readonly odata?: "list" | "entity";
}

/**
 * The client's method of an operation as a caller writes it, group included: `accounts.listBalances` for the
 * operationId `listAccountBalances`. Errors and their messages name the call by it (`operationId` beside it).
 */
export function methodName(operation: Pick<OperationMetadata, "group" | "clientMethod">): string {
  return `${operation.group}.${operation.clientMethod}`;
}
