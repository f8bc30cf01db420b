import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { entityShapeFromSchema, parseListQuery, type JsonSchema } from "../../src/odata/index.js";

type Schemas = Readonly<Record<string, JsonSchema>>;

function resolver(schemas: Schemas): (ref: string) => JsonSchema {
  return (ref) => {
    const name = ref.replace("#/components/schemas/", "");
    const schema = schemas[name];
    if (schema === undefined) throw new Error(`unknown ${ref}`);
    return schema;
  };
}

describe("entityShapeFromSchema", () => {
  const schemas: Schemas = {
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
  const resolve = resolver(schemas);

  it("derives kinds from types, nullable types, formats, enums and refs", () => {
    const shape = entityShapeFromSchema({ $ref: "#/components/schemas/Withdrawal" }, resolve);
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
    const shape = entityShapeFromSchema(
      {
        allOf: [{ $ref: "#/components/schemas/Withdrawal" }, { required: ["Reference"] }],
        oneOf: [{ required: ["Amount"] }, { required: ["Count"] }],
      },
      resolve,
    );
    expect(shape.required).toEqual(["Id", "Reference"]);
  });

  it("merges the properties of allOf members (an entity with its annotations)", () => {
    const shape = entityShapeFromSchema(
      { allOf: [{ $ref: "#/components/schemas/Withdrawal" }, { $ref: "#/components/schemas/Annotations" }] },
      resolve,
    );
    expect(shape.properties["@odata.context"]).toBe("string");
    expect(shape.properties["Id"]).toBe("integer");
  });

  it("unions the properties of oneOf branches", () => {
    const shape = entityShapeFromSchema(
      {
        oneOf: [
          { properties: { Bic: { type: "string" } } },
          { properties: { Iban: { type: "string" }, Bic: { type: "string" } } },
        ],
      },
      resolve,
    );
    expect(shape).toEqual({ properties: { Bic: "string", Iban: "string" } });
  });

  it("stops at reference cycles, leaving the recursive member opaque", () => {
    const node = entityShapeFromSchema({ $ref: "#/components/schemas/Node" }, resolve);
    expect(node).toEqual({ properties: { Id: "integer", Parent: "object" } });
    const a = entityShapeFromSchema({ $ref: "#/components/schemas/A" }, resolve);
    expect(a).toEqual({ properties: { B: { properties: { A: "object", Name: "string" } } } });
  });

  it("keeps a property named __proto__ as an own property", () => {
    const shape = entityShapeFromSchema(
      JSON.parse('{"properties": {"__proto__": {"type": "string"}}}') as JsonSchema,
      resolve,
    );
    expect(Object.hasOwn(shape.properties, "__proto__")).toBe(true);
    expect(shape.properties["__proto__"]).toBe("string");
  });

  it("derives usable shapes from every list schema of the bundled spec", () => {
    const require = createRequire(import.meta.url);
    const document = JSON.parse(readFileSync(require.resolve("@account-funds/client/openapi.json"), "utf8")) as {
      components: { schemas: Schemas };
    };
    const resolveSpec = resolver(document.components.schemas);
    const withdrawal = entityShapeFromSchema({ $ref: "#/components/schemas/WithdrawalDto" }, resolveSpec);
    expect(withdrawal.properties["Id"]).toBe("integer");
    expect(withdrawal.properties["CreatedDate"]).toBe("date-time");
    expect(withdrawal.properties["Amount"]).toBe("number");
    const beneficiary = withdrawal.properties["Beneficiary"];
    expect(typeof beneficiary === "object" && beneficiary.properties["Name"]).toBe("string");
    const parsed = parseListQuery(
      {
        $filter: "Beneficiary/Name ne null and CreatedDate gt 2024-01-01T00:00:00Z",
        $orderby: "Amount desc",
        $select: "Beneficiary/Name",
      },
      withdrawal,
    );
    expect(parsed.ok).toBe(true);
    for (const name of Object.keys(document.components.schemas).filter((key) => key.endsWith("Collection"))) {
      const shape = entityShapeFromSchema({ $ref: `#/components/schemas/${name}` }, resolveSpec).properties["value"];
      expect(shape, name).toBe("array");
    }
  });
});
