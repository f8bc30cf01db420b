import { describe, expect, it } from "vitest";
import { odataDateTimePaths } from "../../src/emit/odata-date-times.js";
import type { EntityShape } from "../../src/model/model.js";

const level1: EntityShape = { properties: { At: "date-time", Level2: { properties: { Level3: { properties: { At: "date-time" } } } } } };
const beneficiary: EntityShape = { properties: { Name: "string", EnabledOn: "date-time", Deep: level1 } };
const transfer: EntityShape = {
  properties: { Id: "integer", CreatedDate: "date-time", Reference: "string", Fees: "array", Extra: "object", Beneficiary: beneficiary },
  required: ["Id"],
};

describe("the date-time paths of an OData entity", () => {
  it("lists the date-times of the entity and of its complex values, to four segments", () => {
    expect(odataDateTimePaths(transfer)).toEqual(["CreatedDate", "Beneficiary/EnabledOn", "Beneficiary/Deep/At"]);
    expect(odataDateTimePaths({ properties: { Root: { properties: { Beneficiary: beneficiary } } } })).toEqual([
      "Root/Beneficiary/EnabledOn",
      "Root/Beneficiary/Deep/At",
    ]);
  });

  it("has none for an entity without date-times", () => {
    expect(odataDateTimePaths({ properties: { Id: "integer", Tags: "array" } })).toEqual([]);
  });
});
