import { describe, expect, it } from "vitest";
import { bundleSpec } from "../../src/load/bundle-spec.js";
import { displayPath } from "../../src/load/display-path.js";
import { loadSpec } from "../../src/load/load-spec.js";
import { normalizeBundle } from "../../src/load/normalize-bundle.js";
import { upgradeOpenApi30To31 } from "../../src/load/upgrade-openapi-3-0.js";
import { formatSpecProblem, SpecError, specProblemsOf, type SpecProblem } from "../../src/json-pointer/spec-error.js";
import { fixturePath } from "../support/fixtures.js";

async function problemsOf(run: () => Promise<unknown>): Promise<readonly SpecProblem[]> {
  try {
    await run();
  } catch (thrown) {
    const problems = specProblemsOf(thrown);
    if (problems === undefined) throw thrown;
    return problems;
  }
  throw new Error("expected spec errors");
}

const shown = (name: string): string => displayPath(fixturePath(name));

describe("bundling a split spec", () => {
  it("hoists every file into components, sorted, with local refs only", async () => {
    const { document, warnings } = await loadSpec({ specPath: fixturePath("split/openapi.yaml") });
    expect(warnings).toEqual([]);
    const components = document["components"] as { [kind: string]: { [name: string]: unknown } };
    expect(Object.keys(components["schemas"] ?? {})).toEqual(["Item", "Zebra"]);
    expect(Object.keys(components["parameters"] ?? {})).toEqual(["Id"]);
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref).toMatch(/"\$ref":"#\/components\//);
  });

  it("lists every file it read, root first", async () => {
    const { files, rootFile } = await bundleSpec({ specPath: fixturePath("split/openapi.yaml") });
    expect(files[0]).toBe(rootFile);
    expect(files.map((file) => file.slice(fixturePath("split").length + 1)).sort()).toEqual(
      ["openapi.yaml", "parameters/Id.yaml", "paths/items.yaml", "schemas/Item.yaml", "schemas/Zebra.yaml"].sort(),
    );
  });

  it("maps a pointer into the bundle back to the file and pointer a person edits", async () => {
    const { locate } = await loadSpec({ specPath: fixturePath("split/openapi.yaml") });
    expect(locate("/paths/~1api~1v1~1Items({id})/get/responses/200")).toEqual({
      file: shown("split/paths/items.yaml"),
      pointer: "/Item/get/responses/200",
    });
    expect(locate("/components/schemas/Item/properties/Name")).toEqual({
      file: shown("split/schemas/Item.yaml"),
      pointer: "/properties/Name",
    });
    expect(locate("/components/parameters/Id")).toEqual({ file: shown("split/parameters/Id.yaml"), pointer: "" });
    expect(locate("/info/title")).toEqual({ file: shown("split/openapi.yaml"), pointer: "/info/title" });
    expect(locate("/paths/~1nowhere")).toBeUndefined();
  });
});

describe("reading OpenAPI 3.0", () => {
  it("upgrades a 3.0 document to the 3.1 document a person would write", async () => {
    const upgraded = await loadSpec({ specPath: fixturePath("openapi-3-0/pets-3-0.yaml") });
    const written = await loadSpec({ specPath: fixturePath("openapi-3-0/pets-3-1.yaml") });
    expect(upgraded.sourceVersion).toBe("3.0");
    expect(written.sourceVersion).toBe("3.1");
    expect(upgraded.document).toEqual(written.document);
  });

  it("leaves a 3.1 document as it is", async () => {
    const document = { openapi: "3.1.0", info: { title: "t", version: "1" }, paths: {} };
    expect(await upgradeOpenApi30To31(document)).toBe(document);
  });
});

describe("normalising the bundle", () => {
  it("orders top-level keys like the Redocly CLI and sorts every components map", () => {
    const normalized = normalizeBundle({
      components: { schemas: { b: 1, a: 2, B: 3 }, examples: { z: 1, y: 2 } },
      "x-extra": true,
      paths: {},
      tags: [],
      security: [],
      info: {},
      openapi: "3.1.0",
      webhooks: {},
    });
    expect(Object.keys(normalized)).toEqual([
      "openapi",
      "info",
      "security",
      "tags",
      "paths",
      "webhooks",
      "components",
      "x-extra",
    ]);
    const components = normalized["components"] as { [kind: string]: object };
    expect(Object.keys(components["schemas"] ?? {})).toEqual(["B", "a", "b"]);
    expect(Object.keys(components["examples"] ?? {})).toEqual(["y", "z"]);
  });
});

describe("a broken spec", () => {
  it("reports an unresolved $ref with its file, pointer and the ref", async () => {
    const [problem, ...rest] = await problemsOf(() =>
      loadSpec({ specPath: fixturePath("broken/unresolved-ref.yaml") }),
    );
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      file: shown("broken/unresolved-ref.yaml"),
      pointer: "/paths/~1api~1v1~1Items/get/responses/200/content/application~1json/schema",
      reason: 'unresolved $ref "#/components/schemas/Missing"',
    });
  });

  it("reports a $ref to a missing file where the ref is written", async () => {
    const [problem] = await problemsOf(() => loadSpec({ specPath: fixturePath("broken/missing-file/openapi.yaml") }));
    expect(problem?.file).toBe(shown("broken/missing-file/openapi.yaml"));
    expect(problem?.pointer).toBe("/paths/~1api~1v1~1Items");
    expect(problem?.reason).toContain('unresolved $ref "paths/nowhere.yaml#/Items"');
    expect(problem?.reason).toContain("no such file");
  });

  it("reports invalid YAML with its line and column", async () => {
    const [problem] = await problemsOf(() => loadSpec({ specPath: fixturePath("broken/bad-yaml.yaml") }));
    expect(problem).toMatchObject({
      file: shown("broken/bad-yaml.yaml"),
      pointer: "",
      reason: "invalid YAML: deficient indentation (line 3, column 1)",
    });
  });

  it("requires OpenAPI 3.0 or 3.1", async () => {
    const [problem] = await problemsOf(() => loadSpec({ specPath: fixturePath("broken/openapi-2-0.yaml") }));
    expect(problem).toMatchObject({
      pointer: "/openapi",
      reason: "an OpenAPI 3.0 or 3.1 document is required (found no `openapi` version)",
    });
  });

  it("reports a missing root file", async () => {
    const [problem] = await problemsOf(() => loadSpec({ specPath: fixturePath("broken/nowhere.yaml") }));
    expect(problem).toMatchObject({
      file: shown("broken/nowhere.yaml"),
      pointer: "",
      reason: "the spec file does not exist",
    });
  });

  it("prints a problem as file#pointer: reason", () => {
    expect(
      formatSpecProblem({ file: "spec/paths/a.yaml", pointer: "/A/get", reason: "operation has no operationId" }),
    ).toBe("spec/paths/a.yaml#/A/get: operation has no operationId");
    expect(new SpecError({ pointer: "/paths", reason: "r" }).message).toBe("(bundled spec)#/paths: r");
  });
});

describe("a JSON spec", () => {
  it("reads .json files as JSON, and one that holds YAML as YAML", async () => {
    const { document } = await loadSpec({ specPath: fixturePath("json/openapi.json") });
    expect(document["components"]).toEqual({
      schemas: {
        Owner: { $ref: "#/components/schemas/owner" },
        owner: { type: "object", properties: { name: { type: "string" } } },
        Pet: {
          type: "object",
          // JSON.parse's reading of a number beyond 2^53 (YAML's would be the same double).
          properties: { name: { type: "string" }, big: { type: "integer", maximum: 9007199254740992 } },
        },
      },
    });
  });
});
