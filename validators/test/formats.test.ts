import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accountFundsFormats, addAccountFundsFormats, isIso8601DateTime } from "../src/index.js";

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
      // ISO 8601-1 §5.4.2: the basic format, ordinal and week dates, the time to the hour, a fraction of the last unit.
      "20240101T093000Z",
      "20240101T093000.1234567+0100",
      "20240101T0930",
      "2024-01-01T09Z",
      "2024-01-01T09,5",
      "2024-366T00:00:00Z",
      "2024366T000000Z",
      "2020-W53-7T23:59:59Z",
      "2024W011T0930Z",
    ],
    invalid: [
      "2023-02-29T00:00:00",
      "2024-04-31T00:00:00",
      "2024-01-01",
      "2024-01-01 00:00:00",
      "2024-13-01T00:00:00",
      "2024-01-01T24:00:00",
      "2024-01-01T00:00:00.Z",
      // A mix of basic and extended format is neither.
      "2024-01-01T00:00:00+0100",
      "2024-01-01T093000Z",
      "20240101T09:30:00Z",
      "20240101T093000+01:00",
      // Days that do not exist: day 366 of a common year, week 53 of a year with 52, weekday 8.
      "2023-366T00:00:00",
      "2021-W53-1T00:00:00",
      "2024-W01-8T00:00:00",
      "2024-W00-1T00:00:00",
      // Reduced or expanded dates, a time alone.
      "2024-01T09:30",
      "+002024-01-01T09:30",
      "T09:30:00",
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

describe("format iso8601-date-time over every instant", () => {
  const instants = fc.date({
    min: new Date("0001-01-01T00:00:00Z"),
    max: new Date("9999-12-31T23:59:59Z"),
    noInvalidDate: true,
  });

  /** The instant as an ordinal date-time (`YYYY-DDDThh:mm:ss.sssZ`) and as an ISO week date-time (`YYYY-Www-D…`). */
  function ordinalAndWeek(date: Date): [string, string] {
    const year = date.getUTCFullYear();
    const startOfYear = new Date(0);
    startOfYear.setUTCFullYear(year, 0, 1);
    const dayOfYear = Math.floor((date.getTime() - startOfYear.getTime()) / 86_400_000) + 1;
    const time = date.toISOString().slice(10);
    const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
    // ISO week: the week with the year's first Thursday is week 1; its year is the Thursday's.
    const thursday = new Date(date.getTime() + (4 - weekday) * 86_400_000);
    const weekYear = thursday.getUTCFullYear();
    const weekYearStart = new Date(0);
    weekYearStart.setUTCFullYear(weekYear, 0, 1);
    const week = Math.floor((thursday.getTime() - weekYearStart.getTime()) / 86_400_000 / 7) + 1;
    const pad = (value: number, width: number): string => String(value).padStart(width, "0");
    return [`${pad(year, 4)}-${pad(dayOfYear, 3)}${time}`, `${pad(weekYear, 4)}-W${pad(week, 2)}-${weekday}${time}`];
  }

  it("accepts each as RFC 3339, in basic format, without an offset, as an ordinal and as a week date", () => {
    fc.assert(
      fc.property(instants, (date) => {
        const extended = date.toISOString();
        const basic = extended.replaceAll("-", "").replaceAll(":", "");
        const [ordinal, week] = ordinalAndWeek(date);
        for (const text of [extended, basic, extended.slice(0, -1), ordinal, week]) {
          expect(isIso8601DateTime(text), text).toBe(true);
        }
      }),
    );
  });

  it("refuses each with a day past its month's end", () => {
    fc.assert(
      fc.property(instants, (date) => {
        const next = new Date(date.getTime());
        next.setUTCDate(1);
        next.setUTCMonth(next.getUTCMonth() + 1);
        next.setUTCDate(0); // the month's last day
        const pastEnd = `${next.toISOString().slice(0, 8)}${String(next.getUTCDate() + 1).padStart(2, "0")}T00:00:00Z`;
        expect(isIso8601DateTime(pastEnd), pastEnd).toBe(false);
      }),
    );
  });
});
