/**
 * The library thread's openapi-typescript (src/workers/openapi-typescript.js): the statements `openapiTS` gives
 * without its Redocly lint and bundle, and the two fixes of its output (a nullable `WithRequired`, a schema holding
 * arrays of itself). The types of real documents type-check in any-openapi.test.ts and the corpus.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import openapiTS, { astToString, type OpenAPI3, type OpenAPITSOptions } from "openapi-typescript";
import type { Node } from "typescript";
import { describe, expect, it } from "vitest";
import { openapiTypescriptOptions } from "../../src/emit/types.js";
import { loadSpec } from "../../src/load/load-spec.js";
import { fixturePath, repositoryRoot } from "../support/fixtures.js";

/** The worker module is JavaScript (checked by the build only): its two functions, typed here. */
const { openapiTypescript, openapiTypescriptStatements } = (await import(
  new URL("../../src/workers/openapi-typescript.js", import.meta.url).href
)) as {
  openapiTypescript(document: object, options: OpenAPITSOptions): string;
  openapiTypescriptStatements(document: object, options: OpenAPITSOptions): Node[];
};

describe("openapi-typescript in the library thread", () => {
  it("prints what openapiTS prints, for our spec and the any-OpenAPI fixture", async () => {
    const documents = [
      JSON.parse(await readFile(join(repositoryRoot, "generated/openapi.json"), "utf8")) as OpenAPI3,
      (await loadSpec({ specPath: fixturePath("any-openapi.yaml") })).document as unknown as OpenAPI3,
    ];
    for (const document of documents) {
      const expected = astToString(await openapiTS(structuredClone(document), { ...openapiTypescriptOptions }));
      expect(astToString(openapiTypescriptStatements(structuredClone(document), openapiTypescriptOptions))).toBe(
        expected,
      );
    }
  });

  it("names the arrays of a cycle of schemas that TypeScript would refuse, and no other", () => {
    const output = openapiTypescript(
      {
        openapi: "3.1.0",
        info: { title: "t", version: "1" },
        paths: {},
        components: {
          schemas: {
            "tree-node": {
              oneOf: [{ type: "string" }, { type: "array", items: { $ref: "#/components/schemas/leaf" } }],
            },
            leaf: { oneOf: [{ type: "number" }, { $ref: "#/components/schemas/tree-node" }] },
            Listed: { type: "array", items: { $ref: "#/components/schemas/Listed" } },
            Folder: {
              type: "object",
              properties: { children: { type: "array", items: { $ref: "#/components/schemas/Folder" } } },
            },
          },
        },
      },
      openapiTypescriptOptions,
    );
    expect(output).toContain('"tree-node": string | TreeNodeArray;');
    expect(output).toContain('export interface TreeNodeArray extends Array<components["schemas"]["leaf"]> {\n}');
    expect(output).toContain("Listed: ListedArray;");
    // Through an object type TypeScript resolves lazily already: printed as openapi-typescript prints it.
    expect(output).toContain('children?: components["schemas"]["Folder"][];');
    expect(output).not.toContain("FolderArray");
  });

  it("keys WithRequired by the type without null, and keeps null", () => {
    const output = openapiTypescript(
      {
        openapi: "3.1.0",
        info: { title: "t", version: "1" },
        paths: {},
        components: {
          schemas: {
            Error: { type: ["object", "null"], properties: { code: { type: "string" } } },
            Cause: { allOf: [{ $ref: "#/components/schemas/Error" }], required: ["code"] },
          },
        },
      },
      openapiTypescriptOptions,
    );
    expect(output).toContain('WithRequired<components["schemas"]["Error"], "code">');
    expect(output).toContain(
      "type WithRequired<T, K extends keyof NonNullable<T>> = T extends null ? T : T & {\n    [P in K]-?: NonNullable<T>[P];\n};",
    );
  });
});
