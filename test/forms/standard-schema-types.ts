/**
 * Each request validator's Standard Schema types, both ways: the input is the named `*Input` (what a form holds),
 * the output the validator's request type, which is exactly the value of its result (and, test/validators-client-
 * fit.ts checks, the client's body). `FormInput` keeps presentation forms typeable: strings where people type.
 */
import type {
  AssignDepositorInput,
  AssignDepositorRequest,
  CreateAccountTransferInput,
  CreateAccountTransferRequest,
  CreateAccountWithdrawalInput,
  CreateAccountWithdrawalRequest,
  CreateAlertInput,
  CreateAlertRequest,
  CreateExchangeInput,
  CreateExchangeRequest,
  CreateInstructionWithdrawalInput,
  CreateInstructionWithdrawalRequest,
  CreateWithdrawalBeneficiaryInput,
  CreateWithdrawalBeneficiaryRequest,
  DepositRequirementRequest,
  DepositRequirementRequestInput,
  PaymentRoutingInput,
  QuoteRequest,
  QuoteRequestInput,
  StandardSchemaV1,
  validateAssignDepositor,
  validateCreateAccountTransfer,
  validateCreateAccountWithdrawal,
  validateCreateAlert,
  validateCreateExchange,
  validateCreateInstructionWithdrawal,
  validateCreateWithdrawalBeneficiary,
  validateDepositRequirementRequest,
  validatePaymentRouting,
  validateQuoteRequest,
} from "@account-funds/validators";
import type { Equal } from "./type-equality.js";

type Both<V extends StandardSchemaV1, Input, Output> =
  Equal<StandardSchemaV1.InferInput<V>, Input> extends true ? Equal<StandardSchemaV1.InferOutput<V>, Output> : false;

export const bothWays: Record<string, true> = {
  createWithdrawalBeneficiary: true satisfies Both<
    typeof validateCreateWithdrawalBeneficiary,
    CreateWithdrawalBeneficiaryInput,
    CreateWithdrawalBeneficiaryRequest
  >,
  createAccountWithdrawal: true satisfies Both<
    typeof validateCreateAccountWithdrawal,
    CreateAccountWithdrawalInput,
    CreateAccountWithdrawalRequest
  >,
  createInstructionWithdrawal: true satisfies Both<
    typeof validateCreateInstructionWithdrawal,
    CreateInstructionWithdrawalInput,
    CreateInstructionWithdrawalRequest
  >,
  createAccountTransfer: true satisfies Both<
    typeof validateCreateAccountTransfer,
    CreateAccountTransferInput,
    CreateAccountTransferRequest
  >,
  createExchange: true satisfies Both<typeof validateCreateExchange, CreateExchangeInput, CreateExchangeRequest>,
  createAlert: true satisfies Both<typeof validateCreateAlert, CreateAlertInput, CreateAlertRequest>,
  quoteRequest: true satisfies Both<typeof validateQuoteRequest, QuoteRequestInput, QuoteRequest>,
  depositRequirementRequest: true satisfies Both<
    typeof validateDepositRequirementRequest,
    DepositRequirementRequestInput,
    DepositRequirementRequest
  >,
  assignDepositor: true satisfies Both<typeof validateAssignDepositor, AssignDepositorInput, AssignDepositorRequest>,
};

/** What a form holds: presentation forms, empty optional fields, a routing whose type a select swaps. */
export const typed: CreateWithdrawalBeneficiaryInput = {
  AccountId: 1001,
  Name: "Acme",
  AccountHolderName: "",
  CurrencyCode: "gbp",
  PaymentRouting: { Type: "SortCodeAccountNumber", CountryCode: "gb", SortCode: "40-05-15", AccountNumber: "31926819" },
  AlternatePaymentRouting: [{ Type: "BicIban", CountryCode: "de", Iban: "DE89 3704 0044 0532 0130 00", Bic: null }],
  BeneficiaryType: "Company",
  Address: { Street: "1 High St", Town: "London", CountryCode: "gb", PostCode: null },
  IndustryId: null,
  AdditionalInformation: { TaxId: "", Other: null },
};

/** The routing's form: Type and CountryCode required, every type's identifiers optional. */
export const routing: true = true satisfies Equal<
  Pick<PaymentRoutingInput, "Type" | "CountryCode">,
  { Type: string; CountryCode: string }
>;
export const routingIdentifiers: PaymentRoutingInput = { Type: "BicIban", CountryCode: "DE" };
// @ts-expect-error a routing without its Type cannot be typed
export const routingWithoutType: PaymentRoutingInput = { CountryCode: "DE" };
// The validator's own routing is a routing input as well.
export const routingOfValidator: StandardSchemaV1.InferInput<typeof validatePaymentRouting> = routingIdentifiers;
