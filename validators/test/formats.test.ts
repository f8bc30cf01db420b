import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { accountFundsFormats, addAccountFundsFormats } from "../src/index.js";

function ajv() {
  const instance = new Ajv2020.default({ strict: true });
  addFormats.default(instance);
  return addAccountFundsFormats(instance);
}

/**
 * A format's verdict is the validator's `ok`: its warnings (checks stricter than the API reference: a BIC's
 * country, national IBAN check digits, ABA prefixes, LEI and CLABE check digits, RBI's IFSC structure, the NZ
 * bank table) never fail a format, so the second value of each `valid` list passes with a warning.
 */
const cases: Record<string, { valid: unknown[]; invalid: unknown[] }> = {
  bic: { valid: ["DEUTDEFF", "DEUTXXFF", "DEUTDEFF500"], invalid: ["DEUTDEFO", "DEUTDE0F", "DEUT"] },
  iban: {
    valid: ["DE89370400440532013000", "BE41539007547035", "DE89 3704 0044 0532 0130 00"],
    invalid: ["DE88370400440532013000", "DE89.3704"],
  },
  "aba-routing-number": { valid: ["021000021", "131000021"], invalid: ["021000022", "02100002"] },
  lei: {
    valid: ["5493001KJTIIGC8Y1R12", "5493001KJTIIGC8Y1R13"],
    invalid: ["5493001KJTIIGC8Y1R1", "5493001KJTIIGC8Y1R1!"],
  },
  "sort-code": { valid: ["123456", "12-34-56"], invalid: ["12345"] },
  "uk-account-number": { valid: ["31926819"], invalid: ["3192681"] },
  "ca-transit-number": { valid: ["000312345"], invalid: ["100312345"] },
  bsb: { valid: ["062000", "062-000"], invalid: ["06200"] },
  "nz-account-number": {
    valid: ["010902006838900", "010902006838800", "01-0902-0068389-00", "01-902-68389-000"],
    invalid: ["0109020068389", "01-0902-0068389-00-1"],
  },
  ifsc: { valid: ["SBIN0005943", "SBIN1005943"], invalid: ["SBIN-005943", "SBIN000594"] },
  clabe: { valid: ["002010077777777771", "002010077777777772"], invalid: ["00201007777777777", "00201007777777777X"] },
  "country-code": { valid: ["DE", "XK"], invalid: ["ZZ", "DEU"] },
  "iso8601-date-time": {
    valid: [
      "2024-01-01T00:00:00",
      "2024-01-01T00:00:00.1234567",
      "2024-02-29T23:59:59.1234567+01:00",
      "2024-01-01T09:30Z",
      "2024-01-01t09:30:00,5z",
      "2016-12-31T23:59:60Z",
      "2024-01-01T00:00:00-05",
    ],
    invalid: [
      "2023-02-29T00:00:00",
      "2024-04-31T00:00:00",
      "2024-01-01",
      "2024-01-01 00:00:00",
      "20240101T000000Z",
      "2024-13-01T00:00:00",
      "2024-01-01T24:00:00",
      "2024-01-01T00:00:00+0100",
      "2024-01-01T00:00:00.Z",
    ],
  },
};

describe("addAccountFundsFormats", () => {
  it("registers every custom format the spec uses", () => {
    expect(Object.keys(accountFundsFormats).sort()).toEqual([...Object.keys(cases), "decimal"].sort());
  });

  it.each(Object.entries(cases))(
    "format %s accepts and rejects with the validator's verdict",
    (format, { valid, invalid }) => {
      const validate = ajv().compile({ type: "string", format });
      for (const value of valid) expect(validate(value), String(value)).toBe(true);
      for (const value of invalid) expect(validate(value), String(value)).toBe(false);
    },
  );

  it("format decimal accepts any finite number under type number", () => {
    const validate = ajv().compile({ type: "number", format: "decimal" });
    for (const value of [0, -1.5, 1e21, 0.1]) expect(validate(value)).toBe(true);
    expect(validate("1.5")).toBe(false);
    expect(accountFundsFormats.decimal.validate(Number.NaN)).toBe(false);
    expect(accountFundsFormats.decimal.validate(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it("works beside the spec's patterns in a strict schema", () => {
    const validate = ajv().compile({
      type: "object",
      properties: {
        Bic: { type: "string", pattern: "^[A-Z]{4}[A-Z]{2}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$", format: "bic" },
        ReceiverLei: { type: "string", minLength: 20, maxLength: 20, pattern: "^[0-9A-Za-z]{20}$", format: "lei" },
        Amount: { type: "number", format: "decimal" },
      },
    });
    expect(validate({ Bic: "DEUTDEFF", ReceiverLei: "5493001KJTIIGC8Y1R12", Amount: 10.5 })).toBe(true);
    expect(validate({ Bic: "DEUTXXFF" })).toBe(true); // an unassigned country only warns
    expect(validate({ Bic: "DEUTDEFO" })).toBe(false);
    expect(validate({ Bic: "deutdeff" })).toBe(false); // the pattern still applies
  });

  it("fails strict ajv without the formats, proving they are what the schema uses", () => {
    const bare = new Ajv2020.default({ strict: true });
    expect(() => bare.compile({ type: "string", format: "iban" })).toThrow(/unknown format/);
  });
});
