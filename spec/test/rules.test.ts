/**
 * Every rule the reference states is enforced by the spec's schemas: a valid body passes, and the same
 * body broken in exactly one way (per rule) is rejected. And nothing more: a body the reference allows, but a
 * stricter check (one the validators only warn about) or an invented required-ness once refused, is accepted.
 */
import { describe, expect, it } from "vitest";
import { loadBundledSpec } from "./support/bundled-spec.js";
import { compileSpecSchema, createSpecAjv, schemaRef } from "./support/spec-ajv.js";

const spec = loadBundledSpec();
const ajv = createSpecAjv(spec);
const validator = (name: string) => compileSpecSchema(ajv, schemaRef(name));

type Body = { [key: string]: unknown };
const clone = <T>(value: T): T => structuredClone(value);
const without = (body: Body, field: string): Body => {
  const copy = clone(body);
  delete copy[field];
  return copy;
};
const withField = (body: Body, path: string, value: unknown): Body => {
  const copy = clone(body);
  const keys = path.split(".");
  let at: Body = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Body;
  at[keys[keys.length - 1] as string] = value;
  return copy;
};

const address = { Street: "Unter den Linden", HouseNumber: "77", Town: "Berlin", PostCode: "10117", CountryCode: "DE" };
const routings: { [type: string]: Body } = {
  BicIban: { Type: "BicIban", CountryCode: "DE", Bic: "DEUTDEFF", Iban: "DE89370400440532013000" },
  SortCodeAccountNumber: {
    Type: "SortCodeAccountNumber",
    CountryCode: "GB",
    SortCode: "601613",
    AccountNumber: "31926819",
  },
  RoutingTransitNumberAccountNumber: {
    Type: "RoutingTransitNumberAccountNumber",
    CountryCode: "US",
    RoutingTransitNumber: "021000021",
    AccountNumber: "123456789",
  },
  TransitNumberAccountNumber: {
    Type: "TransitNumberAccountNumber",
    CountryCode: "CA",
    TransitNumber: "000412345",
    AccountNumber: "1234567",
  },
  BankStateBranchAccountNumber: {
    Type: "BankStateBranchAccountNumber",
    CountryCode: "AU",
    BankStateBranch: "082902",
    AccountNumber: "12345678",
  },
  NewZealandAccountNumber: { Type: "NewZealandAccountNumber", CountryCode: "NZ", AccountNumber: "0109020068389000" },
  IndianFinancialSystemCodeAccountNumber: {
    Type: "IndianFinancialSystemCodeAccountNumber",
    CountryCode: "IN",
    Bic: "HDFCINBB",
    IndianFinancialSystemCode: "HDFC0000001",
    AccountNumber: "50100012345678",
  },
  BicNuban: { Type: "BicNuban", CountryCode: "NG", Bic: "GTBINGLA", AccountNumber: "0123456789" },
  BicClabe: { Type: "BicClabe", CountryCode: "MX", Bic: "BNMXMXMM", AccountNumber: "002010077777777771" },
  BicAccountNumber: { Type: "BicAccountNumber", CountryCode: "JP", Bic: "BOTKJPJT", AccountNumber: "1234567" },
};
const beneficiary: Body = {
  AccountId: 1001,
  Name: "Acme Supplies",
  CurrencyCode: "EUR",
  BeneficiaryType: "Company",
  Address: address,
  PaymentRouting: routings["BicIban"],
};
const withdrawal: Body = {
  AccountId: 1001,
  CurrencyCode: "EUR",
  Amount: 1250.5,
  BeneficiaryId: 3001,
  Reference: "INV-2026-0042",
  Description: "Supplier payment",
  PaymentChargesCode: "SHA",
};
const transfer: Body = {
  AccountId: 1001,
  CurrencyCode: "GBP",
  Amount: 250,
  BeneficiaryId: 2001,
  Reference: "Rent November",
};

interface Case {
  readonly schema: string;
  readonly valid: unknown;
  /** rule → a body breaking only that rule */
  readonly broken: { [rule: string]: unknown };
  /** why the reference allows it → a body the spec must accept (the validators may warn about it) */
  readonly allowed?: { [why: string]: unknown };
}

