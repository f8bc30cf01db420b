/**
 * `src/schemas.ts`: one named type per component schema, so callers write `TransferBeneficiaryDto` rather
 * than `components["schemas"]["TransferBeneficiaryDto"]`. The types are declared in `types.ts`, each with its
 * schema's JSDoc (workers/types-named-schemas.js); this file re-exports them, so the package entry exports the very
 * declarations hovers and errors name (a consumer's declaration file can name them: no TS2742).
 */
import { createTypeScriptFile, printTypeScriptFile } from "../print/typescript-file.js";
import type { Emitter } from "./emitter.js";

export const schemasEmitter: Emitter = {
  name: "schemas",
  async emit({ model }) {
    const file = createTypeScriptFile("schemas.ts");
    if (model.schemas.length > 0)
      file.addExportDeclaration({
        isTypeOnly: true,
        namedExports: model.schemas.map((schema) => schema.typeName),
        moduleSpecifier: "./types.js",
      });
    else file.addExportDeclaration({ namedExports: [] });
    const what = "A named type for every schema of the API, with its description (declared in types.ts).";
    return [{ path: "src/schemas.ts", contents: await printTypeScriptFile(file, model.source, what) }];
  },
};
