/**
 * The package's entry points. `src/index.ts` (`@account-funds/client`, browser-safe): the client, the webhook
 * parser, the spec's types (`paths`, `components`, `operations`, `webhooks` and a named type per schema), the
 * operation metadata, the webhook validators and the loader of the operations' validators (never a static export
 * of them: an entry that re-exports a module cannot be split from it), the error classes, the OData and multipart
 * helpers and the option types.
 * `src/node.ts` (`@account-funds/client/node`): what needs Node — the mTLS dispatcher (undici).
 */
import type { ExportDeclarationStructure, OptionalKind } from "ts-morph";
import type { ApiModel } from "../model/model.js";
import { createTypeScriptFile, printTypeScriptFile } from "../print/typescript-file.js";
import { clientOptionsType, clientSurface, hasParameterOptions } from "./client-surface.js";
import type { Emitter } from "./emitter.js";
import { runtimeSpecifier, type RuntimeModule } from "./runtime-modules.js";

interface RuntimeExports {
  readonly module: RuntimeModule;
  readonly values?: readonly string[];
  readonly types?: readonly string[];
}

/** The runtime's public surface, by module (runtime-modules.ts says where each is). */
export const runtimeExports: readonly RuntimeExports[] = [
  {
    module: "errors",
    values: [
      "AbortError",
      "AccountFundsError",
      "ApiStatusError",
      "AuthenticationError",
      "BadRequestError",
      "ConnectionError",
      "GoneError",
      "InvalidArgumentError",
      "InvalidLocationError",
      "NotFoundError",
      "PagingError",
      "RateLimitError",
      "RedirectError",
      "RequestValidationError",
      "ResponseTooLargeError",
      "ResponseValidationError",
      "ServerError",
      "TimeoutError",
      "TokenRequestError",
    ],
    types: ["AccountFundsErrorInit", "RequestSummary", "ResponseErrorInit", "ValidationIssue"],
  },
  {
    module: "odata",
    values: ["filter", "ODataFilter", "odataLiteral"],
    types: [
      "EntityKey",
      "ODataCheckedTerms",
      "ODataCollection",
      "ODataComplex",
      "ODataEntityPaths",
      "ODataEntityQuery",
      "ODataFilterBuilder",
      "ODataFilterField",
      "ODataFilterFunctions",
      "ODataFilterOf",
      "ODataListQuery",
      "ODataLiteral",
      "ODataOrderBy",
      "ODataPath",
      "ODataPathsOf",
      "ODataPathType",
      "ODataProjection",
      "ODataScalarPath",
      "ODataSelected",
      "ODataSelectPath",
      "ODataTermShape",
      "ODataTextPath",
      "ODataValue",
      "Selected",
      "TermsOf",
    ],
  },
  { module: "multipart", values: ["multipart", "MultipartBody"], types: ["FilePart", "MultipartParts"] },
  {
    module: "clientOptions",
    types: [
      "CallOptions",
      "ClientOptions",
      "ClientSecretAuthOptions",
      "CommonClientOptions",
      "FetchLike",
      "MtlsAuthOptions",
      "MtlsOptions",
      "PaginateOptions",
      "PasswordCredentials",
      "TokenProvider",
      "TokenProviderAuthOptions",
    ],
  },
  { module: "hooks", types: ["ClientHooks", "HookErrorInfo", "HookRequestInfo", "HookResponseInfo", "HookRetryInfo"] },
  {
    module: "operationTypes",
    types: [
      "Created",
      "CreatedOf",
      "CreatedWithoutLocation",
      "DeclaredStatusOf",
      "DefaultResultOf",
      "KeptBody",
      "MethodResult",
      "ODataEntityMethod",
      "ODataListMethod",
      "ODataPage",
      "ODataPageOf",
      "ODataResultOf",
      "ParametersOf",
      "PathParamOf",
      "PathParamsOf",
      "QueryOf",
      "RawFailure",
      "RawResultOf",
      "RawSuccess",
      "RequestBodyOf",
      "RequestContentOf",
      "ResponseBody",
      "ResponsesOf",
      "ResultMode",
      "ResultOf",
      "SelectedResponse",
      "StatusIn",
      "StatusNumber",
      "StatusRange",
      "SuccessBodyOf",
      "SuccessStatus",
      "SuccessStatusOf",
    ],
  },
  { module: "retry", types: ["RetrySettings"] },
  {
    module: "webhooks",
    types: ["InvalidWebhookEvent", "WebhookParseError", "WebhookParseErrorCode", "WebhookParseResult"],
  },
  { module: "operationMetadata", types: ["HttpMethod", "OperationMetadata"] },
  {
    module: "compiledValidator",
    types: ["CompiledValidator", "MultipartValidators", "OperationValidators", "ValidationErrorObject"],
  },
];

