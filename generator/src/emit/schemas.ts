/**
 * `src/schemas.ts`: one named type per component schema, so callers write `TransferBeneficiaryDto` rather
 * than `components["schemas"]["TransferBeneficiaryDto"]`, with the schema's description as JSDoc.
 */
import { createTypeScriptFile, jsDocText, printTypeScriptFile } from "../print/typescript-file.js";
import type { SchemaModel } from "../model/model.js";
import type { Emitter } from "./emitter.js";

export const schemasEmitter: Emitter = {
  name: "schemas",
  async emit({ model }) {
    const file = createTypeScriptFile("schemas.ts");
    file.addImportDeclaration({ isTypeOnly: true, namedImports: ["components"], moduleSpecifier: "./types.js" });
    // One insertion: ts-morph re-parses the whole file after each, so one per schema is quadratic.
    file.addTypeAliases(
      model.schemas.map((schema) => ({
        name: schema.typeName,
        isExported: true,
        type: `components["schemas"][${JSON.stringify(schema.name)}]`,
        docs: schemaDocs(schema),
      })),
    );
    const what = "A named type for every schema of the API, with its description.";
    return [{ path: "src/schemas.ts", contents: await printTypeScriptFile(file, model.source, what) }];
  },
};

/** The schema's description; a type named otherwise than the schema says the spec's name (type-names.ts). */
function schemaDocs(schema: SchemaModel): string[] {
  const specName = schema.typeName === schema.name ? "" : `The schema \`${schema.name}\` of the spec.`;
  const text = [schema.description === "" ? "" : jsDocText(schema.description), specName].filter((part) => part !== "");
  return text.length === 0 ? [] : [text.join("\n\n")];
}
