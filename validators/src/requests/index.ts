// Public exports of requests/: one validator per request shape, their types, options and the rule helpers.
export { validateCreateWithdrawalBeneficiary } from "./create-withdrawal-beneficiary.js";
export type {
  CreateWithdrawalBeneficiaryRequest,
  CreateWithdrawalBeneficiaryOptions,
} from "./create-withdrawal-beneficiary.js";
export { validateCreateAccountWithdrawal } from "./create-account-withdrawal.js";
export type {
  CreateAccountWithdrawalRequest,
  CreateAccountWithdrawalOptions,
  WithdrawalOptions,
} from "./create-account-withdrawal.js";
export { validateCreateInstructionWithdrawal } from "./create-instruction-withdrawal.js";
export type {
  CreateInstructionWithdrawalRequest,
  CreateInstructionWithdrawalOptions,
} from "./create-instruction-withdrawal.js";
export { validateCreateAccountTransfer, type CreateAccountTransferRequest } from "./create-account-transfer.js";
export { validateCreateExchange, type CreateExchangeRequest, type CreateExchangeOptions } from "./create-exchange.js";
export { validateCreateAlert, type CreateAlertRequest } from "./create-alert.js";
export { validateQuoteRequest, type QuoteRequest } from "./quote-request.js";
export { validateDepositRequirementRequest, type DepositRequirementRequest } from "./deposit-requirement-request.js";
export { validateAssignDepositor } from "./assign-depositor.js";
export type {
  AssignDepositorRequest,
  AssignDepositorOptions,
  AssignDepositorIndividual,
  AssignDepositorCompany,
  SupportingDocument,
} from "./assign-depositor.js";

export type { RuleReport, RequestReport } from "./request-result.js";
export {
  conditionalRules,
  type ConditionalRule,
  type BeneficiaryContext,
  type AccountContext,
  type Sector,
  type RequiredAdditionalInformation,
  type AdditionalInformationRule,
} from "./rules/rule-context.js";
export {
  goalTypes,
  beneficiaryTypes,
  paymentChargesCodes,
  type GoalType,
  type BeneficiaryType,
  type PaymentChargesCode,
} from "./fields/enums.js";
export type { PostalAddress } from "./fields/postal-address.js";
export type { DepositorAddress } from "./fields/depositor-address.js";
export type { UltimateOriginator } from "./fields/ultimate-originator.js";
export type { WithdrawalDetails } from "./fields/withdrawal-details.js";
export type { AdditionalInformation } from "./fields/additional-information.js";
export { REFERENCE_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from "./fields/reference.js";
export { ULTIMATE_ORIGINATOR_NAME_MAX_LENGTH } from "./fields/ultimate-originator.js";
export {
  compileSafeRegex,
  isSafeRegex,
  MAX_RULE_LENGTH,
  MAX_TESTED_VALUE_LENGTH,
  MAX_PROGRAM_SIZE,
  type CompiledRule,
  type LinearRegex,
  type UnsafeRegexReason,
} from "./rules/regex/compile-rule.js";
export { loadRegexEngine } from "./rules/regex/engine.js";
