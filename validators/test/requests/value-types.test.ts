/**
 * The value types state the rules they carry (checked by `tsc -p validators/tsconfig.test.json`, part of `make
 * typecheck`; `expectTypeOf` does nothing at run time): fixed countries, US Bic or RoutingTransitNumber, IN Bic and
 * IFSC, AssignDepositor Individual xor Company; values are mutable; options take the API's nulls.
 */
import { describe, expectTypeOf, it } from "vitest";
import {
  validateCreateWithdrawalBeneficiary,
  type AssignDepositorRequest,
  type CreateWithdrawalBeneficiaryOptions,
  type CreateWithdrawalBeneficiaryRequest,
  type IndianFinancialSystemCodeAccountNumberPaymentRouting,
  type PaymentRouting,
  type RoutingTransitNumberAccountNumberPaymentRouting,
  type SortCodeAccountNumberPaymentRouting,
} from "../../src/index.js";

describe("value types", () => {
  it("a US routing has a RoutingTransitNumber, a Bic or both", () => {
    const base = { Type: "RoutingTransitNumberAccountNumber", CountryCode: "US", AccountNumber: "123456789" } as const;
    expectTypeOf({
      ...base,
      RoutingTransitNumber: "021000021",
    }).toExtend<RoutingTransitNumberAccountNumberPaymentRouting>();
    expectTypeOf({ ...base, Bic: "CHASUS33" }).toExtend<RoutingTransitNumberAccountNumberPaymentRouting>();
    expectTypeOf({
      ...base,
      Bic: "CHASUS33",
      RoutingTransitNumber: "021000021",
    }).toExtend<RoutingTransitNumberAccountNumberPaymentRouting>();
    expectTypeOf(base).not.toExtend<RoutingTransitNumberAccountNumberPaymentRouting>();
  });

  it("fixes the country and the identifiers the reference requires of each type; the account identifier is optional", () => {
    expectTypeOf<SortCodeAccountNumberPaymentRouting["CountryCode"]>().toEqualTypeOf<"GB">();
    expectTypeOf<IndianFinancialSystemCodeAccountNumberPaymentRouting["Bic"]>().toEqualTypeOf<string>();
    expectTypeOf<
      IndianFinancialSystemCodeAccountNumberPaymentRouting["IndianFinancialSystemCode"]
    >().toEqualTypeOf<string>();
    expectTypeOf<Extract<PaymentRouting, { Type: "BicIban" }>["Iban"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<PaymentRouting["Type"]>().toEqualTypeOf<
      | "BicIban"
      | "SortCodeAccountNumber"
      | "RoutingTransitNumberAccountNumber"
      | "TransitNumberAccountNumber"
      | "BankStateBranchAccountNumber"
      | "NewZealandAccountNumber"
      | "IndianFinancialSystemCodeAccountNumber"
      | "BicNuban"
      | "BicClabe"
      | "BicAccountNumber"
    >();
  });

  it("an AssignDepositor value may have Individual, Company, both or neither, as the reference allows", () => {
    const individual = { FirstName: "Ada", LastName: "Lovelace" };
    const company = { Name: "Northwind" };
    expectTypeOf({ Individual: individual }).toExtend<AssignDepositorRequest>();
    expectTypeOf({ Company: company }).toExtend<AssignDepositorRequest>();
    expectTypeOf({ Individual: individual, Company: company }).toExtend<AssignDepositorRequest>();
    expectTypeOf({ IsThirdParty: true }).toExtend<AssignDepositorRequest>();
    expectTypeOf({ Individual: 1 }).not.toExtend<AssignDepositorRequest>();
  });

  it("values are mutable: the caller owns them, and the client's bodies are mutable", () => {
    expectTypeOf<CreateWithdrawalBeneficiaryRequest["AlternatePaymentRouting"]>().toEqualTypeOf<
      PaymentRouting[] | undefined
    >();
    expectTypeOf<{
      -readonly [K in keyof CreateWithdrawalBeneficiaryRequest]: CreateWithdrawalBeneficiaryRequest[K];
    }>().toEqualTypeOf<CreateWithdrawalBeneficiaryRequest>();
  });
});

describe("options", () => {
  it("take what the API answers: nullable and optional members", () => {
    const fromApi = {
      sectors: [{ Id: 1, Name: null }, { Id: 2 }],
      additionalInformationRules: [
        { Field: "TaxId", Rule: [{ RegEx: null }] },
        { Field: null, Rule: null },
      ],
      vertical: null,
    };
    expectTypeOf(fromApi).toExtend<CreateWithdrawalBeneficiaryOptions>();
    expectTypeOf(validateCreateWithdrawalBeneficiary).toBeCallableWith(
      {},
      { sectors: null, additionalInformationRules: null },
    );
  });
});
