/**
 * The custom JSON Schema `format`s the Account Funds spec names (spec/CONVENTIONS.md, "Rules"), backed by
 * the same validators as the rest of this package. Typed structurally so the package needs no ajv.
 */
import { isValidAbaRoutingNumber } from "../identifiers/aba-routing-number.js";
import { isValidBic } from "../identifiers/bic.js";
import { isValidBsb } from "../identifiers/bsb.js";
import { isValidCanadianTransitNumber } from "../identifiers/ca-transit-number.js";
import { isValidClabe } from "../identifiers/clabe.js";
import { isValidCountryCode } from "../identifiers/country-code.js";
import { isValidIban } from "../identifiers/iban.js";
import { isValidIfsc } from "../identifiers/ifsc.js";
import { isValidLei } from "../identifiers/lei.js";
import { isValidNzAccountNumber } from "../identifiers/nz-account-number.js";
import { isValidSortCode } from "../identifiers/sort-code.js";
import { isValidUkAccountNumber } from "../identifiers/uk-account-number.js";
import { isIso8601DateTime } from "./iso8601-date-time.js";

/** An ajv format definition for strings (ajv's `FormatDefinition<string>`, structurally). */
export interface StringFormat {
  readonly type: "string";
  readonly validate: (data: string) => boolean;
}

/** An ajv format definition for numbers (ajv's `FormatDefinition<number>`, structurally). */
export interface NumberFormat {
  readonly type: "number";
  readonly validate: (data: number) => boolean;
}

export type AccountFundsFormat = StringFormat | NumberFormat;

/** What `addAccountFundsFormats` needs of an ajv instance. */
export interface FormatRegistry {
  addFormat(name: string, format: AccountFundsFormat): unknown;
}

/** String formats: the validator's verdict on the string exactly as given (the spec's patterns apply too). */
function stringFormat(validate: (data: string) => boolean): StringFormat {
  return { type: "string", validate };
}

/** Every custom format the spec uses, by name. */
export const accountFundsFormats = {
  bic: /* @__PURE__ */ stringFormat(isValidBic),
  iban: /* @__PURE__ */ stringFormat((data) => isValidIban(data)),
  "aba-routing-number": /* @__PURE__ */ stringFormat(isValidAbaRoutingNumber),
  lei: /* @__PURE__ */ stringFormat(isValidLei),
  "sort-code": /* @__PURE__ */ stringFormat(isValidSortCode),
  "uk-account-number": /* @__PURE__ */ stringFormat(isValidUkAccountNumber),
  "ca-transit-number": /* @__PURE__ */ stringFormat(isValidCanadianTransitNumber),
  bsb: /* @__PURE__ */ stringFormat(isValidBsb),
  "nz-account-number": /* @__PURE__ */ stringFormat(isValidNzAccountNumber),
  ifsc: /* @__PURE__ */ stringFormat(isValidIfsc),
  clabe: /* @__PURE__ */ stringFormat(isValidClabe),
  "country-code": /* @__PURE__ */ stringFormat(isValidCountryCode),
  /** The reference's `datetime`: ISO 8601, offset optional, fraction of any length (iso8601-date-time.ts). */
  "iso8601-date-time": /* @__PURE__ */ stringFormat(isIso8601DateTime),
  /** `format: decimal` on `type: number`: any finite number (JSON has no NaN or Infinity, JS callers might). */
  decimal: { type: "number", validate: (data: number) => Number.isFinite(data) },
} as const satisfies Readonly<Record<string, AccountFundsFormat>>;

export type AccountFundsFormatName = keyof typeof accountFundsFormats;

/** Registers every format of `accountFundsFormats` with `ajv` and returns it. */
export function addAccountFundsFormats<Registry extends FormatRegistry>(ajv: Registry): Registry {
  for (const [name, format] of Object.entries(accountFundsFormats)) ajv.addFormat(name, format);
  return ajv;
}
