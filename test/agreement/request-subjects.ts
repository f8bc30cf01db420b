/**
 * Each request body schema of the spec with the @account-funds/validators request validator that checks it,
 * and the context its conditional rules take, generated: the facts a client reads from the API (sectors,
 * RequiredAdditionalInformation) or knows of its account and beneficiary. Sector Ids and rule keys are small,
 * so that generated bodies hit them now and then.
 */
import fc from "fast-check";
import {
  validateAssignDepositor,
  validateCreateAccountTransfer,
  validateCreateAccountWithdrawal,
  validateCreateAlert,
  validateCreateExchange,
  validateCreateInstructionWithdrawal,
  validateCreateWithdrawalBeneficiary,
  validateDepositRequirementRequest,
  validateQuoteRequest,
  type AccountContext,
  type BeneficiaryContext,
  type RequestReport,
  type Result,
  type Sector,
  type Validator,
} from "@account-funds/validators";

export interface RequestSubject {
  /** The request body schema (components/schemas). */
  readonly schema: string;
  /** Its validator's name, as the spec's `x-conditional-rules` name it in `implementedBy`. */
  readonly validatorName: string;
  readonly validate: (body: unknown) => Result<unknown, RequestReport>;
  /** The validator as a server runs it: `{ wireForm: true }`, the wire form only. */
  readonly validateWireForm: (body: unknown) => Result<unknown, RequestReport>;
  /** The validator with a generated context. */
  readonly validateInContext: fc.Arbitrary<(body: unknown) => Result<unknown, RequestReport>>;
}

function subject<Options extends { readonly wireForm?: boolean | undefined }>(
  schema: string,
  validatorName: string,
  validator: Validator<unknown, RequestReport, Options>,
  context: fc.Arbitrary<Options | undefined>,
): RequestSubject {
  return {
    schema,
    validatorName,
    validate: (body) => validator(body),
    validateWireForm: (body) => validator(body, { wireForm: true } as Options),
    validateInContext: context.map((options) => (body: unknown) => validator(body, options)),
  };
}

const sectors: readonly Sector[] = [
  { Id: 1, Name: "Banks" },
  { Id: 2, Name: "Building Societies" },
  { Id: 3, Name: "Other services" },
  { Id: 4, Name: "Software" },
  { Id: 5, Name: null },
];

const beneficiary: fc.Arbitrary<BeneficiaryContext> = fc.record(
  {
    bankCountry: fc.constantFrom("AE", "CN", "DE", "GB"),
    type: fc.constantFrom("Individual" as const, "Company" as const),
    vertical: fc.constantFrom("FI", "Corporate"),
    industry: fc.constantFrom("Banks", "Building Societies", "Software"),
  },
  { requiredKeys: [] },
);

const account: fc.Arbitrary<AccountContext> = fc.record(
  { isPsp: fc.boolean(), acceptsUltimateOriginator: fc.boolean(), acceptsPaymentChargesCode: fc.boolean() },
  { requiredKeys: [] },
);

const none = fc.constant(undefined);

export const requestSubjects: readonly RequestSubject[] = [
  subject(
    "CreateWithdrawalBeneficiary",
    "validateCreateWithdrawalBeneficiary",
    validateCreateWithdrawalBeneficiary,
    fc.record(
      {
        vertical: fc.constantFrom("FI", "Corporate", null),
        sectors: fc.constantFrom(sectors, null),
        heldByCustomerAccount: fc.boolean(),
        additionalInformationRules: fc.constantFrom(
          [],
          [{ Field: "A", Rule: [{ RegEx: "^[0-9]+$" }] }],
          [{ Field: "TaxId", Rule: [{ RegEx: "^x" }, { RegEx: null }] }, { Field: null }],
          null,
        ),
      },
      { requiredKeys: [] },
    ),
  ),
  subject(
    "CreateAccountWithdrawal",
    "validateCreateAccountWithdrawal",
    validateCreateAccountWithdrawal,
    fc.record({ beneficiary, account }, { requiredKeys: [] }),
  ),
  subject(
    "CreateInstructionWithdrawal",
    "validateCreateInstructionWithdrawal",
    validateCreateInstructionWithdrawal,
    fc.record({ beneficiary, account, currencyCode: fc.constantFrom("GBP", "CNH", "EUR", null) }, { requiredKeys: [] }),
  ),
  subject("CreateAccountTransfer", "validateCreateAccountTransfer", validateCreateAccountTransfer, none),
  subject(
    "CreateExchange",
    "validateCreateExchange",
    validateCreateExchange,
    fc.record(
      { withdrawal: fc.oneof(fc.constant(false as const), fc.record({ beneficiary }, { requiredKeys: [] })) },
      { requiredKeys: [] },
    ),
  ),
  subject("CreateAlertRequest", "validateCreateAlert", validateCreateAlert, none),
  subject("QuoteRequest", "validateQuoteRequest", validateQuoteRequest, none),
  subject("DepositRequirementRequest", "validateDepositRequirementRequest", validateDepositRequirementRequest, none),
  subject(
    "AssignDepositorDto",
    "validateAssignDepositor",
    validateAssignDepositor,
    fc.record({ sectors: fc.constantFrom(sectors, null) }, { requiredKeys: [] }),
  ),
];
