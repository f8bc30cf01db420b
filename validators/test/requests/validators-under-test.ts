/** Every public validator of routing/ and requests/, with a valid input and a full context, for the generic tests. */
import {
  validateAssignDepositor,
  validateBankStateBranchAccountNumberPaymentRouting,
  validateBicAccountNumberPaymentRouting,
  validateBicClabePaymentRouting,
  validateBicIbanPaymentRouting,
  validateBicNubanPaymentRouting,
  validateCreateAccountTransfer,
  validateCreateAccountWithdrawal,
  validateCreateAlert,
  validateCreateExchange,
  validateCreateInstructionWithdrawal,
  validateCreateWithdrawalBeneficiary,
  validateDepositRequirementRequest,
  validateIndianFinancialSystemCodeAccountNumberPaymentRouting,
  validateIntermediaryPaymentRouting,
  validateNewZealandAccountNumberPaymentRouting,
  validatePaymentRouting,
  validateQuoteRequest,
  validateRoutingTransitNumberAccountNumberPaymentRouting,
  validateSortCodeAccountNumberPaymentRouting,
  validateTransitNumberAccountNumberPaymentRouting,
  type Result,
} from "../../src/node.js";
import { validRoutings } from "../routing/routing-arbitraries.js";
import {
  sectors,
  taxIdRules,
  validAccountWithdrawal,
  validAlert,
  validAssignDepositor,
  validBeneficiary,
  validDepositRequirement,
  validExchange,
  validInstructionWithdrawal,
  validQuote,
  validTransfer,
} from "./request-examples.js";

export interface ValidatorUnderTest {
  readonly name: string;
  readonly validate: (input: unknown, options?: never) => Result<unknown, object>;
  readonly valid: unknown;
  readonly options?: unknown;
}

const withdrawalContext = {
  beneficiary: { bankCountry: "DE", type: "Company", vertical: "Corporate", industry: "Insurance" },
  account: { isPsp: false, acceptsUltimateOriginator: true, acceptsPaymentChargesCode: true },
};

export const validatorsUnderTest: readonly ValidatorUnderTest[] = [
  { name: "validatePaymentRouting", validate: validatePaymentRouting, valid: validRoutings.BicIban },
  { name: "validateBicIbanPaymentRouting", validate: validateBicIbanPaymentRouting, valid: validRoutings.BicIban },
  {
    name: "validateSortCodeAccountNumberPaymentRouting",
    validate: validateSortCodeAccountNumberPaymentRouting,
    valid: validRoutings.SortCodeAccountNumber,
  },
  {
    name: "validateRoutingTransitNumberAccountNumberPaymentRouting",
    validate: validateRoutingTransitNumberAccountNumberPaymentRouting,
    valid: validRoutings.RoutingTransitNumberAccountNumber,
  },
  {
    name: "validateTransitNumberAccountNumberPaymentRouting",
    validate: validateTransitNumberAccountNumberPaymentRouting,
    valid: validRoutings.TransitNumberAccountNumber,
  },
  {
    name: "validateBankStateBranchAccountNumberPaymentRouting",
    validate: validateBankStateBranchAccountNumberPaymentRouting,
    valid: validRoutings.BankStateBranchAccountNumber,
  },
  {
    name: "validateNewZealandAccountNumberPaymentRouting",
    validate: validateNewZealandAccountNumberPaymentRouting,
    valid: validRoutings.NewZealandAccountNumber,
  },
  {
    name: "validateIndianFinancialSystemCodeAccountNumberPaymentRouting",
    validate: validateIndianFinancialSystemCodeAccountNumberPaymentRouting,
    valid: validRoutings.IndianFinancialSystemCodeAccountNumber,
  },
  { name: "validateBicNubanPaymentRouting", validate: validateBicNubanPaymentRouting, valid: validRoutings.BicNuban },
  { name: "validateBicClabePaymentRouting", validate: validateBicClabePaymentRouting, valid: validRoutings.BicClabe },
  {
    name: "validateBicAccountNumberPaymentRouting",
    validate: validateBicAccountNumberPaymentRouting,
    valid: validRoutings.BicAccountNumber,
  },
  {
    name: "validateIntermediaryPaymentRouting",
    validate: validateIntermediaryPaymentRouting,
    valid: { Type: "Bic", Bic: "CHASUS33" },
  },
  {
    name: "validateCreateWithdrawalBeneficiary",
    validate: validateCreateWithdrawalBeneficiary,
    valid: { ...validBeneficiary, AdditionalInformation: { TaxId: "12345678901" } },
    options: { vertical: "Corporate", sectors, heldByCustomerAccount: false, additionalInformationRules: taxIdRules },
  },
  {
    name: "validateCreateAccountWithdrawal",
    validate: validateCreateAccountWithdrawal,
    valid: validAccountWithdrawal,
    options: withdrawalContext,
  },
  {
    name: "validateCreateInstructionWithdrawal",
    validate: validateCreateInstructionWithdrawal,
    valid: validInstructionWithdrawal,
    options: { ...withdrawalContext, currencyCode: "EUR" },
  },
  { name: "validateCreateAccountTransfer", validate: validateCreateAccountTransfer, valid: validTransfer },
  {
    name: "validateCreateExchange",
    validate: validateCreateExchange,
    valid: validExchange,
    options: { withdrawal: false },
  },
  { name: "validateCreateAlert", validate: validateCreateAlert, valid: validAlert },
  { name: "validateQuoteRequest", validate: validateQuoteRequest, valid: validQuote },
  {
    name: "validateDepositRequirementRequest",
    validate: validateDepositRequirementRequest,
    valid: validDepositRequirement,
  },
  {
    name: "validateAssignDepositor",
    validate: validateAssignDepositor,
    valid: validAssignDepositor,
    options: { sectors },
  },
];
