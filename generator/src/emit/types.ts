/**
 * `src/types.ts`: the `paths`, `components`, `operations` and `webhooks` interfaces from openapi-typescript,
 * the types openapi-fetch and the client are parameterised with.
 *
 * Options, and why:
 * - interfaces, not `exportType` aliases, for `paths`, `components`, `operations` and `webhooks`: what openapi-fetch's
 *   documentation uses; each component schema is then declared as a named type (workers/types-named-schemas.js), by
 *   the model's name, so hovers and errors name it;
 * - `emptyObjectsUnknown: true`: the spec leaves some bodies open on purpose (`QuoteResponse: type: object`,
 *   "not shown in the reference"); they must read as `Record<string, unknown>`, not `Record<string, never>`;
 * - `alphabetize: false`: order is already stable (components are sorted by the loader, paths and properties
 *   follow the spec, which follows the reference), and keeping the reference's field order keeps hovers and
 *   diffs readable next to it;
 * - `immutable: false`: callers build request bodies and keep response data; readonly arrays would not pass to
 *   their own `T[]` parameters. Immutability is a choice for the caller (`Readonly<...>`), not the contract;
 * - `rootTypes: false`: its `SchemaTransferDto = components["schemas"]["TransferDto"]` aliases name nothing in a
 *   hover (an indexed access resolves to the member's anonymous type); the schemas are declared by name instead;
 * - `enum: false`, `enumValues: false`: enums stay string-literal unions, so `types.ts` is types only;
 * - `additionalProperties: false`, `defaultNonNullable: true`, `propertiesRequiredByDefault: false`,
 *   `pathParamsAsTypes: false`, `excludeDeprecated: false`, `arrayLength: false`: openapi-typescript's defaults,
 *   pinned here so a library upgrade cannot change the output silently.
 */
import type { OpenAPITSOptions } from "openapi-typescript";
import { formatTypeScript } from "../print/format.js";
import { generatedHeader } from "../print/header.js";
import { runInLibraryThread } from "../workers/library-thread.js";
import type { Emitter } from "./emitter.js";
import { withEntityKeys } from "./entity-keys.js";
import { withOperationIds } from "./operation-ids.js";
import { withRequiredAlternatives } from "./required-alternatives.js";

export const openapiTypescriptOptions = {
  exportType: false,
  emptyObjectsUnknown: true,
  alphabetize: false,
  immutable: false,
  rootTypes: false,
  enum: false,
  enumValues: false,
  additionalProperties: false,
  defaultNonNullable: true,
  propertiesRequiredByDefault: false,
  pathParamsAsTypes: false,
  excludeDeprecated: false,
  arrayLength: false,
  makePathsEnum: false,
  generatePathParams: false,
  readWriteMarkers: false,
} as const satisfies OpenAPITSOptions;

export const typesEmitter: Emitter = {
  name: "types",
  async emit({ model }) {
    // In the library thread (a copy of the document goes there): openapi-typescript and the TypeScript compiler it
    // loads take about a second that the main thread spends on the other emitters meanwhile.
    // With required-only anyOf/oneOf branches typed (required-alternatives.ts explains why here), and each entity's
    // key required, as a whole entity has it (entity-keys.ts).
    const input = {
      document: withRequiredAlternatives(
        withEntityKeys(withOperationIds(model.documentForLibraries, [...model.operations, ...model.webhooks])),
      ),
      options: openapiTypescriptOptions,
      typeNames: Object.fromEntries(model.schemas.map((schema) => [schema.name, schema.typeName])),
    };
    const { output, printed } = await runInLibraryThread("openapiTypescript", input);
    for (const line of printed) console.warn(line); // reported as the types emitter's warnings, as in the main thread
    const header = generatedHeader(
      model.source,
      "Types of every path, operation, component and webhook of the API (openapi-typescript).",
    );
    return [{ path: "src/types.ts", contents: await formatTypeScript(`${header}\n${output}`) }];
  },
};
