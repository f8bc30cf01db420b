/**
 * print/typescript-file.ts: a `TypeScriptFile` collects structures and has ts-morph print them in one go. It must
 * print what building a ts-morph source file call by call printed (once formatted), blank lines included, and
 * ajv's code spliced in at its marker must come out as if ts-morph had held it.
 */
import { IndentationText, NewLineKind, Project, QuoteKind, VariableDeclarationKind, type SourceFile } from "ts-morph";
import { describe, expect, it } from "vitest";
import { formatTypeScript } from "../../src/print/format.js";
import { generatedHeader } from "../../src/print/header.js";
import {
  addVerbatimCode,
  createTypeScriptFile,
  printTypeScriptFile,
  type TypeScriptFile,
  type VerbatimCode,
} from "../../src/print/typescript-file.js";
import { ajvLike } from "./code-samples.js";

/** A ts-morph source file built the way the emitters used to: one `add...` call per statement. */
function sourceFile(): SourceFile {
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      newLineKind: NewLineKind.LineFeed,
      quoteKind: QuoteKind.Double,
      useTrailingCommas: true,
    },
  });
  return project.createSourceFile("file.ts", "");
}

/** The same statements, added to either kind of file (both have these methods, with the same structures). */
function addStatements(file: SourceFile | TypeScriptFile): void {
  file.addImportDeclaration({ isTypeOnly: true, namedImports: ["components"], moduleSpecifier: "./types.js" });
  file.addImportDeclaration({ namedImports: ["operations"], moduleSpecifier: "./operations.js" });
  file.addTypeAliases([
    { name: "A", isExported: true, type: 'components["schemas"]["A"]', docs: ["A."] },
    { name: "B", isExported: true, type: 'components["schemas"]["B"]' },
  ]);
  file.addInterface({
    name: "Group",
    isExported: true,
    docs: ["Group."],
    properties: [{ name: "list", type: "() => void", isReadonly: true }],
  });
  file.addInterface({ name: "Other", properties: [{ name: "get", type: "() => void" }] });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["Operations."],
    declarations: [{ name: "table", initializer: "{ a: 1, b: [1, 2] } as const" }],
  });
  file.addTypeAlias({ name: "Key", isExported: true, type: "keyof typeof table" });
  file.addFunction({
    name: "first",
    isExported: true,
    parameters: [{ name: "body", type: "unknown" }],
    returnType: "string",
    statements: ["return String(body);"],
  });
  file.addFunction({ name: "second", docs: ["Second."], statements: ["return 2;"] });
  file.addExportDeclaration({
    moduleSpecifier: "./node.js",
    namedExports: ["createMtlsDispatcher", "type MtlsCertificate"],
  });
}

describe("TypeScriptFile", () => {
  it("prints what ts-morph's add calls printed, blank lines included", async () => {
    const builder = createTypeScriptFile("file.ts");
    addStatements(builder);
    const callByCall = sourceFile();
    addStatements(callByCall);
    const printed = await printTypeScriptFile(builder, "spec.yaml", "Things.");
    expect(printed).toBe(
      await formatTypeScript(`${generatedHeader("spec.yaml", "Things.")}\n${callByCall.getFullText()}`),
    );
    expect(printed).toContain('import { operations } from "./operations.js";\n\n/** A. */');
  });

  it("knows which names it declares", () => {
    const file = createTypeScriptFile("file.ts");
    addStatements(file);
    expect(["A", "Group", "table", "first"].filter((name) => file.declares(name))).toEqual([
      "A",
      "Group",
      "table",
      "first",
    ]);
    expect(file.declares("components")).toBe(false);
    expect(file.declares("Missing")).toBe(false);
  });
});

describe("printTypeScriptFile with verbatim code", () => {
  // ajv's code as two pieces cut before a top-level function (emit/validators.ts cuts it so).
  const cut = ajvLike.indexOf("function validate10");
  const cases = [
    { name: "after a constant", formats: true, code: ajvLike, pieces: [ajvLike] },
    { name: "after the imports", formats: false, code: ajvLike, pieces: [ajvLike] },
    { name: "in two pieces", formats: true, code: ajvLike, pieces: [ajvLike.slice(0, cut), ajvLike.slice(cut)] },
    { name: "empty", formats: false, code: "", pieces: [] },
  ];

  it.each(cases)(
    "prints what ts-morph printed with the code in the file: code $name",
    async ({ formats, code, pieces }) => {
      const build = <F extends SourceFile | TypeScriptFile>(file: F, addCode: (file: F) => void): F => {
        file.addImportDeclaration({
          isTypeOnly: true,
          namedImports: ["CompiledValidator"],
          moduleSpecifier: "./compiled-validator.js",
        });
        if (formats)
          file.addVariableStatement({
            declarationKind: VariableDeclarationKind.Const,
            docs: ["Formats."],
            declarations: [{ name: "allFormats", initializer: "{ a: 1 }" }],
          });
        addCode(file);
        file.addVariableStatement({
          isExported: true,
          declarationKind: VariableDeclarationKind.Const,
          docs: ["The map."],
          declarations: [
            { name: "validators", type: "Record<string, CompiledValidator>", initializer: "{ thing: validateThing }" },
          ],
        });
        return file;
      };
      let verbatim: VerbatimCode = { marker: "", pieces: [], formatted: true };
      const spliced = build(
        createTypeScriptFile("validators.ts"),
        (file) => (verbatim = addVerbatimCode(file, pieces)),
      );
      const inFile = build(sourceFile(), (file) => void file.addStatements(code));

      const header = `${generatedHeader("spec.yaml", "Validators.")}// @ts-nocheck\n`;
      const expected = await formatTypeScript(`${header}\n${inFile.getFullText()}`);
      expect(await printTypeScriptFile(spliced, "spec.yaml", "Validators.", ["// @ts-nocheck"], [verbatim])).toBe(
        expected,
      );
    },
  );
});
