/** The schemas of the reference data: currencies, countries, sectors, payment purposes and rates. */
import type { JSONSchemaType } from "ajv";
import type { CountryRecord, CurrencyRecord, PaymentPurposeRecord, RateRecord, SectorRecord } from "../records.js";
import { id, number, text, optionalText, flag } from "./scalars.js";

export const currency: JSONSchemaType<CurrencyRecord> = {
  type: "object",
  required: ["Id", "Name", "Type", "Format", "FormatTemplate", "SignificantDigits"],
  properties: {
    Id: { type: "string", minLength: 1 },
    Name: text,
    Type: text,
    Format: text,
    FormatTemplate: text,
    SignificantDigits: { type: "integer", minimum: 0 },
  },
};

export const country: JSONSchemaType<CountryRecord> = {
  type: "object",
  required: ["Id", "Name", "filters"],
  properties: { Id: { type: "string", minLength: 1 }, Name: text, filters: { type: "array", items: text } },
};

export const sector: JSONSchemaType<SectorRecord> = {
  type: "object",
  required: ["Id", "Name", "Vertical"],
  properties: { Id: id, Name: text, Vertical: text },
};

export const paymentPurpose: JSONSchemaType<PaymentPurposeRecord> = {
  type: "object",
  required: ["Id", "Name", "boe"],
  properties: { Id: id, Name: text, CountryCode: optionalText, boe: flag },
};

export const rate: JSONSchemaType<RateRecord> = {
  type: "object",
  required: ["SourceCurrencyCode", "TargetCurrencyCode", "MidRate"],
  properties: { SourceCurrencyCode: text, TargetCurrencyCode: text, MidRate: number },
};
