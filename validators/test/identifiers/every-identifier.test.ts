/**
 * What adding an identifier must not forget (CONTRIBUTING.md, "A new identifier validator"): each identifier module
 * of src/identifiers/ (one that exports a `validate...`) has its own test file here, named after it, and the README's
 * identifier table lists every identifier validator the package exports, and nothing else.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as api from "../../src/index.js";
import * as identifiers from "../../src/identifiers/index.js";

const packageRoot = fileURLToPath(new URL("../../", import.meta.url));
const read = (path: string): string => readFileSync(`${packageRoot}${path}`, "utf8");

/** The modules of src/identifiers/ that define an identifier's validator (not its tables or shared helpers). */
function identifierModules(): string[] {
  return readdirSync(`${packageRoot}src/identifiers`)
    .filter((name) => name.endsWith(".ts") && /^export const validate\w+ = /m.test(read(`src/identifiers/${name}`)))
    .map((name) => name.slice(0, -".ts".length))
    .sort();
}

/** The first column of the README's table under "## Identifiers": the validators it documents. */
function readmeIdentifierValidators(): string[] {
  const lines = read("README.md").split("\n");
  const section = lines.slice(lines.indexOf("## Identifiers") + 1);
  const table = section.slice(section.findIndex((line) => line.startsWith("| validator |")));
  const rows = table.slice(
    2,
    table.findIndex((line) => !line.startsWith("|")),
  );
  return rows.map((row) => /^\|\s*`(\w+)`/.exec(row)?.[1] ?? `(a row without a validator: ${row.slice(0, 40)})`);
}

describe("every identifier", () => {
  it("finds the identifier modules", () => {
    expect(identifierModules()).toEqual(expect.arrayContaining(["iban", "bic", "sort-code", "ifsc"]));
  });

  it("has a test file of its own, named after its module", () => {
    const tests = new Set(readdirSync(`${packageRoot}test/identifiers`));
    const untested = identifierModules()
      .filter((module) => !tests.has(`${module}.test.ts`))
      .map((module) => `src/identifiers/${module}.ts has no test file: add test/identifiers/${module}.test.ts`);
    expect(untested).toEqual([]);
  });

  it("is a row of the README's identifier table, and the table names only exported identifier validators", () => {
    const exported = Object.keys(identifiers)
      .filter((name) => name.startsWith("validate") && name in api)
      .sort();
    const listed = readmeIdentifierValidators();
    expect(exported.length).toBeGreaterThanOrEqual(14);
    expect([
      ...exported
        .filter((name) => !listed.includes(name))
        .map((name) => `${name} is exported but not in README.md's identifier table ("## Identifiers"): add its row`),
      ...listed
        .filter((name) => !exported.includes(name))
        .map(
          (name) =>
            `${name} is in README.md's identifier table, but the package exports no identifier validator of that name`,
        ),
    ]).toEqual([]);
  });
});
