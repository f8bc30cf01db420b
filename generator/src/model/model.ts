/**
 * The generator's one intermediate model of the spec. The loader builds it once from the bundled document;
 * every emitter reads only this (never the spec files), so what a generated file says can be traced to one
 * place. Pointers are RFC 6901 JSON pointers into the bundled document (`generated/openapi.json`).
 */

/** The bundled OpenAPI 3.1 document, as written to generated/openapi.json. */
export type OpenApiDocument = { readonly [key: string]: unknown };

export interface ApiModel {
  /** Bundled and normalised document; emitters that hand a document to a library (openapi-typescript, ajv) use this. */
  readonly document: OpenApiDocument;
  /** Where the document came from, for generated file headers (`spec/openapi.yaml`). */
  readonly source: string;
  readonly info: { readonly title: string; readonly version: string };
  readonly groups: readonly ClientGroup[];
  readonly operations: readonly OperationModel[];
  readonly schemas: readonly SchemaModel[];
  readonly webhooks: readonly WebhookModel[];
  readonly assumptions: readonly AssumptionModel[];
}

/**
 * A client resource group: the OData entity set a path starts with (`/api/v1/Accounts(...)/Balances` →
 * `accounts`), or the tag for paths outside `/api/v1` (`auth`).
 */
export interface ClientGroup {
  /** camelCase property on the client: `accounts`, `inboundTransfers`, `auth`. */
  readonly name: string;
  /** Operation ids in the group, in document order. */
  readonly operationIds: readonly string[];
}

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export interface OperationModel {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** Path template exactly as in the spec: `/api/v1/Accounts({accountId})/Balances`. */
  readonly path: string;
  readonly pointer: string;
  readonly tag: string;
  readonly summary: string;
  readonly description: string;
  /** Client group and method: `accounts` + `listBalances` for listAccountBalances (scope noun dropped). */
  readonly group: string;
  readonly clientMethod: string;
  /** Path parameters in the order they appear in the path. */
  readonly pathParameters: readonly ParameterModel[];
  readonly queryParameters: readonly ParameterModel[];
  readonly requestBody?: RequestBodyModel;
  readonly responses: readonly ResponseModel[];
  /** Operation- or path-level `servers` (the token endpoints' `{auth_url}`); absent for the API's own. */
  readonly servers?: readonly ServerModel[];
  /** `bearer` for API calls, `none` for /connect/token, `mutualTLS` for /connect/mtls/token. */
  readonly security: "bearer" | "none" | "mutualTLS";
  /** A list GET that takes the OData system query options and returns a collection envelope. */
  readonly odataList?: { readonly entitySchema: string };
  /** A keyed GET that takes `$select` on one entity. */
  readonly odataEntity?: { readonly entitySchema: string };
}

export interface ParameterModel {
  readonly name: string;
  readonly in: "path" | "query" | "header";
  readonly required: boolean;
  readonly description: string;
  /** The parameter's JSON Schema (dereferenced). */
  readonly schema: { readonly [key: string]: unknown };
}

export interface RequestBodyModel {
  readonly required: boolean;
  readonly contents: readonly MediaModel[];
}

export interface MediaModel {
  readonly mediaType: string;
  /** Component name when the schema is a `$ref` to components/schemas (`CreateAccountTransfer`). */
  readonly schemaName?: string;
  /** Pointer to the media type's schema in the bundled document. */
  readonly schemaPointer?: string;
}

export interface ResponseModel {
  /** `"200"`, `"201"`, `"2XX"`, ... */
  readonly status: string;
  readonly description: string;
  readonly success: boolean;
  readonly contents: readonly MediaModel[];
  /** Declared header names (`Location`). */
  readonly headers: readonly string[];
}

export interface ServerModel {
  readonly url: string;
  readonly variables: { readonly [name: string]: { readonly default: string; readonly description?: string } };
}

export interface SchemaModel {
  readonly name: string;
  readonly pointer: string;
  readonly description: string;
  /** Where the schema is used directly as a body, so emitters know which need validators and named exports. */
  readonly usedAs: readonly ("request" | "response" | "webhook" | "nested")[];
}

export interface WebhookModel {
  readonly name: string;
  readonly operationId: string;
  readonly pointer: string;
  readonly payload: MediaModel;
}

export interface AssumptionModel {
  readonly pointer: string;
  readonly text: string;
}
