import { describe, expect, it } from "vitest";
import { withEntityKeys } from "../../src/emit/entity-keys.js";

describe("entity keys in the types' copy of the document", () => {
  it("requires an entity's key properties, leaving the rest and the document itself as they are", () => {
    const document = {
      openapi: "3.1.0",
      components: {
        schemas: {
          Balance: {
            type: "object",
            "x-odata-key": ["CurrencyCode"],
            properties: { CurrencyCode: { type: "string" }, Value: { type: ["number", "null"] } },
          },
          Account: {
            type: "object",
            "x-odata-key": ["Id"],
            required: ["Name"],
            properties: { Id: { type: "integer" }, Name: { type: "string" } },
          },
          Address: { type: "object", properties: { Town: { type: ["string", "null"] } } },
          Odd: { type: "object", "x-odata-key": ["Missing"], properties: { Id: { type: "integer" } } },
        },
      },
    };
    const before = structuredClone(document);
    const schemas = (withEntityKeys(document)["components"] as { schemas: Record<string, { required?: unknown }> })
      .schemas;
    expect(schemas["Balance"]?.required).toEqual(["CurrencyCode"]);
    expect(schemas["Account"]?.required).toEqual(["Name", "Id"]);
    expect(schemas["Address"]).toEqual(document.components.schemas.Address);
    // A key naming no property cannot be typed: left alone (the entity shape drops it too).
    expect(schemas["Odd"]?.required).toBeUndefined();
    expect(document).toEqual(before);
  });
});
