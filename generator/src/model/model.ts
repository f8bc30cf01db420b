/**
 * The generator's one intermediate model of the spec. The loader builds it once from the bundled document;
 * every emitter reads only this (never the spec files, never the document's OpenAPI structure), so what a
 * generated file says can be traced to one place. Pointers are RFC 6901 JSON pointers into the bundled document
 * (`generated/openapi.json`). JSON Schema nodes (`schema` fields) are kept as the spec wrote them, `$ref`s
 * included: a `$ref` names a component schema, which `schemas` holds.
 */
import type { EntityShape, ScalarType } from "../../runtime/operations/operation-contract.js";
import type { JsonObject, JsonValue } from "../json-pointer/json-pointer.js";
import type { SpecProblem } from "../json-pointer/spec-error.js";

export type { EntityPropertyKind, EntityShape, ScalarType } from "../../runtime/operations/operation-contract.js";

/** The bundled OpenAPI 3.1 document, as written to generated/openapi.json. */
export type OpenApiDocument = JsonObject;

export interface ApiModel {
  /**
   * The bundled, normalised document, for the emitters that hand the whole of it on as it is: to openapi-typescript
   * (`types.ts`), to ajv (`validators.ts`) and to the published `openapi.json`. No other emitter reads it (a test
   * checks): what they need is in the fields below, decided once here.
   */
  readonly documentForLibraries: OpenApiDocument;
  /** Where the document came from, for generated file headers (`spec/openapi.yaml`). */
  readonly source: string;
  /** The document's `openapi` version: `3.1.0`. */
  readonly openapi: string;
  readonly info: InfoModel;
  /** Tags the document declares, in its order (the first of a repeated name wins). */
  readonly tags: readonly TagModel[];
  /** The document's own `servers`. */
  readonly servers: readonly ServerModel[];
  readonly securitySchemes: readonly SecuritySchemeModel[];
  readonly groups: readonly ClientGroup[];
  readonly operations: readonly OperationModel[];
  readonly schemas: readonly SchemaModel[];
  readonly webhooks: readonly WebhookModel[];
  readonly assumptions: readonly AssumptionModel[];
  /** What the spec has that the generator works around without stopping (pointers into the bundled document). */
  readonly warnings: readonly SpecProblem[];
}

export interface InfoModel {
  readonly title: string;
  readonly version: string;
  /** `""` when the spec has none. */
  readonly summary: string;
  readonly description: string;
}

export interface TagModel {
  readonly name: string;
  readonly description: string;
}

/**
 * A client resource group: the OData entity set a path starts with (`/api/v1/Accounts(...)/Balances` →
 * `accounts`), else the operation's first tag (`auth`), else the path's first segment (`/v1/customers` →
 * `customers`); model/client-names.ts.
 */
export interface ClientGroup {
  /** camelCase property on the client: `accounts`, `inboundTransfers`, `auth`. */
  readonly name: string;
  /** Operation ids in the group, in document order. */
  readonly operationIds: readonly string[];
}

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete" | "head" | "options";

export interface OperationModel {
  /** As declared; made from the method and path when the spec declares none (`operationIdGenerated`). */
  readonly operationId: string;
  /** The spec declares no operationId: `operationId` is the generator's (model/client-names.ts). */
  readonly operationIdGenerated?: true;
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
  /** Header parameters, sent from the call's options (`Prefer`, the client's own, and Accept, Content-Type, Authorization, which OpenAPI says to ignore, left out). */
  readonly headerParameters: readonly ParameterModel[];
  /** Cookie parameters, sent as one `Cookie` header from the call's options. */
  readonly cookieParameters: readonly ParameterModel[];
  readonly requestBody?: RequestBodyModel;
  readonly responses: readonly ResponseModel[];
  /** Operation- or path-level `servers` (the token endpoints' `{auth_url}`); absent for the API's own. */
  readonly servers?: readonly ServerModel[];
  /** `bearer` for API calls, `none` for /connect/token, `mutualTLS` for /connect/mtls/token. */
  readonly security: "bearer" | "none" | "mutualTLS";
  /** The operation's security requirements (else the document's), as declared; `[]` when there are none. */
  readonly securityRequirements: readonly SecurityRequirementModel[];
  readonly deprecated: boolean;
  /** A list GET that takes the OData system query options and returns a collection envelope. */
  readonly odataList?: { readonly entitySchema: string };
  /** A keyed GET that takes `$select` on one entity. */
  readonly odataEntity?: { readonly entitySchema: string };
  /** Every `x-assumption` that applies to the operation, in the document's order (model/applicable-assumptions.ts). */
  readonly assumptions: readonly AssumptionModel[];
}

/** One way to satisfy the security of an operation: every scheme listed applies (OpenAPI 3.1 §4.8.30). */
export type SecurityRequirementModel = readonly { readonly scheme: string; readonly scopes: readonly string[] }[];

export interface ParameterModel {
  readonly name: string;
  readonly in: "path" | "query" | "header" | "cookie";
  readonly required: boolean;
  readonly description: string;
  /** The parameter's JSON Schema (dereferenced). */
  readonly schema: JsonObject;
  /** The JSON type the parameter's text stands for: the schema's `type` (the non-null one of a list), else `string`. */
  readonly scalarType: ScalarType;
  /** The parameter's own `example`, when it has one. */
  readonly example?: JsonValue;
}

export interface RequestBodyModel {
  readonly required: boolean;
  readonly description: string;
  readonly contents: readonly MediaModel[];
}

