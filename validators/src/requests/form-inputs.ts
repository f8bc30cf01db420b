/**
 * What a form holds for each request, by name: the input side of each request validator's Standard Schema types
 * (`FormInput`, core/form-input.ts), whose output side is the request itself, the body the client sends. Use one
 * as a form's values type: `useForm<CreateWithdrawalBeneficiaryInput, unknown, CreateWithdrawalBeneficiaryRequest>`.
 */
import type { FormInput } from "../core/form-input.js";
import type { IntermediaryPaymentRouting } from "../routing/intermediary-payment-routing.js";
import type { PaymentRouting } from "../routing/payment-routing.js";
import type { AssignDepositorRequest } from "./assign-depositor.js";
import type { CreateAccountTransferRequest } from "./create-account-transfer.js";
import type { CreateAccountWithdrawalRequest } from "./create-account-withdrawal.js";
import type { CreateExchangeRequest } from "./create-exchange.js";
import type { CreateAlertRequest } from "./create-alert.js";
import type { CreateInstructionWithdrawalRequest } from "./create-instruction-withdrawal.js";
import type { CreateWithdrawalBeneficiaryRequest } from "./create-withdrawal-beneficiary.js";
import type { DepositRequirementRequest } from "./deposit-requirement-request.js";
import type { QuoteRequest } from "./quote-request.js";

/** A routing of any type as a form holds it: `Type` and `CountryCode`, and every type's identifiers, optional. */
export type PaymentRoutingInput = FormInput<PaymentRouting>;
export type IntermediaryPaymentRoutingInput = FormInput<IntermediaryPaymentRouting>;
export type CreateWithdrawalBeneficiaryInput = FormInput<CreateWithdrawalBeneficiaryRequest>;
export type CreateAccountWithdrawalInput = FormInput<CreateAccountWithdrawalRequest>;
export type CreateInstructionWithdrawalInput = FormInput<CreateInstructionWithdrawalRequest>;
export type CreateAccountTransferInput = FormInput<CreateAccountTransferRequest>;
export type CreateExchangeInput = FormInput<CreateExchangeRequest>;
export type CreateAlertInput = FormInput<CreateAlertRequest>;
export type QuoteRequestInput = FormInput<QuoteRequest>;
export type DepositRequirementRequestInput = FormInput<DepositRequirementRequest>;
/** Individual and Company both optional: a form may hold both sections; the validator accepts exactly one. */
export type AssignDepositorInput = FormInput<AssignDepositorRequest>;