/** The runtime's types for header and cookie parameters: exported when an operation has such parameters. */
const parameterOptionsExports: RuntimeExports = {
  module: "requestParameters",
  types: ["ParameterOptions", "ParameterOptionsOf"],
};

/**
 * The runtime modules `src/index.ts` re-exports for this model: with the options type of a client that takes no
 * credentials (`PlainClientOptions`, `TokenProviderClientOptions`) when it is that client's.
 */
export function runtimeExportsOf(model: ApiModel): readonly RuntimeExports[] {
  const optionsType = clientOptionsType[clientSurface(model).authentication];
  const withOptions = runtimeExports.map((entry) =>
    entry.module !== "clientOptions" || entry.types?.includes(optionsType) === true
      ? entry
      : { ...entry, types: [...(entry.types ?? []), optionsType].sort() },
  );
  return hasParameterOptions(model) ? [...withOptions, parameterOptionsExports] : withOptions;
}

/** Names `src/index.ts` exports besides the schema types; a schema with one of these names would clash. */
export function indexExportNames(model: ApiModel): string[] {
  const client = clientSurface(model).exports;
  return [
    ...client.values,
    ...client.types,
    "components",
    "operations",
    "paths",
    "webhooks",
    "operationMetadata",
    "OperationId",
    "webhookValidators",
    ...runtimeExportsOf(model).flatMap((entry) => [...(entry.values ?? []), ...(entry.types ?? [])]),
  ];
}

export const indexFileEmitter: Emitter = {
  name: "index",
  async emit({ model }) {
    const exported = new Set(indexExportNames(model));
    // `export *` of schemas.ts gives way to the entry's own exports of the same name (ECMAScript's rule for star
    // exports); such a schema's type is still `Schema<"Name">` and schemas.ts's export.
    for (const schema of model.schemas) {
      if (exported.has(schema.typeName))
        console.warn(
          `schema ${schema.name}: the package entry exports the client's own ${schema.typeName}, so the schema's type is Schema<${JSON.stringify(schema.name)}> there`,
        );
    }

    const index = createTypeScriptFile("index.ts");
    const client = clientSurface(model).exports;
    const exports: OptionalKind<ExportDeclarationStructure>[] = [
      {
        moduleSpecifier: "./client.js",
        namedExports: [...client.values, ...client.types.map((name) => `type ${name}`)],
      },
      {
        moduleSpecifier: "./types.js",
        isTypeOnly: true,
        namedExports: ["components", "operations", "paths", "webhooks"],
      },
      { moduleSpecifier: "./schemas.js", isTypeOnly: true },
      { moduleSpecifier: "./operations.js", namedExports: ["operations as operationMetadata", "type OperationId"] },
      { moduleSpecifier: "./validators/webhooks.js", namedExports: ["webhookValidators"] },
      ...runtimeExportsOf(model).map((entry) => ({
        moduleSpecifier: runtimeSpecifier(entry.module),
        isTypeOnly: entry.values === undefined,
        namedExports: [
          ...(entry.values ?? []),
          ...(entry.types ?? []).map((name) => (entry.values === undefined ? name : `type ${name}`)),
        ],
      })),
    ];
    index.addExportDeclarations(exports);

    const node = createTypeScriptFile("node.ts");
    node.addExportDeclaration({
      moduleSpecifier: runtimeSpecifier("mtlsDispatcher"),
      namedExports: ["createMtlsDispatcher", "type MtlsCertificate"],
    });

    return [
      {
        path: "src/index.ts",
        contents: await printTypeScriptFile(
          index,
          model.source,
          "@account-funds/client: the client, the spec's types, errors and helpers (browser-safe).",
        ),
      },
      {
        path: "src/node.ts",
        contents: await printTypeScriptFile(
          node,
          model.source,
          "@account-funds/client/node: Node-only helpers (the mTLS dispatcher, undici).",
        ),
      },
    ];
  },
};
