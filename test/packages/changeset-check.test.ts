import { describe, expect, it } from "vitest";
import { diffDocuments } from "../../review/src/diff/engine.js";
import { requiredBump } from "../../review/src/version-verdict.js";
import {
  bumpShortfall,
  changedPackages,
  clientPackage,
  parseChangeset,
  uncoveredPackages,
  type Changeset,
} from "./changeset-check.js";

const patterns = ["src/**", "bin/**", "package.json", "README.md", "LICENSE", "openapi.json"];

function changeset(text: string): Changeset {
  const parsed = parseChangeset(".changeset/x.md", text);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
}

describe("parseChangeset", () => {
  it("reads the packages, their bumps and the summary", () => {
    const parsed = changeset(
      `---\n"@account-funds/client": minor\n"@account-funds/sandbox": patch\n---\n\nPaging by page size.\n`,
    );
    expect([...parsed.releases]).toEqual([
      ["@account-funds/client", "minor"],
      ["@account-funds/sandbox", "patch"],
    ]);
    expect(parsed.summary).toBe("Paging by page size.");
  });

  it("reads an empty changeset (npx changeset --empty) as naming no package", () => {
    expect(changeset("---\n---\n").releases.size).toBe(0);
  });

  it.each([
    ["no front matter", "Just text."],
    ["a bump that is not one", `---\n"@account-funds/client": huge\n---\nx`],
    ["a list instead of a map", `---\n- "@account-funds/client"\n---\nx`],
  ])("refuses %s", (_what, text) => {
    expect(typeof parseChangeset(".changeset/x.md", text)).toBe("string");
  });
});

describe("changedPackages", () => {
  it("counts the published files of a package, not its tests or benchmarks", () => {
    expect(
      changedPackages(
        ["validators/test/iban.test.ts", "sandbox/bench/run.ts", "generated/REFERENCE.md", "spec/openapi.yaml"],
        patterns,
      ),
    ).toEqual([]);
    expect(
      changedPackages(
        ["validators/src/identifiers/iban.ts", "generated/openapi.json", "sandbox/bin/account-funds-sandbox.js"],
        patterns,
      ),
    ).toEqual(["@account-funds/validators", "@account-funds/client", "@account-funds/sandbox"]);
  });

  it("does not take a folder that only starts like a package's for it", () => {
    expect(changedPackages(["validators-extra/src/x.ts", "sandbox/package.json.orig"], patterns)).toEqual([]);
  });
});

describe("uncoveredPackages", () => {
  const client = changeset(`---\n"@account-funds/client": patch\n---\nx\n`);
  it("names the changed packages no added changeset names", () => {
    expect(uncoveredPackages(["@account-funds/client", "@account-funds/sandbox"], [client])).toEqual([
      "@account-funds/sandbox",
    ]);
    expect(uncoveredPackages(["@account-funds/client"], [])).toEqual(["@account-funds/client"]);
  });

  it("accepts an empty changeset as the statement that nothing needs a release", () => {
    expect(uncoveredPackages(["@account-funds/sandbox"], [client, changeset("---\n---\n")])).toEqual([]);
  });
});

describe("versions follow the review's verdict", () => {
  const spec = (required: string[]) => ({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/things": {
        post: {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { type: "object", required, properties: { a: { type: "string" }, b: { type: "string" } } },
              },
            },
          },
          responses: { "204": { description: "Done." } },
        },
      },
    },
  });
  const breaking = diffDocuments(spec(["a"]), spec(["a", "b"]));
  const compatible = diffDocuments(spec(["a", "b"]), spec(["a"]));

  it("asks a major release for a breaking spec change, a minor one while 0.x, a patch otherwise", () => {
    expect(requiredBump(breaking, "1.4.0").bump).toBe("major");
    expect(requiredBump(breaking, "0.3.1").bump).toBe("minor");
    expect(requiredBump(breaking, "0.3.1").breaking.map((finding) => finding.rule)).toEqual([
      "required-properties-added",
    ]);
    expect(requiredBump(compatible, "1.4.0").bump).toBe("patch");
  });

  it("refuses a changeset whose client bump is smaller, or none at all", () => {
    const patch = changeset(`---\n"${clientPackage}": patch\n---\nA fix.\n`);
    const minor = changeset(`---\n"${clientPackage}": minor\n---\nA field required.\n`);
    const empty = changeset("---\n---\n");
    expect(bumpShortfall(clientPackage, [patch], "minor")).toEqual({ given: "patch", short: true });
    expect(bumpShortfall(clientPackage, [patch, minor], "minor")).toEqual({ given: "minor", short: false });
    expect(bumpShortfall(clientPackage, [empty], "minor")).toEqual({ short: true });
    expect(bumpShortfall(clientPackage, [minor], "major")).toEqual({ given: "minor", short: true });
  });
});
