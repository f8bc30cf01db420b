/**
 * The spec's custom formats as readers of a request field (`core/read-table.ts`): each is the identifier's own
 * validator, its normalised value kept and its issues put at the field. A request or routing module hands the
 * readers of the formats its table reaches to the reading (the compiler asks for each), so a form that imports one
 * request validator bundles only the identifiers that request has. The same validators back the formats ajv knows
 * (`formats/account-funds-formats.ts`): one rule, one place.
 */
import { checkedBy } from "../core/read-table.js";
import { validateAbaRoutingNumber } from "./aba-routing-number.js";
import { validateBic } from "./bic.js";
import { validateBsb } from "./bsb.js";
import { validateCanadianTransitNumber } from "./ca-transit-number.js";
import { validateClabe } from "./clabe.js";
import { validateCountryCode } from "./country-code.js";
import { validateIban } from "./iban.js";
import { validateIfsc } from "./ifsc.js";
import { validateLei } from "./lei.js";
import { validateNzAccountNumber } from "./nz-account-number.js";
import { validateSortCode } from "./sort-code.js";
import { validateUkAccountNumber } from "./uk-account-number.js";

export const readBic = /* @__PURE__ */ checkedBy((value) => validateBic(value));
export const readIban = /* @__PURE__ */ checkedBy((value) => validateIban(value));
export const readAbaRoutingNumber = /* @__PURE__ */ checkedBy((value) => validateAbaRoutingNumber(value));
export const readLei = /* @__PURE__ */ checkedBy((value) => validateLei(value));
export const readSortCode = /* @__PURE__ */ checkedBy((value) => validateSortCode(value));
export const readUkAccountNumber = /* @__PURE__ */ checkedBy((value) => validateUkAccountNumber(value));
export const readCanadianTransitNumber = /* @__PURE__ */ checkedBy((value) => validateCanadianTransitNumber(value));
export const readBsb = /* @__PURE__ */ checkedBy((value) => validateBsb(value));
export const readNzAccountNumber = /* @__PURE__ */ checkedBy((value) => validateNzAccountNumber(value));
export const readIfsc = /* @__PURE__ */ checkedBy((value) => validateIfsc(value));
export const readClabe = /* @__PURE__ */ checkedBy((value) => validateClabe(value));
export const readCountryCode = /* @__PURE__ */ checkedBy((value) => validateCountryCode(value));
