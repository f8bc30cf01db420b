/**
 * `src/schemas.ts`: one named type per component schema, so callers write `TransferBeneficiaryDto` rather
 * than `components["schemas"]["TransferBeneficiaryDto"]`, with the schema's description as JSDoc.
 */
import { createTypeScriptFile, jsDocText, printTypeScriptFile } from "../print/typescript-file.js";
import type { Emitter } from "./emitter.js";

export const schemasEmitter: Emitter = {
  name: "schemas",
  async emit({ model }) {
    const file = createTypeScriptFile("schemas.ts");
    file.addImportDeclaration({ isTypeOnly: true, namedImports: ["components"], moduleSpecifier: "./types.js" });
    // One insertion: ts-morph re-parses the whole file after each, so one per schema is quadratic.
    file.addTypeAliases(
      model.schemas.map((schema) => ({
        name: schema.name,
        isExported: true,
        type: `components["schemas"][${JSON.stringify(schema.name)}]`,
        docs: schema.description === "" ? [] : [jsDocText(schema.description)],
      })),
    );
    const what = "A named type for every schema of the API, with its description.";
    return [{ path: "src/schemas.ts", contents: await printTypeScriptFile(file, model.source, what) }];
  },
};
