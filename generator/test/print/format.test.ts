/**
 * Formatting in worker threads (print/format.ts) and ajv's code printed apart from the ts-morph file around it
 * (print/typescript-file.ts): both must give exactly what prettier gives for the whole file on the main thread.
 */
import { execFileSync } from "node:child_process";
import { format } from "prettier";
import { VariableDeclarationKind } from "ts-morph";
import { describe, expect, it } from "vitest";
import { formatJavaScript, formatTypeScript } from "../../src/print/format.js";
import { generatedHeader } from "../../src/print/header.js";
import { addVerbatimCode, createTypeScriptFile, printTypeScriptFile } from "../../src/print/typescript-file.js";
import { generatorRoot } from "../support/fixtures.js";

const prettierOptions = { parser: "typescript", printWidth: 120, singleQuote: false, trailingComma: "all", endOfLine: "lf" } as const;

// The shape of ajv's standalone output: one line, constants, a regex literal, functions.
const ajvLike = [
  'const validateThing = validate10;const schema11 = {"type":"object","required":["id"],"properties":{"id":{"type":"string","pattern":"^[A-Z]{2}$"}}};',
  "const pattern0 = /^[A-Z]{2}$/u;",
  'function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){let vErrors = null;let errors = 0;',
  'if(data && typeof data == "object" && !Array.isArray(data)){if(data.id === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property \'"+"id"+"\'"};',
  "if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}}validate10.errors = vErrors;return errors === 0;}",
].join("");

describe("formatTypeScript / formatJavaScript", () => {
  it("give prettier's output, the JavaScript parser the same as the TypeScript one", async () => {
    const expected = await format(ajvLike, prettierOptions);
    expect(await formatTypeScript(ajvLike)).toBe(expected);
    expect(await formatJavaScript(ajvLike)).toBe(expected);
  });

  it("reject code that does not parse with prettier's error", async () => {
    await expect(formatTypeScript("const = ;")).rejects.toThrow(/Variable declaration expected/);
  });

  it("do not keep the process alive once done", () => {
    const script = 'import { formatTypeScript } from "./src/print/format.ts"; await formatTypeScript("const a  = 1");';
    expect(() => execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: generatorRoot, timeout: 45_000 })).not.toThrow();
  });
});

describe("printTypeScriptFile with verbatim code", () => {
  const cases = [
    { name: "after a constant", formats: true, code: ajvLike },
    { name: "after the imports", formats: false, code: ajvLike },
    { name: "ending in an alias", formats: true, code: "function validate1(data){return true;}const validateOther = validate1;" },
    { name: "empty", formats: false, code: "" },
  ];

  it.each(cases)("prints what prettier prints for the whole file: code $name", async ({ formats, code }) => {
    const file = createTypeScriptFile("validators.ts");
    file.addImportDeclaration({ isTypeOnly: true, namedImports: ["CompiledValidator"], moduleSpecifier: "./compiled-validator.js" });
    if (formats) file.addVariableStatement({ declarationKind: VariableDeclarationKind.Const, docs: ["Formats."], declarations: [{ name: "allFormats", initializer: "{ a: 1 }" }] });
    const verbatim = addVerbatimCode(file, code);
    file.addVariableStatement({ isExported: true, declarationKind: VariableDeclarationKind.Const, docs: ["The map."], declarations: [{ name: "validators", type: "Record<string, CompiledValidator>", initializer: "{ thing: validateThing }" }] });

    const header = `${generatedHeader("spec.yaml", "Validators.")}// @ts-nocheck\n`;
    const whole = `${header}\n${file.getFullText().replace(`${verbatim.marker}\n`, `${code}\n\n`)}`;
    expect(await printTypeScriptFile(file, "spec.yaml", "Validators.", ["// @ts-nocheck"], verbatim)).toBe(await format(whole, prettierOptions));
  });
});