export interface MediaModel {
  readonly mediaType: string;
  /** Component name when the schema is a `$ref` to components/schemas (`CreateAccountTransfer`). */
  readonly schemaName?: string;
  /** Pointer to the media type's schema in the bundled document. */
  readonly schemaPointer?: string;
  /** The media type's schema as written (a `$ref` stays one). */
  readonly schema?: JsonValue;
  /** The first example next to the schema: `example`, or the first of `examples` (its `value`, a `$ref` followed). */
  readonly example?: JsonValue;
  /** For `multipart/form-data` with a schema: how it splits into parts. */
  readonly multipart?: MultipartModel;
}

/** The parts of a `multipart/form-data` body (model/multipart.ts says how a schema splits). */
export interface MultipartModel {
  readonly required: readonly string[];
  readonly values: readonly MultipartValuePart[];
  readonly files: readonly MultipartFilePart[];
}

export interface MultipartValuePart {
  readonly name: string;
  /** The part's schema, as a media type names it: a component, or a pointer to an inline schema. */
  readonly schema: Pick<MediaModel, "schemaName" | "schemaPointer">;
}

export interface MultipartFilePart {
  readonly name: string;
  /** An array of files (one part per file) rather than one. */
  readonly multiple: boolean;
  /** From `encoding.<name>.contentType`; absent when any type goes. */
  readonly contentTypes?: readonly string[];
}

export interface ResponseModel {
  /** `"200"`, `"201"`, `"2XX"`, ... */
  readonly status: string;
  readonly description: string;
  readonly success: boolean;
  readonly contents: readonly MediaModel[];
  /** Declared header names (`Location`). */
  readonly headers: readonly string[];
  /** The declared headers the response must carry (`required: true`): what a client and a server can rely on. */
  readonly requiredHeaders: readonly string[];
}

export interface ServerModel {
  readonly url: string;
  /** `""` when the server has none. */
  readonly description: string;
  readonly variables: { readonly [name: string]: ServerVariableModel };
}

export interface ServerVariableModel {
  readonly default: string;
  readonly description?: string;
  readonly enum?: readonly string[];
}

export interface SecuritySchemeModel {
  readonly name: string;
  readonly pointer: string;
  /** `http`, `apiKey`, `oauth2`, `openIdConnect`, `mutualTLS`. */
  readonly type: string;
  readonly description: string;
  /** The scheme's settings as declared, for the kinds that have them: `http` (`scheme`, `bearerFormat`), `apiKey` (`in`, `name`), `openIdConnect`. */
  readonly settings: {
    readonly scheme?: string;
    readonly bearerFormat?: string;
    readonly in?: string;
    readonly name?: string;
    readonly openIdConnectUrl?: string;
  };
  /** `oauth2`: each flow by name (`password`, ...) with its URLs and scope names. */
  readonly flows: readonly OAuthFlowModel[];
}

export interface OAuthFlowModel {
  readonly flow: string;
  readonly authorizationUrl?: string;
  readonly tokenUrl?: string;
  readonly refreshUrl?: string;
  readonly scopes: readonly string[];
}

export interface SchemaModel {
  /** The name in the spec (`components.schemas`): the key of openapi-typescript's `components["schemas"]`. */
  readonly name: string;
  /** The TypeScript name of its named type: `name` when it is an identifier, else made into one (model/type-names.ts). */
  readonly typeName: string;
  readonly pointer: string;
  readonly description: string;
  /** The schema as the spec wrote it (`$ref`s to other components stay). */
  readonly schema: JsonValue;
  /** Where the schema is used directly as a body, so emitters know which need validators and named exports. */
  readonly usedAs: readonly ("request" | "response" | "webhook" | "nested")[];
  /** For the entity schema of an OData list or keyed read: what `$filter`, `$select` and `$orderby` can name (model/entity-shape.ts). */
  readonly entityShape?: EntityShape;
  /** The `x-assumption`s inside the schema. */
  readonly assumptions: readonly AssumptionModel[];
}

export interface WebhookModel {
  readonly name: string;
  readonly operationId: string;
  /** The spec declares no operationId: `operationId` is made from the webhook's name. */
  readonly operationIdGenerated?: true;
  readonly pointer: string;
  readonly method: HttpMethod;
  readonly tag: string;
  readonly summary: string;
  readonly description: string;
  readonly requestBody?: RequestBodyModel;
  /** The body the API delivers: the request body's JSON media type, else its first. */
  readonly payload: MediaModel;
  /** What the subscriber may answer. */
  readonly responses: readonly ResponseModel[];
  readonly securityRequirements: readonly SecurityRequirementModel[];
  readonly assumptions: readonly AssumptionModel[];
  /** The kinds of event the delivery holds (model/webhook-events.ts); absent when the payload is no such union. */
  readonly events?: WebhookEventsModel;
  /** Which member of an event holds its entity's URL and which the entity's key (`x-entity-url`); absent: unchecked. */
  readonly entityUrl?: WebhookEntityUrlModel;
}

/** An event's member holding the URL of its entity (`ApiUrl`), and the member holding that entity's key (`EntityId`). */
export interface WebhookEntityUrlModel {
  readonly url: string;
  readonly key: string;
}

/** A delivery's events: the known ones, a discriminated union, and the schema of the others. */
export interface WebhookEventsModel {
  /** Component of the events the spec knows: a `oneOf` with a discriminator (`WebhookEvent`). */
  readonly known: string;
  /** The discriminator property (`Reason`) and its values, one per known kind. */
  readonly tag: string;
  readonly tags: readonly string[];
  /** Component of the events of other kinds, kept as they arrive (`UnknownWebhookEvent`); absent: none accepted. */
  readonly unknown?: string;
}

export interface AssumptionModel {
  readonly pointer: string;
  readonly text: string;
}
