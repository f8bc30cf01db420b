/** The closed value lists of the reference's request shapes (§ "Request shapes"). */

/** CreateExchange and QuoteRequest GoalType. */
export const goalTypes = ["Buy", "Sell"] as const;
export type GoalType = (typeof goalTypes)[number];

/** CreateWithdrawalBeneficiary BeneficiaryType, and the RequiredAdditionalInformation `beneficiaryType`. */
export const beneficiaryTypes = ["Individual", "Company"] as const;
export type BeneficiaryType = (typeof beneficiaryTypes)[number];

/**
 * Withdrawal PaymentChargesCode. SHA: the client pays the service fee and the beneficiary bears the charges
 * of other banks; OUR: the client also pays a fee covering the charges of other banks.
 */
export const paymentChargesCodes = ["OUR", "SHA"] as const;
export type PaymentChargesCode = (typeof paymentChargesCodes)[number];
