import { describe, expect, it } from "vitest";
import { odataEntityPaths } from "../../src/emit/odata-paths.js";
import type { EntityShape } from "../../src/model/model.js";

const level1: EntityShape = {
  properties: { At: "date-time", Level2: { properties: { Level3: { properties: { At: "date-time" } } } } },
};
const beneficiary: EntityShape = { properties: { Name: "string", EnabledOn: "date-time", Deep: level1 } };
const transfer: EntityShape = {
  properties: {
    Id: "integer",
    Amount: "number",
    Cancelled: "boolean",
    CreatedDate: "date-time",
    Reference: "string",
    Fees: "array",
    Extra: "object",
    Beneficiary: beneficiary,
  },
  required: ["Id"],
};

describe("the paths of an OData entity", () => {
  it("lists every path to four segments, and those of primitive values, text and date-times", () => {
    expect(odataEntityPaths(transfer)).toEqual({
      all: [
        "Id",
        "Amount",
        "Cancelled",
        "CreatedDate",
        "Reference",
        "Fees",
        "Extra",
        "Beneficiary",
        "Beneficiary/Name",
        "Beneficiary/EnabledOn",
        "Beneficiary/Deep",
        "Beneficiary/Deep/At",
        "Beneficiary/Deep/Level2",
        "Beneficiary/Deep/Level2/Level3",
      ],
      primitive: [
        "Id",
        "Amount",
        "Cancelled",
        "CreatedDate",
        "Reference",
        "Beneficiary/Name",
        "Beneficiary/EnabledOn",
        "Beneficiary/Deep/At",
      ],
      text: ["Reference", "Beneficiary/Name"],
      dateTime: ["CreatedDate", "Beneficiary/EnabledOn", "Beneficiary/Deep/At"],
    });
  });

  it("has no date-times for an entity without any", () => {
    expect(odataEntityPaths({ properties: { Id: "integer", Tags: "array" } })).toEqual({
      all: ["Id", "Tags"],
      primitive: ["Id"],
      text: [],
      dateTime: [],
    });
  });
});
