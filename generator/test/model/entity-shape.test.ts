import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { entityShapeFromSchema } from "../../src/model/entity-shape.js";
import { isJsonObject, type JsonObject } from "../../src/json-pointer/json-pointer.js";
import { repositoryRoot } from "../support/fixtures.js";

describe("entityShapeFromSchema", () => {
  const schemas: JsonObject = {
    Address: { type: "object", properties: { City: { type: ["string", "null"] } } },
    Beneficiary: {
      type: "object",
      properties: {
        Name: { type: ["string", "null"] },
        Address: { oneOf: [{ $ref: "#/components/schemas/Address" }, { type: "null" }] },
      },
    },
    Annotations: { type: "object", properties: { "@odata.context": { type: "string" } } },
    Withdrawal: {
      type: "object",
      required: ["Id"],
      properties: {
        Id: { type: "integer", format: "int32" },
        Amount: { type: ["number", "null"], format: "double" },
        Count: { type: ["integer", "null"] },
        CreatedDate: { type: ["string", "null"], format: "date-time" },
        Reference: { type: ["string", "null"] },
        IsCrossCurrency: { type: ["boolean", "null"] },
        Beneficiary: { oneOf: [{ $ref: "#/components/schemas/Beneficiary" }, { type: "null" }] },
        Fees: { type: ["array", "null"], items: { type: "object" } },
        Extra: { type: "object" },
        GoalType: { enum: ["Buy", "Sell"] },
        Anything: {},
      },
    },
    // Cycles: an entity referring to itself, directly and through another schema.
    Node: { type: "object", properties: { Id: { type: "integer" }, Parent: { $ref: "#/components/schemas/Node" } } },
    A: { type: "object", properties: { B: { $ref: "#/components/schemas/B" } } },
    B: { type: "object", properties: { A: { $ref: "#/components/schemas/A" }, Name: { type: "string" } } },
  };
  const document = { components: { schemas } };
  const shapeOf = (schema: unknown) => entityShapeFromSchema(document, schema);

  it("derives kinds from types, nullable types, formats, enums and refs", () => {
    const shape = shapeOf({ $ref: "#/components/schemas/Withdrawal" });
    expect(shape).toEqual({
      properties: {
        Id: "integer",
        Amount: "number",
        Count: "integer",
        CreatedDate: "date-time",
        Reference: "string",
        IsCrossCurrency: "boolean",
        Beneficiary: { properties: { Name: "string", Address: { properties: { City: "string" } } } },
        Fees: "array",
        Extra: "object",
        GoalType: "string",
        Anything: "object",
      },
      required: ["Id"],
    });
  });

  it("keeps required properties from allOf members and refs, not from oneOf branches", () => {
    const shape = shapeOf({
      allOf: [{ $ref: "#/components/schemas/Withdrawal" }, { required: ["Reference"] }],
      oneOf: [{ required: ["Amount"] }, { required: ["Count"] }],
    });
    expect(shape.required).toEqual(["Id", "Reference"]);
  });

  it("merges the properties of allOf members, but not instance annotations (an entity with its annotations)", () => {
    const shape = shapeOf({
      allOf: [{ $ref: "#/components/schemas/Withdrawal" }, { $ref: "#/components/schemas/Annotations" }],
    });
    expect(shape.properties["@odata.context"]).toBeUndefined();
    expect(shape.properties["Id"]).toBe("integer");
  });

  it("reads the key (x-odata-key) and the spec's ISO 8601 date-time format", () => {
    const shape = shapeOf({
      type: "object",
      "x-odata-key": ["Code"],
      properties: {
        "@odata.id": { type: "string" },
        Code: { type: "string" },
        ValueDate: { oneOf: [{ type: "string", format: "iso8601-date-time" }, { type: "null" }] },
      },
    });
    expect(shape).toEqual({ properties: { Code: "string", ValueDate: "date-time" }, key: ["Code"] });
  });

  it("unions the properties of oneOf branches", () => {
    const shape = shapeOf({
      oneOf: [
        { properties: { Bic: { type: "string" } } },
        { properties: { Iban: { type: "string" }, Bic: { type: "string" } } },
      ],
    });
    expect(shape).toEqual({ properties: { Bic: "string", Iban: "string" } });
  });

  it("stops at reference cycles, leaving the recursive member opaque", () => {
    const node = shapeOf({ $ref: "#/components/schemas/Node" });
    expect(node).toEqual({ properties: { Id: "integer", Parent: "object" } });
    const a = shapeOf({ $ref: "#/components/schemas/A" });
    expect(a).toEqual({ properties: { B: { properties: { A: "object", Name: "string" } } } });
  });

  it("keeps a property named __proto__ as an own property", () => {
    const shape = shapeOf(JSON.parse('{"properties": {"__proto__": {"type": "string"}}}'));
    expect(Object.hasOwn(shape.properties, "__proto__")).toBe(true);
    expect(shape.properties["__proto__"]).toBe("string");
  });

  it("leaves a $ref that does not resolve out, instead of failing", () => {
    expect(shapeOf({ properties: { Gone: { $ref: "#/components/schemas/Gone" }, Id: { type: "integer" } } })).toEqual({
      properties: { Gone: "object", Id: "integer" },
    });
  });

  it("derives usable shapes from the bundled spec's entities and collections", () => {
    const bundle: unknown = JSON.parse(readFileSync(`${repositoryRoot}generated/openapi.json`, "utf8"));
    if (!isJsonObject(bundle)) throw new Error("generated/openapi.json is not an object");
    const withdrawal = entityShapeFromSchema(bundle, { $ref: "#/components/schemas/WithdrawalDto" });
    expect(withdrawal.properties["Id"]).toBe("integer");
    expect(withdrawal.properties["CreatedDate"]).toBe("date-time");
    expect(withdrawal.properties["Amount"]).toBe("number");
    const beneficiary = withdrawal.properties["Beneficiary"];
    expect(typeof beneficiary === "object" && beneficiary.properties["Name"]).toBe("string");
    const components = bundle["components"];
    const names =
      isJsonObject(components) && isJsonObject(components["schemas"]) ? Object.keys(components["schemas"]) : [];
    for (const name of names.filter((key) => key.endsWith("Collection"))) {
      expect(entityShapeFromSchema(bundle, { $ref: `#/components/schemas/${name}` }).properties["value"], name).toBe(
        "array",
      );
    }
  });
});
