/**
 * print/format.ts: oxfmt with Prettier's options. The generated files themselves are the big check (`make
 * check-generated` fails on any byte that changes); here, the formatting of the two kinds of code the generator
 * prints, that it is stable, and that code which does not parse is a clear error.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { FormatError, formatTypeScript } from "../../src/print/format.js";
import { generatorRoot } from "../support/fixtures.js";
import { ajvLike, typescriptLike } from "./code-samples.js";

describe("formatTypeScript", () => {
  it("formats ajv's one-line JavaScript the way Prettier does", async () => {
    expect(await formatTypeScript(ajvLike)).toMatchInlineSnapshot(`
      "const validateThing = validate10;
      const schema11 = { type: "object", required: ["id"], properties: { id: { type: "string", pattern: "^[A-Z]{2}$" } } };
      const pattern0 = /^[A-Z]{2}$/u;
      function validate10(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
        let vErrors = null;
        let errors = 0;
        if (data && typeof data == "object" && !Array.isArray(data)) {
          if (data.id === undefined) {
            const err0 = {
              instancePath,
              schemaPath: "#/required",
              keyword: "required",
              params: { missingProperty: "id" },
              message: "must have required property '" + "id" + "'",
            };
            if (vErrors === null) {
              vErrors = [err0];
            } else {
              vErrors.push(err0);
            }
            errors++;
          }
        }
        validate10.errors = vErrors;
        return errors === 0;
      }
      "
    `);
  });

  it("formats the emitters' TypeScript the way Prettier does", async () => {
    expect(await formatTypeScript(typescriptLike)).toMatchInlineSnapshot(`
      "import type { components, operations as OperationTypes } from "./types.js";
      /** A doc. */
      export type Path<K extends keyof OperationTypes, N extends string> = PathParamOf<OperationTypes[K], N>;
      type ElementOf<T> = T extends readonly (infer E)[] ? E : T;
      export interface Accounts<M extends ResultMode = "data"> {
        readonly list: (query?: { $top?: number }, init?: CallOptions) => Result<M, "listAccounts">;
        get(accountId: string): Promise<components["schemas"]["AccountDto"]>;
      }
      export const operations = {
        listAccounts: { method: "get", path: "/api/v1/Accounts", responses: { "200": { mediaType: "application/json" } } },
      } as const satisfies Record<string, OperationMetadata>;
      export function parse<T>(body: unknown): WebhookParseResult<T> {
        return parseWith<T>(validators.event!, body);
      }
      "
    `);
  });

  it.each([
    ["ajv's JavaScript", ajvLike],
    ["the emitters' TypeScript", typescriptLike],
  ])("is stable: formatting its own output changes nothing (%s)", async (_name, code) => {
    const once = await formatTypeScript(code);
    expect(await formatTypeScript(once)).toBe(once);
  });

  it("rejects code that does not parse with a FormatError that shows where", async () => {
    const failure = formatTypeScript("const a = 1;\nconst = ;");
    await expect(failure).rejects.toBeInstanceOf(FormatError);
    await expect(failure).rejects.toThrow(/generated code does not parse:[\s\S]*const = ;/);
  });

  it("does not keep the process alive once done", () => {
    const script = 'import { formatTypeScript } from "./src/print/format.ts"; await formatTypeScript("const a  = 1");';
    expect(() =>
      execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
        cwd: generatorRoot,
        timeout: 45_000,
      }),
    ).not.toThrow();
  });
});
