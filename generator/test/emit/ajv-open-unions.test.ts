import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { withAjvDiscriminators } from "../../src/emit/ajv-discriminators.js";
import { withAjvOpenUnions } from "../../src/emit/ajv-open-unions.js";

const event = (reason: string) => ({
  type: "object",
  required: ["Reason", "Id"],
  properties: { Reason: { type: "string", const: reason }, Id: { type: "integer" } },
});
const known = {
  type: "object",
  oneOf: [{ $ref: "#/components/schemas/Created" }, { $ref: "#/components/schemas/Canceled" }],
  discriminator: {
    propertyName: "Reason",
    mapping: { Created: "#/components/schemas/Created", Canceled: "#/components/schemas/Canceled" },
  },
};
const unknown = {
  type: "object",
  required: ["Reason"],
  properties: { Reason: { type: "string", not: { enum: ["Created", "Canceled"] } } },
};
const open = { oneOf: [{ $ref: "#/components/schemas/Known" }, { $ref: "#/components/schemas/Unknown" }] };
const documentWith = (item: object, unknownSchema: object = unknown) => ({
  openapi: "3.1.0",
  components: {
    schemas: {
      Created: event("Created"),
      Canceled: event("Canceled"),
      Known: known,
      Unknown: unknownSchema,
      Item: item,
    },
  },
});
const itemOf = (document: { readonly [key: string]: unknown }) =>
  (document["components"] as { schemas: { Item: unknown } }).schemas.Item;

/** With `discriminator` off, ajv reads the discriminator as an annotation: the plain oneOf, as JSON Schema says. */
function validatorOf(document: object, discriminator: boolean) {
  const ajv = new Ajv2020({ allErrors: true, discriminator, strict: false });
  ajv.addSchema(document, "doc");
  return ajv.compile({ $ref: "doc#/components/schemas/Item" });
}

describe("open unions as ajv reads them", () => {
  it("writes oneOf a discriminated union and the rest as if the tag is known, then the union, else the rest", () => {
    expect(itemOf(withAjvOpenUnions(documentWith(open)))).toEqual({
      if: { type: "object", required: ["Reason"], properties: { Reason: { enum: ["Created", "Canceled"] } } },
      then: { $ref: "#/components/schemas/Known" },
      else: { $ref: "#/components/schemas/Unknown" },
    });
  });

  it("accepts and refuses what the oneOf does, and reports a known value's errors from its own branch only", () => {
    const spec = documentWith(open);
    const before = validatorOf(spec, false);
    const after = validatorOf(withAjvDiscriminators(withAjvOpenUnions(spec)), true);
    const values = [
      { Reason: "Created", Id: 1 },
      { Reason: "Created" },
      { Reason: "Canceled", Id: "1" },
      { Reason: "Other" },
      { Reason: "Other", Id: "x" },
      { Reason: 3 },
      {},
      "Created",
      null,
    ];
    for (const value of values) expect(after(value), JSON.stringify(value)).toBe(before(value));
    expect(after({ Reason: "Canceled", Id: "1" })).toBe(false);
    expect(
      after.errors?.filter((error) => error.keyword !== "if").map((error) => `${error.instancePath} ${error.keyword}`),
    ).toEqual(["/Id type"]);
  });

  it("leaves other oneOfs as they are", () => {
    const notExcluding = documentWith(open, {
      type: "object",
      required: ["Reason"],
      properties: { Reason: { type: "string", not: { enum: ["Created"] } } },
    });
    expect(itemOf(withAjvOpenUnions(notExcluding))).toEqual(open);
    const plain = { oneOf: [{ $ref: "#/components/schemas/Created" }, { $ref: "#/components/schemas/Canceled" }] };
    expect(itemOf(withAjvOpenUnions(documentWith(plain)))).toEqual(plain);
  });
});
