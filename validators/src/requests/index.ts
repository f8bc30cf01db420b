// Public exports of requests/: one validator per request shape, their types, options and the rule helpers.
export { validateCreateWithdrawalBeneficiary } from "./create-withdrawal-beneficiary.js";
export type {
  CreateWithdrawalBeneficiaryRequest,
  CreateWithdrawalBeneficiaryOptions,
  AdditionalInformation,
} from "./create-withdrawal-beneficiary.js";
export { validateCreateAccountWithdrawal } from "./create-account-withdrawal.js";
export type {
  CreateAccountWithdrawalRequest,
  CreateAccountWithdrawalOptions,
  WithdrawalOptions,
  WithdrawalDetails,
} from "./create-account-withdrawal.js";
export { validateCreateInstructionWithdrawal } from "./create-instruction-withdrawal.js";
export type {
  CreateInstructionWithdrawalRequest,
  CreateInstructionWithdrawalOptions,
} from "./create-instruction-withdrawal.js";
export {
  validateCreateAccountTransfer,
  type CreateAccountTransferRequest,
  type CreateAccountTransferOptions,
} from "./create-account-transfer.js";
export { validateCreateExchange, type CreateExchangeRequest, type CreateExchangeOptions } from "./create-exchange.js";
export { validateCreateAlert, type CreateAlertRequest, type CreateAlertOptions } from "./create-alert.js";
export { validateQuoteRequest, type QuoteRequest, type QuoteRequestOptions } from "./quote-request.js";
export {
  validateDepositRequirementRequest,
  type DepositRequirementRequest,
  type DepositRequirementRequestOptions,
} from "./deposit-requirement-request.js";
export { validateAssignDepositor } from "./assign-depositor.js";
export type {
  AssignDepositorRequest,
  AssignDepositorOptions,
  AssignDepositorIndividual,
  AssignDepositorCompany,
  DepositorAddress,
  SupportingDocument,
} from "./assign-depositor.js";
export type { PostalAddress, UltimateOriginator } from "../generated/request-fields.js";
export type { WireFormOption } from "../core/read-table.js";

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
export {
  REFERENCE_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  ULTIMATE_ORIGINATOR_NAME_MAX_LENGTH,
} from "./fields/reference.js";
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
