import { describe, expect, it } from "vitest";
import { withAjvDiscriminators } from "../../src/emit/ajv-discriminators.js";
import { SpecError } from "../../src/spec/spec-error.js";

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

  const failures: [string, object, { readonly [name: string]: object } | undefined, string][] = [
    [
      "a mapping to another branch",
      {
        oneOf: refs,
        discriminator: { propertyName: "Type", mapping: { ...mapping, Us: "#/components/schemas/GbRouting" } },
      },
      undefined,
      "/discriminator/mapping/Us: maps Us to #/components/schemas/GbRouting, but the branch whose Type is Us is #/components/schemas/UsRouting",
    ],
    [
      "a mapping of a value no branch declares",
      {
        oneOf: refs,
        discriminator: { propertyName: "Type", mapping: { ...mapping, Ca: "#/components/schemas/GbRouting" } },
      },
      undefined,
      "/discriminator/mapping/Ca: no branch's Type is Ca",
    ],
    [
      "a mapping that leaves a branch out",
      { oneOf: refs, discriminator: { propertyName: "Type", mapping: { Gb: mapping.Gb } } },
      undefined,
      "/discriminator/mapping: does not map Us",
    ],
    [
      "no mapping and consts other than the schema names",
      { oneOf: refs, discriminator: { propertyName: "Type" } },
      undefined,
      "/oneOf/0: without a mapping, OpenAPI selects the schema named Gb",
    ],
    [
      "a branch without a const for the tag",
      { oneOf: refs, discriminator: { propertyName: "Type", mapping } },
      {
        GbRouting: { type: "object", required: ["Type"], properties: { Type: { type: "string" } } },
        UsRouting: branch("Us"),
      },
      "/oneOf/0: the branch's Type needs a string const or enum",
    ],
    [
      "a branch that does not require the tag",
      { oneOf: refs, discriminator: { propertyName: "Type", mapping } },
      { GbRouting: { ...branch("Gb"), required: [] }, UsRouting: branch("Us") },
      "/oneOf/0: the branch does not require Type",
    ],
    [
      "two branches with one value",
      { oneOf: refs, discriminator: { propertyName: "Type", mapping } },
      { GbRouting: branch("Gb"), UsRouting: branch("Gb") },
      "/oneOf/1: Type Gb selects branches 0 and 1",
    ],
    [
      "a discriminator beside anyOf",
      { anyOf: refs, discriminator: { propertyName: "Type", mapping } },
      undefined,
      "/discriminator: a discriminator needs a oneOf",
    ],
  ];
  it.each(failures)("fails generation on %s, at its pointer", (_name, routing, branches, message) => {
    const spec = documentWith({ type: "object", ...routing }, branches);
    expect(() => withAjvDiscriminators(spec)).toThrow(SpecError);
    expect(() => withAjvDiscriminators(spec)).toThrow(`#/components/schemas/Routing${message}`);
  });
});
