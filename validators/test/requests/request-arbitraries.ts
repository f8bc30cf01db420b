/**
 * fast-check arbitraries of valid requests, one per request validator, shared by the validators' property
 * tests and the cross-package test that holds the spec's schemas to the validators' normalised values.
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
  type Result,
} from "../../src/index.js";
import { anyRoutingArbitrary, bicArbitrary } from "../routing/routing-arbitraries.js";
import { LEI } from "./request-examples.js";

export interface RequestArbitrary {
  /** The request shape's name in the spec (components/schemas). */
  readonly name: string;
  readonly validate: (input: unknown) => Result<unknown, object>;
  readonly arbitrary: fc.Arbitrary<unknown>;
}

export const int32 = fc.integer({ min: -2147483648, max: 2147483647 });
const positive = fc.double({ min: 0.01, max: 1e12, noNaN: true });
const text = (maxLength: number) => fc.string({ maxLength, unit: "grapheme" });
const nonBlank = (maxLength = 60) => text(maxLength).filter((value) => value.trim() !== "");
const currency = fc.constantFrom("EUR", "usd", " JPY ", "chf", "AUD");
const country = fc.constantFrom("DE", "fr", "GB", " us", "JP");

const addressArbitrary = fc.record(
  {
    Street: nonBlank(),
    HouseNumber: text(10),
    HouseName: text(20),
    FlatNumber: text(10),
    District: text(20),
    Town: nonBlank(),
    County: text(20),
    PostCode: text(10),
    CountryCode: country,
  },
  { requiredKeys: ["Street", "Town", "CountryCode"] },
);

const beneficiaryArbitrary = fc.record(
  {
    AccountId: int32,
    Name: nonBlank(),
    AccountHolderName: text(40),
    CurrencyCode: currency,
    PaymentRouting: anyRoutingArbitrary,
    AlternatePaymentRouting: fc.array(anyRoutingArbitrary, { maxLength: 2 }),
    IntermediaryPaymentRouting: fc.array(
      bicArbitrary.map((Bic) => ({ Type: "Bic", Bic: Bic.toLowerCase() })),
      { maxLength: 2 },
    ),
    BeneficiaryType: fc.constantFrom("Individual", "Company"),
    Address: addressArbitrary,
    IndustryId: int32,
    Website: text(30),
    IndustryDetails: text(30),
    AdditionalInformation: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
    Reference: text(35),
    ReceiverLei: fc.constantFrom(LEI, LEI.toLowerCase()),
  },
  { requiredKeys: ["AccountId", "Name", "CurrencyCode", "PaymentRouting", "BeneficiaryType", "Address"] },
);

const originatorArbitrary = fc.record(
  { Name: text(35), Address: addressArbitrary, SubaccountNumber: text(20) },
  { requiredKeys: [] },
);

const withdrawalDetails = {
  PaymentPurposeId: int32,
  UltimateOriginator: originatorArbitrary,
  PaymentChargesCode: fc.constantFrom("OUR", "SHA", " SHA "),
  BoEPurposeCodeId: int32,
  ReceiverLei: fc.constantFrom(LEI),
};

export const requestArbitraries: readonly RequestArbitrary[] = [
  {
    name: "CreateWithdrawalBeneficiary",
    validate: validateCreateWithdrawalBeneficiary,
    arbitrary: beneficiaryArbitrary,
  },
  {
    name: "CreateAccountWithdrawal",
    validate: validateCreateAccountWithdrawal,
    arbitrary: fc.record(
      {
        AccountId: int32,
        CurrencyCode: currency,
        Amount: positive,
        BeneficiaryId: int32,
        Reference: text(35),
        Description: text(140),
        ...withdrawalDetails,
      },
      { requiredKeys: ["AccountId", "CurrencyCode", "BeneficiaryId"] },
    ),
  },
  {
    name: "CreateInstructionWithdrawal",
    validate: validateCreateInstructionWithdrawal,
    arbitrary: fc.record(
      { InstructionId: int32, BeneficiaryId: int32, ...withdrawalDetails },
      { requiredKeys: ["InstructionId", "BeneficiaryId"] },
    ),
  },
  {
    name: "CreateAccountTransfer",
    validate: validateCreateAccountTransfer,
    arbitrary: fc.record(
      { AccountId: int32, CurrencyCode: currency, Amount: positive, BeneficiaryId: int32, Reference: text(35) },
      { requiredKeys: ["AccountId", "CurrencyCode", "BeneficiaryId"] },
    ),
  },
  {
    name: "CreateExchange",
    validate: validateCreateExchange,
    arbitrary: fc.record(
      {
        AccountId: int32,
        SourceCurrencyCode: fc.constant("EUR"),
        TargetCurrencyCode: fc.constantFrom("USD", "gbp"),
        Goal: positive,
        GoalType: fc.constantFrom("Buy", "Sell"),
        UseAvailableFunds: fc.boolean(),
        BoEPurposeCodeId: int32,
        ReceiverLei: fc.constant(LEI),
      },
      { requiredKeys: ["AccountId", "SourceCurrencyCode", "TargetCurrencyCode", "Goal", "GoalType"] },
    ),
  },
  {
    name: "CreateAlert",
    validate: validateCreateAlert,
    arbitrary: fc.record({
      SourceCurrencyCode: fc.constant("eur"),
      TargetCurrencyCode: fc.constant("USD"),
      Limit: positive,
    }),
  },
  {
    name: "QuoteRequest",
    validate: validateQuoteRequest,
    arbitrary: fc.record({
      AccountId: int32,
      GoalType: fc.constantFrom("Buy", "Sell"),
      Amount: positive,
      SourceCurrencyCode: fc.constant("GBP"),
      TargetCurrencyCode: fc.constant("eur"),
    }),
  },
  {
    name: "DepositRequirementRequest",
    validate: validateDepositRequirementRequest,
    arbitrary: fc.record({
      AccountId: int32,
      NetDepositRequirement: fc.double({ noNaN: true, noDefaultInfinity: true }),
      CurrencyCode: currency,
    }),
  },
  {
    name: "AssignDepositor",
    validate: validateAssignDepositor,
    arbitrary: fc.record(
      {
        IsThirdParty: fc.boolean(),
        Company: fc.record(
          {
            Name: nonBlank(),
            PhoneNumber: text(15),
            Website: text(30),
            IndustryId: int32,
            IndustryDetails: text(30),
            Address: addressArbitrary,
          },
          { requiredKeys: ["Name"] },
        ),
        SupportingDocuments: fc.array(
          fc.record(
            { Name: text(20), MediaType: text(20), StreamLength: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }) },
            { requiredKeys: [] },
          ),
          { maxLength: 3 },
        ),
      },
      { requiredKeys: ["Company"] },
    ),
  },
];