const cases: Case[] = [
  {
    schema: "CreateAccountTransfer",
    valid: transfer,
    broken: {
      "AccountId is required": without(transfer, "AccountId"),
      "CurrencyCode is required": without(transfer, "CurrencyCode"),
      "BeneficiaryId is required": without(transfer, "BeneficiaryId"),
      "Reference is up to 35 characters": withField(transfer, "Reference", "x".repeat(36)),
      "AccountId is an int32": withField(transfer, "AccountId", 2 ** 31),
      "Amount is a number": withField(transfer, "Amount", "250"),
    },
    allowed: {
      "no lower bound is shown": withField(transfer, "Amount", 0),
      "an optional field may be null": withField(transfer, "Reference", null),
    },
  },
  {
    schema: "CreateAccountWithdrawal",
    valid: withdrawal,
    broken: {
      "AccountId is required": without(withdrawal, "AccountId"),
      "CurrencyCode is required": without(withdrawal, "CurrencyCode"),
      "BeneficiaryId is required": without(withdrawal, "BeneficiaryId"),
      "Reference is up to 35 characters": withField(withdrawal, "Reference", "x".repeat(36)),
      "Description is up to 140 characters": withField(withdrawal, "Description", "x".repeat(141)),
      "PaymentChargesCode is OUR or SHA": withField(withdrawal, "PaymentChargesCode", "BEN"),
      "GBP needs BoEPurposeCodeId": withField(withdrawal, "CurrencyCode", "GBP"),
      "ReceiverLei is 20 characters": { ...withdrawal, ReceiverLei: "5493001KJTIIGC8Y1R1" },
      "ReceiverLei is alphanumeric": { ...withdrawal, ReceiverLei: "5493001KJTIIGC8Y1R1-" },
      "UltimateOriginator.Name is up to 35 characters": {
        ...withdrawal,
        UltimateOriginator: { Name: "x".repeat(36), Address: address },
      },
      "UltimateOriginator.Address.CountryCode is ISO 3166-1": {
        ...withdrawal,
        UltimateOriginator: { Name: "Ultimate Ltd", Address: { ...address, CountryCode: "XX" } },
      },
      "GBP needs a BoEPurposeCodeId, not a null one": { ...withdrawal, CurrencyCode: "GBP", BoEPurposeCodeId: null },
    },
    allowed: {
      "the reference states 20 alphanumeric characters (ISO 17442 check digits only warn)": {
        ...withdrawal,
        ReceiverLei: "5493001KJTIIGC8Y1R13",
      },
      "for PSP accounts only SubaccountNumber is used (a partial address is no error)": {
        ...withdrawal,
        UltimateOriginator: { SubaccountNumber: "SUB-1", Address: without(address, "Street") },
      },
      "an optional field may be null": { ...withdrawal, Reference: null, UltimateOriginator: null, Amount: null },
    },
  },
  {
    schema: "CreateAccountWithdrawal",
    valid: { ...withdrawal, CurrencyCode: "GBP", BoEPurposeCodeId: 12, ReceiverLei: "5493001KJTIIGC8Y1R12" },
    broken: {},
  },
  {
    schema: "CreateInstructionWithdrawal",
    valid: { InstructionId: 77, BeneficiaryId: 3001, PaymentChargesCode: "OUR" },
    broken: {
      "InstructionId is required": { BeneficiaryId: 3001 },
      "BeneficiaryId is required": { InstructionId: 77 },
      "PaymentChargesCode is OUR or SHA": { InstructionId: 77, BeneficiaryId: 3001, PaymentChargesCode: "our" },
    },
  },
  {
    schema: "CreateWithdrawalBeneficiary",
    valid: {
      ...beneficiary,
      AlternatePaymentRouting: [routings["BicAccountNumber"]],
      IntermediaryPaymentRouting: [{ Type: "Bic", Bic: "CHASUS33" }],
      AdditionalInformation: { TaxId: "12345" },
    },
    broken: {
      "AccountId is required": without(beneficiary, "AccountId"),
      "Name is required": without(beneficiary, "Name"),
      "CurrencyCode is required": without(beneficiary, "CurrencyCode"),
      "PaymentRouting is required": without(beneficiary, "PaymentRouting"),
      "BeneficiaryType is required": without(beneficiary, "BeneficiaryType"),
      "BeneficiaryType is Individual or Company": withField(beneficiary, "BeneficiaryType", "Trust"),
      "Address is required": without(beneficiary, "Address"),
      "Address needs Street": withField(beneficiary, "Address", without(address, "Street")),
      "Address needs Town": withField(beneficiary, "Address", without(address, "Town")),
      "Address needs CountryCode": withField(beneficiary, "Address", without(address, "CountryCode")),
      "Name is not blank (assumed)": withField(beneficiary, "Name", " \t "),
      "Name is not empty (assumed)": withField(beneficiary, "Name", ""),
      "Address.Street is not blank (assumed)": withField(beneficiary, "Address", { ...address, Street: "  " }),
      "Address.Town is not blank (assumed)": withField(beneficiary, "Address", { ...address, Town: "" }),
      "Reference is up to 35 characters": { ...beneficiary, Reference: "x".repeat(36) },
      "intermediary routing has Type Bic": {
        ...beneficiary,
        IntermediaryPaymentRouting: [{ Type: "BicIban", Bic: "CHASUS33" }],
      },
      "intermediary Bic follows the BIC pattern": {
        ...beneficiary,
        IntermediaryPaymentRouting: [{ Type: "Bic", Bic: "CHAS US 33" }],
      },
      "alternate routings are routings": {
        ...beneficiary,
        AlternatePaymentRouting: [{ Type: "Cheque", CountryCode: "DE" }],
      },
      "AdditionalInformation values are strings": { ...beneficiary, AdditionalInformation: { TaxId: 12345 } },
    },
    allowed: {
      "an optional field may be null": withField(beneficiary, "Website", null),
      "a routing's optional field may be null": withField(beneficiary, "PaymentRouting", {
        ...routings["BicIban"],
        Bic: null,
      }),
      "the reference states 20 alphanumeric characters": { ...beneficiary, ReceiverLei: "5493001KJTIIGC8Y1R13" },
      "IBAN structure and checksum hold (Belgian national check digits only warn)": withField(
        beneficiary,
        "PaymentRouting",
        { Type: "BicIban", CountryCode: "BE", Iban: "BE41539007547035" },
      ),
    },
  },
  ...Object.entries(routings).map(([type, routing]): Case => ({
    schema: "PaymentRouting",
    valid: routing,
    broken: {
      [`${type}: Type is required`]: without(routing, "Type"),
      [`${type}: CountryCode is required`]: without(routing, "CountryCode"),
      [`${type}: Type is one of the 10 routing types`]: withField(routing, "Type", type.toLowerCase()),
      ...(routing["CountryCode"] !== "DE" && routing["CountryCode"] !== "JP"
        ? { [`${type}: CountryCode is fixed`]: withField(routing, "CountryCode", "DE") }
        : {}),
      ...("Bic" in routing ? { [`${type}: Bic follows the BIC pattern`]: withField(routing, "Bic", "DEUTDEF") } : {}),
      ...("Bic" in routing
        ? { [`${type}: Bic location excludes O as 2nd character`]: withField(routing, "Bic", "DEUTDEFO") }
        : {}),
    },
    allowed: {
      ...("Bic" in routing
        ? {
            [`${type}: the reference states the BIC pattern only (the country only warns)`]: withField(
              routing,
              "Bic",
              "DEUTXXFF",
            ),
          }
        : {}),
      [`${type}: which properties are mandatory is not shown`]: without(
        routing,
        type === "BicIban" ? "Iban" : "AccountNumber",
      ),
    },
  })),
  {
    schema: "PaymentRouting",
    valid: {
      Type: "RoutingTransitNumberAccountNumber",
      CountryCode: "US",
      Bic: "CHASUS33",
      AccountNumber: "123456789",
    },
    broken: {
      "US: either Bic or RoutingTransitNumber": {
        Type: "RoutingTransitNumberAccountNumber",
        CountryCode: "US",
        AccountNumber: "123456789",
      },
      "US: RoutingTransitNumber is 9 digits": {
        ...routings["RoutingTransitNumberAccountNumber"],
        RoutingTransitNumber: "02100002",
      },
      "US: RoutingTransitNumber checksum": {
        ...routings["RoutingTransitNumberAccountNumber"],
        RoutingTransitNumber: "021000022",
      },
      "US: AccountNumber pattern": { ...routings["RoutingTransitNumberAccountNumber"], AccountNumber: "123456" },
      "IN: Bic is required": without(routings["IndianFinancialSystemCodeAccountNumber"] as Body, "Bic"),
      "IN: IndianFinancialSystemCode is required": without(
        routings["IndianFinancialSystemCodeAccountNumber"] as Body,
        "IndianFinancialSystemCode",
      ),
      "IN: IndianFinancialSystemCode is 11 word characters": {
        ...routings["IndianFinancialSystemCodeAccountNumber"],
        IndianFinancialSystemCode: "HDFC000001",
      },
      "IBAN: pattern": { ...routings["BicIban"], Iban: "D189370400440532013000" },
      "IBAN: checksum": { ...routings["BicIban"], Iban: "DE89370400440532013001" },
      "GB: SortCode is 6 digits": { ...routings["SortCodeAccountNumber"], SortCode: "60-16-13" },
      "GB: AccountNumber is 8 digits": { ...routings["SortCodeAccountNumber"], AccountNumber: "3192681" },
      "CA: TransitNumber has a leading zero": { ...routings["TransitNumberAccountNumber"], TransitNumber: "100412345" },
      "CA: AccountNumber is 7 characters": { ...routings["TransitNumberAccountNumber"], AccountNumber: "12345678" },
      "AU: BankStateBranch is 6 digits": { ...routings["BankStateBranchAccountNumber"], BankStateBranch: "08290" },
      "AU: AccountNumber is 6 to 10 characters": {
        ...routings["BankStateBranchAccountNumber"],
        AccountNumber: "12345",
      },
      "NZ: AccountNumber is 15 or 16 characters": {
        ...routings["NewZealandAccountNumber"],
        AccountNumber: "01090200683890001",
      },
      "NG: AccountNumber is 10 digits": { ...routings["BicNuban"], AccountNumber: "012345678" },
      "MX: AccountNumber is 18 digits": { ...routings["BicClabe"], AccountNumber: "00201007777777777" },
      "fallback: AccountNumber is 4 to 24 characters": { ...routings["BicAccountNumber"], AccountNumber: "123" },
      "fallback: AccountNumber is upper-case alphanumeric": {
        ...routings["BicAccountNumber"],
        AccountNumber: "abc12345",
      },
    },
    allowed: {
      "US: 9 digits, checksum validated (the Federal Reserve prefix only warns)": {
        ...routings["RoutingTransitNumberAccountNumber"],
        RoutingTransitNumber: "131000021",
      },
      "IN: ^\\w{11}$ (RBI's structure only warns)": {
        ...routings["IndianFinancialSystemCodeAccountNumber"],
        IndianFinancialSystemCode: "HDFC1000001",
      },
      "NZ: ^[0-9A-Z-]{15,16}$ (check digits only warn)": {
        ...routings["NewZealandAccountNumber"],
        AccountNumber: "0109020068388000",
      },
      "NZ: ^[0-9A-Z-]{15,16}$ (the bank table only warns)": {
        ...routings["NewZealandAccountNumber"],
        AccountNumber: "0199990068389000",
      },
      "NZ: ^[0-9A-Z-]{15,16}$, as written (issue 20)": {
        ...routings["NewZealandAccountNumber"],
        AccountNumber: "01-902-68389-000",
      },
      "MX: ^[0-9]{18}$ (the CLABE check digit only warns)": {
        ...routings["BicClabe"],
        AccountNumber: "002010077777777772",
      },
    },
  },
  {
    schema: "CreateExchange",
    valid: {
      AccountId: 1001,
      SourceCurrencyCode: "GBP",
      TargetCurrencyCode: "EUR",
      Goal: 10000,
      GoalType: "Buy",
      UseAvailableFunds: true,
    },
    broken: {
      "GoalType is Buy or Sell": {
        AccountId: 1001,
        SourceCurrencyCode: "GBP",
        TargetCurrencyCode: "EUR",
        Goal: 10000,
        GoalType: "Hold",
      },
      "UseAvailableFunds is boolean": {
        AccountId: 1001,
        SourceCurrencyCode: "GBP",
        TargetCurrencyCode: "EUR",
        Goal: 10000,
        GoalType: "Buy",
        UseAvailableFunds: "yes",
      },
    },
    allowed: {
      "the reference marks no field required": { SourceCurrencyCode: "GBP", TargetCurrencyCode: "EUR" },
      "UseAvailableFunds without Goal (issue 20)": {
        AccountId: 1001,
        SourceCurrencyCode: "GBP",
        TargetCurrencyCode: "EUR",
        UseAvailableFunds: true,
      },
      "no lower bound is shown": { AccountId: 1001, SourceCurrencyCode: "GBP", TargetCurrencyCode: "EUR", Goal: -5 },
      "a pair of one currency is not refused": { SourceCurrencyCode: "GBP", TargetCurrencyCode: "GBP" },
      "an optional field may be null": { AccountId: 1001, Goal: null, GoalType: null },
    },
  },
  {
    schema: "QuoteRequest",
    valid: { AccountId: 1001, GoalType: "Sell", Amount: 500, SourceCurrencyCode: "GBP", TargetCurrencyCode: "USD" },
    broken: { "GoalType is Buy or Sell": { GoalType: "sell" }, "Amount is a number": { Amount: "500" } },
    allowed: {
      "without Amount (issue 20)": {
        AccountId: 1001,
        GoalType: "Sell",
        SourceCurrencyCode: "GBP",
        TargetCurrencyCode: "USD",
      },
      "the reference marks no field required": {},
    },
  },
  {
    schema: "CreateAlertRequest",
    valid: { SourceCurrencyCode: "GBP", TargetCurrencyCode: "EUR", Limit: 1.19 },
    broken: { "Limit is a number": { Limit: "1.19" } },
    allowed: { "the reference marks no field required": { Limit: 1.19 }, "no lower bound is shown": { Limit: 0 } },
  },
  {
    schema: "AssignDepositorDto",
    valid: { IsThirdParty: true, Company: { Name: "Northwind Traders Ltd", IndustryId: 12 } },
    broken: {
      "IsThirdParty is a boolean": { IsThirdParty: "yes" },
      "a Company's IndustryId is an int": { Company: { Name: "Northwind Traders Ltd", IndustryId: "12" } },
    },
    allowed: {
      "the reference marks no field required": { IsThirdParty: true },
      "Individual and Company are not said to exclude each other": {
        Individual: { FirstName: "Ada", LastName: "Lovelace" },
        Company: { Name: "Northwind Traders Ltd" },
      },
      "names are not marked required (issue 20)": { Individual: { FirstName: "Ada" }, Company: { Name: "" } },
      "an optional field may be null": { Individual: { FirstName: "Ada", LastName: "Lovelace" }, Company: null },
    },
  },
  {
    schema: "TokenResponse",
    valid: {
      access_token: "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln",
      expires_in: 900,
      token_type: "Bearer",
      scope: "serviceFXAPI",
    },
    broken: {
      "token_type is always Bearer": { access_token: "x", expires_in: 900, token_type: "MAC", scope: "serviceFXAPI" },
    },
  },
  {
    schema: "WebhookEvent",
    valid: {
      EntityType: "Transfer",
      EntityId: 4001,
      Reason: "TransferCreated",
      ApiUrl: "https://api.example.test/api/v1/OutboundTransfers(4001)",
    },
    broken: {
      "Reason is one of the 7 reasons": {
        EntityType: "Transfer",
        EntityId: 4001,
        Reason: "TransferApproved",
        ApiUrl: "https://api.example.test/api/v1/OutboundTransfers(4001)",
      },
      "EntityType matches the reason": {
        EntityType: "Withdrawal",
        EntityId: 4001,
        Reason: "TransferCreated",
        ApiUrl: "https://api.example.test/api/v1/OutboundTransfers(4001)",
      },
      "ApiUrl is absolute": {
        EntityType: "Transfer",
        EntityId: 4001,
        Reason: "TransferCreated",
        ApiUrl: "/api/v1/OutboundTransfers(4001)",
      },
    },
    allowed: {
      "ApiUrl is any absolute URL of the entity (issue 20: a lower-case path)": {
        EntityType: "Withdrawal",
        EntityId: 9,
        Reason: "WithdrawalCreated",
        ApiUrl: "https://api.example.test/api/v1/withdrawals(9)",
      },
    },
  },
];

describe.each(cases.map((c, index) => [`${c.schema} #${index}`, c] as const))(
  "%s",
  (_name, { schema, valid, broken, allowed }) => {
    const validate = validator(schema);

    it("accepts the valid body", () => {
      expect(validate(valid), ajv.errorsText(validate.errors)).toBe(true);
    });

    it.each(Object.entries(broken))("rejects a body breaking the rule: %s", (_rule, body) => {
      expect(validate(body)).toBe(false);
    });

    const allowedCases = Object.entries(allowed ?? {});
    if (allowedCases.length > 0)
      it.each(allowedCases)("accepts what the reference allows: %s", (_why, body) => {
        expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
      });
  },
);
