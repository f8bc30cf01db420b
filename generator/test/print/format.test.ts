/**
 * Formatting in worker threads with prettier's babel-ts parser (print/format.ts), and ajv's code spliced into the
 * printed ts-morph file (print/typescript-file.ts): both must give exactly what they replace, prettier's
 * `typescript` parser on the main thread over the file ts-morph built with the code in it.
 */
import { execFileSync } from "node:child_process";
import { format } from "prettier";
import { VariableDeclarationKind } from "ts-morph";
import { describe, expect, it } from "vitest";
import { formatTypeScript } from "../../src/print/format.js";
import { generatedHeader } from "../../src/print/header.js";
import { addVerbatimCode, createTypeScriptFile, printTypeScriptFile } from "../../src/print/typescript-file.js";
import { generatorRoot } from "../support/fixtures.js";

const typescriptParser = { parser: "typescript", printWidth: 120, singleQuote: false, trailingComma: "all", endOfLine: "lf" } as const;

// The shape of ajv's standalone output: one line, constants, a regex literal, functions.
const ajvLike = [
  'const validateThing = validate10;const schema11 = {"type":"object","required":["id"],"properties":{"id":{"type":"string","pattern":"^[A-Z]{2}$"}}};',
  "const pattern0 = /^[A-Z]{2}$/u;",
  'function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){let vErrors = null;let errors = 0;',
  'if(data && typeof data == "object" && !Array.isArray(data)){if(data.id === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property \'"+"id"+"\'"};',
  "if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}}validate10.errors = vErrors;return errors === 0;}",
].join("");

// What the other emitters write: imports, generics, conditional and mapped types, overloads, `as const satisfies`.
const typescriptLike = [
  'import type { components, operations as OperationTypes } from "./types.js";',
  "/** A doc. */",
  "export type Path<K extends keyof OperationTypes, N extends string> = PathParamOf<OperationTypes[K], N>;",
  "type ElementOf<T> = T extends readonly (infer E)[] ? E : T;",
  "export interface Accounts<M extends ResultMode = \"data\"> { readonly list: (query?: { $top?: number }, init?: CallOptions) => Result<M, \"listAccounts\">; get(accountId: string): Promise<components[\"schemas\"][\"AccountDto\"]> }",
  'export const operations = { listAccounts: { method: "get", path: "/api/v1/Accounts", responses: { "200": { mediaType: "application/json" } } } } as const satisfies Record<string, OperationMetadata>;',
  "export function parse<T>(body: unknown): WebhookParseResult<T> { return parseWith<T>(validators.event!, body); }",
].join("\n");

describe("formatTypeScript", () => {
  it.each([
    ["ajv's JavaScript", ajvLike],
    ["the emitters' TypeScript", typescriptLike],
  ])("gives what prettier's typescript parser gives: %s", async (_name, code) => {
    expect(await formatTypeScript(code)).toBe(await format(code, typescriptParser));
  });

  it("rejects code that does not parse with prettier's error", async () => {
    await expect(formatTypeScript("const = ;")).rejects.toThrow(/Unexpected token/);
  });

  it("does not keep the process alive once done", () => {
    const script = 'import { formatTypeScript } from "./src/print/format.ts"; await formatTypeScript("const a  = 1");';
    expect(() => execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: generatorRoot, timeout: 45_000 })).not.toThrow();
  });
});

describe("printTypeScriptFile with verbatim code", () => {
  const cases = [
    { name: "after a constant", formats: true, code: ajvLike },
    { name: "after the imports", formats: false, code: ajvLike },
    { name: "empty", formats: false, code: "" },
  ];

  it.each(cases)("prints what ts-morph and prettier printed with the code in the file: code $name", async ({ formats, code }) => {
    const build = (addCode: (file: ReturnType<typeof createTypeScriptFile>) => void) => {
      const file = createTypeScriptFile("validators.ts");
      file.addImportDeclaration({ isTypeOnly: true, namedImports: ["CompiledValidator"], moduleSpecifier: "./compiled-validator.js" });
      if (formats) file.addVariableStatement({ declarationKind: VariableDeclarationKind.Const, docs: ["Formats."], declarations: [{ name: "allFormats", initializer: "{ a: 1 }" }] });
      addCode(file);
      file.addVariableStatement({
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        docs: ["The map."],
        declarations: [{ name: "validators", type: "Record<string, CompiledValidator>", initializer: "{ thing: validateThing }" }],
      });
      return file;
    };
    let verbatim = { marker: "", code: "" };
    const spliced = build((file) => (verbatim = addVerbatimCode(file, code)));
    const inFile = build((file) => file.addStatements(code));

    const header = `${generatedHeader("spec.yaml", "Validators.")}// @ts-nocheck\n`;
    const expected = await format(`${header}\n${inFile.getFullText()}`, typescriptParser);
    expect(await printTypeScriptFile(spliced, "spec.yaml", "Validators.", ["// @ts-nocheck"], [verbatim])).toBe(expected);
  });
});
