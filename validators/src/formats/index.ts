// Public exports of formats/: the spec's custom JSON Schema formats for ajv.
export {
  addAccountFundsFormats,
  accountFundsFormats,
  type AccountFundsFormat,
  type AccountFundsFormatName,
  type FormatRegistry,
  type NumberFormat,
  type StringFormat,
} from "./account-funds-formats.js";
export { isIso8601DateTime } from "./iso8601-date-time.js";
