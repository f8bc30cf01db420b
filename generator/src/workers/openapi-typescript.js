// @ts-check
/**
 * openapi-typescript's types of a document, printed to text (its AST cannot cross threads), with the two fixes of
 * its output the generator makes: `WithRequired` of a nullable type (types-with-required.js) and arrays that make a
 * schema contain itself (types-recursive-arrays.js); then each component schema declared as a named type
 * (types-named-schemas.js), so hovers and errors name it.
 */
import { createRequire } from "node:module";
import { withSchemasNamed } from "./types-named-schemas.js";
import { withRecursiveArraysNamed } from "./types-recursive-arrays.js";
import { withNullableWithRequired } from "./types-with-required.js";

// openapi-typescript's CommonJS build, through `require`: imported as ESM, its CommonJS dependencies (TypeScript's
// 9 MB among them) would first be lexed for export names, which doubled the half second the load takes. Its modules
// rather than its entry, which loads all of Redocly's openapi-core for the lint and bundle skipped here (a third of
// the library's load); the package exports them (`"./*"`), and it is pinned.
const require = createRequire(import.meta.url);
/** @type {typeof import("openapi-typescript").transformSchema} */
const transformSchema = require("openapi-typescript/dist/transform/index.cjs");
/** @type {Pick<typeof import("openapi-typescript"), "resolveRef" | "scanDiscriminators">} */
const { resolveRef, scanDiscriminators } = require("openapi-typescript/dist/lib/utils.cjs");
/** @type {Pick<typeof import("openapi-typescript"), "astToString">} */
const { astToString } = require("openapi-typescript/dist/lib/ts.cjs");

/**
 * @param {any} document bundled, upgraded to 3.1
 * @param {import("openapi-typescript").OpenAPITSOptions} options
 * @param {Readonly<Record<string, string>>} [typeNames] component schema name → its type's name (model/type-names.ts)
 * @returns {string}
 */
export function openapiTypescript(document, options, typeNames = {}) {
  const statements = withNullableWithRequired(openapiTypescriptStatements(document, options));
  return astToString(withSchemasNamed(withRecursiveArraysNamed(statements, Object.values(typeNames)), typeNames));
}

/**
 * What `openapiTS(document, options)` returns (its statements), without the Redocly lint and bundle it starts with: the document
 * comes bundled and checked by the loader, and on a large spec those two walks took longer than the types
 * (Stripe: 3 of the thread's 10 s). The context is the one `openapiTS` builds (openapi-typescript 7.13, pinned);
 * test/workers/openapi-typescript.test.ts checks the output stays `openapiTS`'s.
 * @param {any} document
 * @param {import("openapi-typescript").OpenAPITSOptions} options
 */
export function openapiTypescriptStatements(document, options) {
  const silent = options.silent ?? false;
  /** @type {import("openapi-typescript").GlobalContext} */
  const context = {
    additionalProperties: options.additionalProperties ?? false,
    alphabetize: options.alphabetize ?? false,
    arrayLength: options.arrayLength ?? false,
    defaultNonNullable: options.defaultNonNullable ?? true,
    discriminators: scanDiscriminators(document, options),
    emptyObjectsUnknown: options.emptyObjectsUnknown ?? false,
    enum: options.enum ?? false,
    enumValues: options.enumValues ?? false,
    conditionalEnums: options.conditionalEnums ?? false,
    dedupeEnums: options.dedupeEnums ?? false,
    excludeDeprecated: options.excludeDeprecated ?? false,
    exportType: options.exportType ?? false,
    immutable: options.immutable ?? false,
    rootTypes: options.rootTypes ?? false,
    rootTypesNoSchemaPrefix: options.rootTypesNoSchemaPrefix ?? false,
    rootTypesKeepCasing: options.rootTypesKeepCasing ?? false,
    injectFooter: [],
    pathParamsAsTypes: options.pathParamsAsTypes ?? false,
    postTransform: undefined,
    propertiesRequiredByDefault: options.propertiesRequiredByDefault ?? false,
    // Read only by the lint and bundle skipped here.
    redoc: /** @type {any} */ (undefined),
    silent,
    inject: undefined,
    transform: undefined,
    transformProperty: undefined,
    makePathsEnum: options.makePathsEnum ?? false,
    generatePathParams: options.generatePathParams ?? false,
    readWriteMarkers: options.readWriteMarkers ?? false,
    resolve: ($ref) => resolveRef(document, $ref, { silent }),
  };
  return transformSchema(document, context);
}
