/** The closed value lists of the reference's request shapes (§ "Request shapes"), as the spec's enums state them. */
import {
  createAccountWithdrawalTable,
  createExchangeTable,
  createWithdrawalBeneficiaryTable,
} from "../../generated/request-fields.js";

/** CreateExchange and QuoteRequest GoalType. */
export const goalTypes = createExchangeTable.fields.GoalType.enum;
export type GoalType = (typeof goalTypes)[number];

/** CreateWithdrawalBeneficiary BeneficiaryType, and the RequiredAdditionalInformation `beneficiaryType`. */
export const beneficiaryTypes = createWithdrawalBeneficiaryTable.fields.BeneficiaryType.enum;
export type BeneficiaryType = (typeof beneficiaryTypes)[number];

/**
 * Withdrawal PaymentChargesCode. SHA: the client pays the service fee and the beneficiary bears the charges
 * of other banks; OUR: the client also pays a fee covering the charges of other banks.
 */
export const paymentChargesCodes = createAccountWithdrawalTable.fields.PaymentChargesCode.enum;
export type PaymentChargesCode = (typeof paymentChargesCodes)[number];
