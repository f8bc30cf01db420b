/**
 * The reference types `datetime` as an "ISO 8601 date-time string". Every date-time field of the spec (the
 * reference's, and TransferDto's) takes what a real server writes, an offset or none and any number of fraction
 * digits (.NET writes an unspecified DateTime as `2024-01-01T00:00:00.1234567`), in any form of ISO 8601-1 (basic,
 * ordinal, week dates: the `iso8601-date-time` format decides), and refuses what is no date-time.
 */
import { describe, expect, it } from "vitest";
import { loadBundledSpec, type JsonObject } from "./support/bundled-spec.js";
import { compileSpecSchema, createSpecAjv } from "./support/spec-ajv.js";

const spec = loadBundledSpec();
const ajv = createSpecAjv(spec);
const schemas = (spec["components"] as JsonObject)["schemas"] as { readonly [name: string]: JsonObject };

/** Whether a property's schema is the DateTime schema, or it or null. */
function isDateTime(property: unknown): boolean {
  if (property === null || typeof property !== "object") return false;
  const node = property as JsonObject;
  if (node["$ref"] === "#/components/schemas/DateTime") return true;
  return Array.isArray(node["oneOf"]) && node["oneOf"].some(isDateTime);
}

const dateTimeFields = Object.entries(schemas).flatMap(([name, schema]) =>
  Object.entries((schema["properties"] ?? {}) as JsonObject)
    .filter(([, property]) => isDateTime(property))
    .map(([field]) => `${name}.${field}`),
);

const valid = [
  "2024-01-01T00:00:00",
  "2024-01-01T00:00:00.1234567",
  "2024-01-01T23:59:59.9999999+01:00",
  "2024-02-29T12:00:00.1234567Z",
  "2024-01-01T09:30:00Z",
  "2024-01-01T09:30:00-05:00",
  "2024-01-01T09:30",
  // The other forms of ISO 8601-1 (the format decides; the schema has no pattern): basic, ordinal and week dates.
  "20240101T000000Z",
  "20240101T0930+0100",
  "2024-001T00:00:00Z",
  "2024-W01-1T00:00:00Z",
];
const invalid = ["2024-01-01", "2023-02-29T00:00:00", "2024-01-01 00:00:00", "2024-01-01T25:00:00", "tomorrow", ""];

describe("date-time fields", () => {
  it("are every datetime field of the reference, and TransferDto's", () => {
    expect(dateTimeFields.sort()).toEqual(
      [
        "AccountBalanceDto.ValueDate",
        "AccountStatementItemDto.ValueDate",
        "ActivityDto.ExecutedAt",
        "AlertDto.CancelledDate",
        "AlertDto.CreatedDate",
        "AlertDto.NotifiedDate",
        "AlertDto.ValueDate",
        "AllocationDto.ValueDate",
        "DepositDto.ValueDate",
        "DepositorDto2.CreatedDate",
        "ExchangeDto.CreatedOn",
        "ExchangeDto.UpdatedDate",
        "InboundTransferDto.CreatedDate",
        "InboundTransferDto.ValueDate",
        "MidRateValue.ValueDate",
        "OutboundTransferDto.CreatedDate",
        "OutboundTransferDto.ValueDate",
        "TransferDto.CreatedDate",
        "TransferDto.ValueDate",
        "WithdrawalDto.CreatedDate",
        "WithdrawalDto.ValueDate",
      ].sort(),
    );
  });

  it.each(dateTimeFields)(
    "%s takes ISO 8601 date-times with or without an offset and with 7 fraction digits, and null",
    (field) => {
      const [schema = "", property = ""] = field.split(".");
      const validate = compileSpecSchema(ajv, { $ref: `#/components/schemas/${schema}/properties/${property}` });
      for (const value of [...valid, null])
        expect(validate(value), `${field} = ${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      for (const value of invalid) expect(validate(value), `${field} = ${JSON.stringify(value)}`).toBe(false);
    },
  );

  it("in a whole entity, too", () => {
    const validate = compileSpecSchema(ajv, { $ref: "#/components/schemas/AlertDto" });
    const alert = {
      Id: 1,
      CreatedDate: "2024-01-01T00:00:00.1234567",
      ValueDate: "2024-01-02T00:00:00",
      NotifiedDate: null,
      CancelledDate: "2024-01-03T10:00:00+02:00",
    };
    expect(validate(alert), ajv.errorsText(validate.errors)).toBe(true);
  });
});
