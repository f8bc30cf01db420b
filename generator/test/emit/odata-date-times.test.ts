import { describe, expect, it } from "vitest";
import { odataDateTimePaths } from "../../src/emit/odata-date-times.js";

const dateTime = { type: "string", format: "date-time" };
const document = {
  components: {
    schemas: {
      Transfer: {
        type: "object",
        required: ["Id"],
        properties: {
          Id: { type: "integer" },
          CreatedDate: dateTime,
          ValueDate: { type: ["string", "null"], format: "date-time" },
          Reference: { type: "string" },
          Day: { type: "string", format: "date" },
          Beneficiary: { oneOf: [{ $ref: "#/components/schemas/Beneficiary" }, { type: "null" }] },
          Fees: { type: "array", items: { $ref: "#/components/schemas/Fee" } },
          Extra: { type: "object", additionalProperties: { type: "string" }, properties: { At: dateTime } },
          Parent: { $ref: "#/components/schemas/Transfer" },
        },
      },
      Beneficiary: {
        allOf: [{ $ref: "#/components/schemas/Named" }],
        properties: { EnabledOn: dateTime, Deep: { $ref: "#/components/schemas/Level1" } },
      },
      Named: { properties: { Name: { type: "string" }, NamedOn: dateTime } },
      Fee: { properties: { ChargedOn: dateTime } },
      Level1: { properties: { Level2: { properties: { Level3: { properties: { At: dateTime } } } }, At: dateTime } },
    },
  },
};

describe("the date-time paths of an OData entity", () => {
  it("lists date-times, nullable ones included, through $ref, allOf and nullable oneOf, to four segments", () => {
    expect(odataDateTimePaths(document, "Transfer").sort()).toEqual([
      "Beneficiary/Deep/At",
      "Beneficiary/EnabledOn",
      "Beneficiary/NamedOn",
      "CreatedDate",
      "Parent/Beneficiary/Deep/At",
      "Parent/Beneficiary/EnabledOn",
      "Parent/Beneficiary/NamedOn",
      "Parent/CreatedDate",
      "Parent/Parent/Beneficiary/EnabledOn",
      "Parent/Parent/Beneficiary/NamedOn",
      "Parent/Parent/CreatedDate",
      "Parent/Parent/Parent/CreatedDate",
      "Parent/Parent/Parent/ValueDate",
      "Parent/Parent/ValueDate",
      "Parent/ValueDate",
      "ValueDate",
    ]);
  });

  it("leaves out dates without a time, collections, open maps, and entities without date-times", () => {
    const paths = odataDateTimePaths(document, "Transfer");
    expect(paths.filter((path) => /Day|Fees|Extra|Level3/.test(path))).toEqual([]);
    expect(odataDateTimePaths(document, "Named")).toEqual(["NamedOn"]);
    expect(odataDateTimePaths({ components: { schemas: { Plain: { properties: { Id: { type: "integer" } } } } } }, "Plain")).toEqual([]);
  });
});
