// Public exports of identifiers/: one module per identifier (python-stdnum style). Each module's generic
// helpers (`compact`, `calcCheckDigit`) are re-exported here under the identifier's name.
export {
  validateAbaRoutingNumber,
  isValidAbaRoutingNumber,
  formatAbaRoutingNumber,
  compact as compactAbaRoutingNumber,
  calcCheckDigit as calcAbaRoutingNumberCheckDigit,
} from "./aba-routing-number.js";
export {
  validateAccountNumber,
  isValidAccountNumber,
  formatAccountNumber,
  accountNumberRules,
  genericAccountNumberRule,
  type AccountNumberOptions,
  type AccountNumberRoutingType,
  type AccountNumberRule,
} from "./account-number.js";
export { validateBic, isValidBic, formatBic, compact as compactBic, type BicDetails } from "./bic.js";
export { validateBsb, isValidBsb, formatBsb, compact as compactBsb, type BsbDetails } from "./bsb.js";
export {
  validateCanadianTransitNumber,
  isValidCanadianTransitNumber,
  formatCanadianTransitNumber,
  compact as compactCanadianTransitNumber,
  type CaTransitNumberDetails,
} from "./ca-transit-number.js";
export {
  validateClabe,
  isValidClabe,
  formatClabe,
  compact as compactClabe,
  calcCheckDigit as calcClabeCheckDigit,
  type ClabeDetails,
} from "./clabe.js";
export { validateCountryCode, isValidCountryCode, countryCodes, isAssignedCountry } from "./country-code.js";
export {
  validateIban,
  isValidIban,
  formatIban,
  compact as compactIban,
  calcCheckDigits as calcIbanCheckDigits,
  type IbanDetails,
  type IbanOptions,
} from "./iban.js";
export { ibanFormats, type IbanFormat } from "./iban-registry.js";
export { validateIfsc, isValidIfsc, formatIfsc, compact as compactIfsc, type IfscDetails } from "./ifsc.js";
export {
  validateLei,
  isValidLei,
  formatLei,
  compact as compactLei,
  calcCheckDigits as calcLeiCheckDigits,
} from "./lei.js";
export {
  validateNuban,
  isValidNuban,
  formatNuban,
  compact as compactNuban,
  calcCheckDigit as calcNubanCheckDigit,
  type NubanDetails,
  type NubanOptions,
} from "./nuban.js";
export {
  validateNzAccountNumber,
  isValidNzAccountNumber,
  formatNzAccountNumber,
  compact as compactNzAccountNumber,
  type NzAccountNumberDetails,
  type NzAlgorithm,
} from "./nz-account-number.js";
export {
  validateSortCode,
  isValidSortCode,
  formatSortCode,
  compact as compactSortCode,
  type SortCodeDetails,
} from "./sort-code.js";
export {
  validateUkAccountNumber,
  isValidUkAccountNumber,
  formatUkAccountNumber,
  compact as compactUkAccountNumber,
} from "./uk-account-number.js";
