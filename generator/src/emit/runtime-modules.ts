/**
 * Where the generated files find the client runtime: each runtime module they import or re-export, by its path under
 * `src/runtime/` (the folders of generator/runtime/, copied as they are). Written once, so that moving a runtime
 * module is one edit here; a path that names no module fails the client's type check (`make check-generated`).
 */
export const runtimeModules = {
  bind: "client/bind",
  clientOptions: "options/client-options",
  compiledValidator: "validation/compiled-validator",
  errors: "errors/errors",
  hooks: "options/hooks",
  mtlsDispatcher: "auth/mtls-dispatcher",
  multipart: "bodies/multipart",
  odata: "odata/odata",
  odataFilter: "odata/odata-filter",
  operationContract: "operations/operation-contract",
  operationMetadata: "operations/operation-metadata",
  operationTypes: "client/operation-types",
  request: "client/request",
  requestParameters: "client/request-parameters",
  retry: "retry/retry",
  webhooks: "webhooks/webhooks",
} as const;

export type RuntimeModule = keyof typeof runtimeModules;

/** The module's source file under generator/runtime/ (and src/runtime/): `errors/errors.ts`. */
export function runtimeFile(module: RuntimeModule): string {
  return `${runtimeModules[module]}.ts`;
}

/** The specifier that imports the module from a generated file in `src/` (`./runtime/...`) or in a folder of it. */
export function runtimeSpecifier(module: RuntimeModule, from: "src" | "src/*" = "src"): string {
  return `${from === "src" ? "./" : "../"}runtime/${runtimeModules[module]}.js`;
}
