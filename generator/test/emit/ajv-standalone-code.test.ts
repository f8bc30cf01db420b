/** emit/ajv-standalone-code.ts: ajv's code as a module body, in pieces for the formatter, or indented by block. */
import { describe, expect, it } from "vitest";
import { codePieces, indentedByBlock, moduleBody } from "../../src/emit/ajv-standalone-code.js";

/** ajv's output with `lines: true`: a statement a line, blank lines between functions. */
const ajvOutput = [
  '"use strict";',
  "export const validateThing = validate10;",
  'const schema11 = {"type":"object","description":"{ a brace\\nin a string }"};',
  "",
  'function validate10(data, {instancePath=""}={}){',
  "let vErrors = null;",
  'if(data && typeof data == "object"){',
  'const func0 = require("ajv/dist/runtime/equal").default;',
  "if(!func0(data.a, allFormats.date)){",
  "vErrors = [{}];",
  "}",
  "}",
  "else {",
  "vErrors = [];",
  "}",
  "return vErrors === null;",
  "}",
  "",
  "",
  "function validate11(data){",
  "return true;",
  "}",
].join("\n");

describe("ajv's standalone code", () => {
  it("becomes a module body: imports for its helpers, the formats it reads, no export of its own", () => {
    const body = moduleBody(ajvOutput, "allFormats");
    expect(body.runtimeImports).toEqual([{ module: "ajv/dist/runtime/equal.js", binding: "ajvRuntimeEqual" }]);
    expect(body.formats).toEqual(["date"]);
    const code = body.pieces.join("");
    expect(code).toContain("const validateThing = validate10;");
    expect(code).toContain("const func0 = (ajvRuntimeEqual.default ?? ajvRuntimeEqual);");
    expect(code).not.toMatch(/export |use strict|\n\n/);
  });

  it("is cut before top-level functions only, into pieces that add up to the code without blank lines", () => {
    const code = moduleBody(ajvOutput, "allFormats").pieces.join("");
    const pieces = codePieces(code.replaceAll("\n", "\n\n"));
    expect(pieces.join("")).toBe(code);
    // Pieces of at least a megabyte: one here.
    expect(pieces).toHaveLength(1);
    const long = `${code}\n`.repeat(60_000);
    const cut = codePieces(long);
    expect(cut.length).toBeGreaterThan(1);
    expect(cut.join("")).toBe(long.trim());
    for (const piece of cut.slice(1)) expect(piece).toMatch(/^function validate1[01]\(/);
  });

  it("is indented a block at a time where it is not formatted", () => {
    const code = moduleBody(ajvOutput, "allFormats").pieces.join("");
    const indented = indentedByBlock(code).split("\n");
    expect(indented).toContain('  if(data && typeof data == "object"){');
    expect(indented).toContain("      vErrors = [{}];");
    expect(indented).toContain("  else {");
    expect(indented).toContain("function validate11(data){");
    expect(indented.at(-1)).toBe("}");
  });
});
