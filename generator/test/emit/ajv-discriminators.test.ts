import { describe, expect, it, vi } from "vitest";
import { withAjvDiscriminators } from "../../src/emit/ajv-discriminators.js";

const branch = (value: string, extra: object = {}) => ({
  type: "object",
  required: ["Type"],
  properties: { Type: { type: "string", const: value }, ...extra },
});
const documentWith = (
  routing: object,
  branches: { readonly [name: string]: object } = { GbRouting: branch("Gb"), UsRouting: branch("Us") },
) => ({
  openapi: "3.1.0",
  components: { schemas: { Routing: routing, ...branches } },
});
const refs = [{ $ref: "#/components/schemas/GbRouting" }, { $ref: "#/components/schemas/UsRouting" }];
const mapping = { Gb: "#/components/schemas/GbRouting", Us: "#/components/schemas/UsRouting" };
const routingOf = (document: { readonly [key: string]: unknown }) =>
  (document["components"] as { schemas: { Routing: unknown } }).schemas.Routing;

describe("discriminators as ajv reads them", () => {
  it("drops a mapping that says what the consts say, and states the tag's values and required-ness on the parent", () => {
    const spec = documentWith({ type: "object", oneOf: refs, discriminator: { propertyName: "Type", mapping } });
    const before = structuredClone(spec);
    expect(routingOf(withAjvDiscriminators(spec))).toEqual({
      type: "object",
      oneOf: refs,
      discriminator: { propertyName: "Type" },
      required: ["Type"],
      properties: { Type: { enum: ["Gb", "Us"] } },
    });
    expect(spec).toEqual(before);
  });

  it("accepts mappings by schema name, and none when the consts are the schema names", () => {
    const byName = documentWith({
      type: "object",
      oneOf: refs,
      discriminator: { propertyName: "Type", mapping: { Gb: "GbRouting", Us: "UsRouting" } },
    });
    expect(routingOf(withAjvDiscriminators(byName))).toMatchObject({ discriminator: { propertyName: "Type" } });
    const implicit = documentWith(
      { type: "object", oneOf: refs, discriminator: { propertyName: "Type" } },
      { GbRouting: branch("GbRouting"), UsRouting: branch("UsRouting") },
    );
    expect(routingOf(withAjvDiscriminators(implicit))).toMatchObject({
      properties: { Type: { enum: ["GbRouting", "UsRouting"] } },
    });
  });

  const wrapped = (values: readonly (readonly string[])[]) =>
    refs.map((ref, index) => ({ ...ref, required: ["Type"], properties: { Type: { enum: values[index] } } }));

  // What ajv cannot read as OpenAPI does is made ajv's reading of OpenAPI: each branch gets the values that select it.
  const readings: [string, object, { readonly [name: string]: object } | undefined, string[][]][] = [
    [
      "a mapping to another branch (the mapping wins)",
      {
        oneOf: refs,
        discriminator: { propertyName: "Type", mapping: { ...mapping, Us: "#/components/schemas/GbRouting" } },
      },
      undefined,
      [["Gb", "Us"], ["UsRouting"]],
    ],
    [
      "a mapping of a value no branch declares",
      {
        oneOf: refs,
        discriminator: { propertyName: "Type", mapping: { ...mapping, Ca: "#/components/schemas/GbRouting" } },
      },
      undefined,
      [["Gb", "Ca"], ["Us"]],
    ],
    [
      "a mapping that leaves a branch out (its schema name selects it)",
      { oneOf: refs, discriminator: { propertyName: "Type", mapping: { Gb: mapping.Gb } } },
      undefined,
      [["Gb"], ["UsRouting"]],
    ],
    [
      "no mapping and consts other than the schema names",
      { oneOf: refs, discriminator: { propertyName: "Type" } },
      undefined,
      [["GbRouting"], ["UsRouting"]],
    ],
    [
      "branches that inherit the tag through allOf (the inheritance pattern)",
      { oneOf: refs, discriminator: { propertyName: "Type", mapping } },
      {
        Base: { type: "object", required: ["Type"], properties: { Type: { type: "string" } } },
        GbRouting: { allOf: [{ $ref: "#/components/schemas/Base" }, { properties: { SortCode: { type: "string" } } }] },
        UsRouting: { allOf: [{ $ref: "#/components/schemas/Base" }] },
      },
      [["Gb"], ["Us"]],
    ],
    [
      "a branch that does not require the tag",
      { oneOf: refs, discriminator: { propertyName: "Type", mapping } },
      { GbRouting: { ...branch("Gb"), required: [] }, UsRouting: branch("Us") },
      [["Gb"], ["Us"]],
    ],
  ];
  it.each(readings)("reads %s as OpenAPI does", (_name, routing, branches, values) => {
    const read = routingOf(withAjvDiscriminators(documentWith({ type: "object", ...routing }, branches)));
    expect(read).toEqual({
      type: "object",
      oneOf: wrapped(values),
      discriminator: { propertyName: "Type" },
      required: ["Type"],
      properties: { Type: { enum: [...values.flat()].sort((a, b) => order(a) - order(b)) } },
    });
  });
  /** The parent's enum lists the mapping's values first, in its order, then the schema names. */
  const order = (value: string): number => ["Gb", "Us", "Ca"].indexOf(value) + 1 || 9;

  it("drops a discriminator that selects nothing (beside anyOf, or without branches), as the annotation it is", () => {
    for (const routing of [
      { anyOf: refs, discriminator: { propertyName: "Type", mapping } },
      { properties: { Type: { type: "string" } }, discriminator: { propertyName: "Type", mapping } },
    ]) {
      const { discriminator: _dropped, ...rest } = routing;
      expect(routingOf(withAjvDiscriminators(documentWith({ type: "object", ...routing })))).toEqual({
        type: "object",
        ...rest,
      });
    }
  });

  it("checks a oneOf no branch of which a value selects branch by branch, with a warning at the discriminator", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const inline = [{ type: "object" }, { type: "array" }];
      const read = routingOf(
        withAjvDiscriminators(documentWith({ oneOf: inline, discriminator: { propertyName: "Type" } })),
      );
      expect(read).toEqual({ oneOf: inline });
      expect(warn).toHaveBeenCalledOnce();
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/^#\/components\/schemas\/Routing\/discriminator: no branch/);
    } finally {
      warn.mockRestore();
    }
  });
});
