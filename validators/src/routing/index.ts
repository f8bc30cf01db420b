// Public exports of routing/: one validator per routing type, the dispatcher and the intermediary item.
export {
  paymentRoutingTypes,
  routingTypeCountries,
  isPaymentRoutingType,
  type PaymentRoutingType,
} from "./routing-types.js";
export type { RoutingBase } from "./read-routing.js";
export { validatePaymentRouting, type PaymentRouting } from "./payment-routing.js";
export { validateBicIbanPaymentRouting, type BicIbanPaymentRouting } from "./bic-iban.js";
export {
  validateSortCodeAccountNumberPaymentRouting,
  type SortCodeAccountNumberPaymentRouting,
} from "./sort-code-account-number.js";
export {
  validateRoutingTransitNumberAccountNumberPaymentRouting,
  type RoutingTransitNumberAccountNumberPaymentRouting,
} from "./routing-transit-number-account-number.js";
export {
  validateTransitNumberAccountNumberPaymentRouting,
  type TransitNumberAccountNumberPaymentRouting,
} from "./transit-number-account-number.js";
export {
  validateBankStateBranchAccountNumberPaymentRouting,
  type BankStateBranchAccountNumberPaymentRouting,
} from "./bank-state-branch-account-number.js";
export {
  validateNewZealandAccountNumberPaymentRouting,
  type NewZealandAccountNumberPaymentRouting,
} from "./new-zealand-account-number.js";
export {
  validateIndianFinancialSystemCodeAccountNumberPaymentRouting,
  type IndianFinancialSystemCodeAccountNumberPaymentRouting,
} from "./indian-financial-system-code-account-number.js";
export { validateBicNubanPaymentRouting, type BicNubanPaymentRouting } from "./bic-nuban.js";
export { validateBicClabePaymentRouting, type BicClabePaymentRouting } from "./bic-clabe.js";
export { validateBicAccountNumberPaymentRouting, type BicAccountNumberPaymentRouting } from "./bic-account-number.js";
export {
  validateIntermediaryPaymentRouting,
  intermediaryRoutingTypes,
  type IntermediaryPaymentRouting,
} from "./intermediary-payment-routing.js";
