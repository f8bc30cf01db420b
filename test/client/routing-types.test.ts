/**
 * The routing types and AssignDepositor's members, checked by compiling calls of the client's own methods
 * (`client.beneficiaries.createWithdrawalBeneficiary`, `client.deposits.assignDepositor`): each case is a
 * function of one virtual module compiled with test/client's settings, and must compile, or fail with the
 * error its mistake should cause (the message names the wrong field or value), never with another one.
 * A routing type that collapsed to `unknown` lets every wrong case compile.
 */
import { describe, it } from "vitest";
import { compileCases, expectCase, type Case } from "./compile-cases.js";

interface Routing {
  /** The fields of a valid routing of this type (values as TypeScript literals); Type and CountryCode first. */
  readonly valid: { readonly [field: string]: string };
  /** A field of the type, misspelt (`AcountNumber`), with its value. */
  readonly misspelt: readonly [string, string];
  /** A field of another routing type, with a value of its own. */
  readonly foreign: readonly [string, string];
  /** A string field of the type, given a number or a boolean. */
  readonly wrongType: readonly [string, string];
}

/** The ten routing types of the reference, in its order. */
const routings: { readonly [type: string]: Routing } = {
  BicIban: {
    valid: { Type: `"BicIban"`, CountryCode: `"FR"`, Bic: `"BNPAFRPP"`, Iban: `"FR7630006000011234567890189"` },
    misspelt: ["IBAN", `"FR7630006000011234567890189"`],
    foreign: ["SortCode", `"123456"`],
    wrongType: ["Iban", "7630006000011234"],
  },
  SortCodeAccountNumber: {
    valid: { Type: `"SortCodeAccountNumber"`, CountryCode: `"GB"`, SortCode: `"123456"`, AccountNumber: `"12345678"` },
    misspelt: ["Sortcode", `"123456"`],
    foreign: ["Iban", `"GB82WEST12345698765432"`],
    wrongType: ["SortCode", "123456"],
  },
  RoutingTransitNumberAccountNumber: {
    valid: {
      Type: `"RoutingTransitNumberAccountNumber"`,
      CountryCode: `"US"`,
      RoutingTransitNumber: `"021000021"`,
      AccountNumber: `"123456789"`,
    },
    misspelt: ["RoutingNumber", `"021000021"`],
    foreign: ["TransitNumber", `"012345678"`],
    wrongType: ["AccountNumber", "123456789"],
  },
  TransitNumberAccountNumber: {
    valid: {
      Type: `"TransitNumberAccountNumber"`,
      CountryCode: `"CA"`,
      TransitNumber: `"012345678"`,
      AccountNumber: `"1234567"`,
    },
    misspelt: ["TransitNo", `"012345678"`],
    foreign: ["RoutingTransitNumber", `"021000021"`],
    wrongType: ["TransitNumber", "12345678"],
  },
  BankStateBranchAccountNumber: {
    valid: {
      Type: `"BankStateBranchAccountNumber"`,
      CountryCode: `"AU"`,
      BankStateBranch: `"123456"`,
      AccountNumber: `"12345678"`,
    },
    misspelt: ["BSB", `"123456"`],
    foreign: ["SortCode", `"123456"`],
    wrongType: ["BankStateBranch", "123456"],
  },
  NewZealandAccountNumber: {
    valid: { Type: `"NewZealandAccountNumber"`, CountryCode: `"NZ"`, AccountNumber: `"123456789012345"` },
    misspelt: ["AccountNo", `"123456789012345"`],
    foreign: ["BankStateBranch", `"123456"`],
    wrongType: ["AccountNumber", "123456789012345"],
  },
  IndianFinancialSystemCodeAccountNumber: {
    valid: {
      Type: `"IndianFinancialSystemCodeAccountNumber"`,
      CountryCode: `"IN"`,
      Bic: `"HDFCINBB"`,
      IndianFinancialSystemCode: `"HDFC0000001"`,
      AccountNumber: `"1234567890"`,
    },
    misspelt: ["Ifsc", `"HDFC0000001"`],
    foreign: ["SortCode", `"123456"`],
    wrongType: ["IndianFinancialSystemCode", "1"],
  },
  BicNuban: {
    valid: { Type: `"BicNuban"`, CountryCode: `"NG"`, Bic: `"GTBINGLA"`, AccountNumber: `"0123456789"` },
    misspelt: ["Nuban", `"0123456789"`],
    foreign: ["Iban", `"GB82WEST12345698765432"`],
    wrongType: ["AccountNumber", "123456789"],
  },
  BicClabe: {
    valid: { Type: `"BicClabe"`, CountryCode: `"MX"`, Bic: `"BNMXMXMM"`, AccountNumber: `"002010077777777771"` },
    misspelt: ["Clabe", `"002010077777777771"`],
    foreign: ["IndianFinancialSystemCode", `"HDFC0000001"`],
    wrongType: ["Bic", "1"],
  },
  BicAccountNumber: {
    valid: { Type: `"BicAccountNumber"`, CountryCode: `"ZA"`, Bic: `"SBZAZAJJ"`, AccountNumber: `"123456789"` },
    misspelt: ["Bank", `"SBZAZAJJ"`],
    foreign: ["TransitNumber", `"012345678"`],
    wrongType: ["Bic", "true"],
  },
};

/** TypeScript's excess-property error for `field`: the client's parameter type has no such property. */
const unknownProperty = (field: string): RegExp =>
  new RegExp(`Object literal may only specify known properties, (and|but) '${field}' does not exist`);

/** `{ Type: "BicIban", ... }` from fields. */
const literal = (fields: { readonly [field: string]: string }): string =>
  `{ ${Object.entries(fields)
    .map(([field, value]) => `${field}: ${value}`)
    .join(", ")} }`;

const beneficiary = (routing: string, position: "PaymentRouting" | "AlternatePaymentRouting"): string => {
  const gb = literal(routings["SortCodeAccountNumber"]?.valid ?? {});
  const routingFields =
    position === "PaymentRouting"
      ? `PaymentRouting: ${routing}`
      : `PaymentRouting: ${gb}, AlternatePaymentRouting: [${gb}, ${routing}]`;
  return `await client.beneficiaries.createWithdrawalBeneficiary({ AccountId: 1, Name: "N", CurrencyCode: "USD", BeneficiaryType: "Company", Address: { Street: "S", Town: "T", CountryCode: "US" }, ${routingFields} });`;
};

function routingCases(): Case[] {
  const cases: Case[] = [];
  for (const position of ["PaymentRouting", "AlternatePaymentRouting"] as const) {
    const code = (fields: { readonly [field: string]: string }): string => beneficiary(literal(fields), position);
    for (const [type, { valid, misspelt, foreign, wrongType }] of Object.entries(routings)) {
      const name = (what: string): string => `${type} in ${position}: ${what}`;
      cases.push(
        { name: name("a correct one compiles"), code: code(valid) },
        {
          name: name("an unknown Type"),
          code: code({ ...valid, Type: `"${type}X"` }),
          error: new RegExp(`Type '"${type}X"' is not assignable to type`),
        },
        {
          name: name(`a misspelt field (${misspelt[0]})`),
          code: code({ ...valid, [misspelt[0]]: misspelt[1] }),
          error: unknownProperty(misspelt[0]),
        },
        {
          name: name(`a field of another routing type (${foreign[0]})`),
          code: code({ ...valid, [foreign[0]]: foreign[1] }),
          error: unknownProperty(foreign[0]),
        },
        {
          name: name(`a wrong value type (${wrongType[0]}: ${wrongType[1]})`),
          code: code({ ...valid, [wrongType[0]]: wrongType[1] }),
          error: /Type '(number|boolean)' is not assignable to type 'string'/,
        },
      );
    }
    const us = { Type: `"RoutingTransitNumberAccountNumber"`, CountryCode: `"US"`, AccountNumber: `"123456789"` };
    const india = {
      Type: `"IndianFinancialSystemCodeAccountNumber"`,
      CountryCode: `"IN"`,
      AccountNumber: `"1234567890"`,
    };
    cases.push(
      { name: `US in ${position}: Bic alone compiles`, code: code({ ...us, Bic: `"CHASUS33"` }) },
      {
        name: `US in ${position}: Bic and RoutingTransitNumber compile`,
        code: code({ ...us, Bic: `"CHASUS33"`, RoutingTransitNumber: `"021000021"` }),
      },
      {
        name: `US in ${position}: neither Bic nor RoutingTransitNumber`,
        code: code(us),
        error: /Property '(Bic|RoutingTransitNumber)' is missing/,
      },
      {
        name: `IN in ${position}: without IndianFinancialSystemCode`,
        code: code({ ...india, Bic: `"HDFCINBB"` }),
        error: /Property 'IndianFinancialSystemCode' is missing/,
      },
      {
        name: `IN in ${position}: without Bic`,
        code: code({ ...india, IndianFinancialSystemCode: `"HDFC0000001"` }),
        error: /Property 'Bic' is missing/,
      },
    );
  }
  return cases;
}

function depositorCases(): Case[] {
  const individual = `Individual: { FirstName: "Ada", LastName: "Lovelace" }`;
  const company = `Company: { Name: "Acme Ltd" }`;
  const assign = (fields: string): string =>
    `await client.deposits.assignDepositor(7, { IsThirdParty: false${fields === "" ? "" : `, ${fields}`} });`;
  return [
    { name: "AssignDepositor: an Individual compiles", code: assign(individual) },
    { name: "AssignDepositor: a Company compiles", code: assign(company) },
    // The reference marks neither required nor says they exclude each other: the types take both, and neither
    // (the validators warn; a server may refuse by its own rules).
    { name: "AssignDepositor: neither Individual nor Company compiles", code: assign("") },
    { name: "AssignDepositor: both Individual and Company compile", code: assign(`${individual}, ${company}`) },
    { name: "AssignDepositor: a wrong Individual", code: assign("Individual: 7"), error: /AssignDepositorIndividual/ },
  ];
}

describe("routing and depositor types, through the client's methods", () => {
  const cases = [...routingCases(), ...depositorCases()];
  const diagnostics = compileCases("routing-type-cases.generated.ts", cases);

  it.each(cases.map((testCase, index) => [testCase.name, testCase, index] as const))("%s", (_name, testCase, index) => {
    expectCase(testCase, diagnostics[index] ?? []);
  });
});
