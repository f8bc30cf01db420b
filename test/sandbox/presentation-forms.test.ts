/**
 * The normalisation policy end to end: what people type (presentation forms) is refused by the sandbox, as by the
 * API, with a 400; @account-funds/validators accepts it, says what it changed, and its `value` (the wire form),
 * sent with the typed client and no cast, is created (201). Context comes from the sandbox through the client,
 * as a form would fetch it: the sectors and the RequiredAdditionalInformation rules, passed on as they come.
 */
import type { AccountFundsClient } from "@account-funds/client";
import type { Sandbox } from "@account-funds/sandbox";
import { validateCreateAlert, validateCreateWithdrawalBeneficiary, type ValueChange } from "@account-funds/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, startTestSandbox, tokenFor } from "./support/sandbox-fixture.js";

let sandbox: Sandbox;
let client: AccountFundsClient;
let token: string;
let accountId: number;
let industryId: number;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  client = clientFor(sandbox);
  token = await tokenFor(sandbox);
  const accounts = await client.accounts.listAccounts({ $top: 1 });
  accountId = accounts.value[0]?.Id ?? Number.NaN;
  // The sandbox's beneficiaries are held by the customer account: a company needs an IndustryId.
  industryId =
    (await client.sectors.listSectors()).value.find((sector) => !(sector.Name ?? "").startsWith("Other"))?.Id ??
    Number.NaN;
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

/** POSTs a body as it is, without the client's types: what a form that skips the validators would send. */
async function postAsTyped(path: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** One presentation-form routing per routing country the issue names, and the field(s) whose form changes. */
const routings = [
  {
    country: "GB",
    routing: { Type: "SortCodeAccountNumber", CountryCode: "GB", SortCode: "40-05-15", AccountNumber: "31926819" },
    changed: ["SortCode"],
  },
  {
    country: "AU",
    routing: {
      Type: "BankStateBranchAccountNumber",
      CountryCode: "AU",
      BankStateBranch: "062-000",
      AccountNumber: "12345678",
    },
    changed: ["BankStateBranch"],
  },
  {
    country: "CA",
    routing: {
      Type: "TransitNumberAccountNumber",
      CountryCode: "CA",
      TransitNumber: "12345-001",
      AccountNumber: "1234567",
    },
    changed: ["TransitNumber"],
  },
  {
    country: "NZ",
    routing: { Type: "NewZealandAccountNumber", CountryCode: "NZ", AccountNumber: "01-0902-0068389-00" },
    changed: ["AccountNumber"],
  },
  {
    country: "FR",
    routing: { Type: "BicIban", CountryCode: "fr", Bic: "PSSTFRPP", Iban: "FR14 2004 1010 0505 0001 3M02 606" },
    changed: ["CountryCode", "Iban"],
  },
  {
    country: "US",
    routing: {
      Type: "RoutingTransitNumberAccountNumber",
      CountryCode: "US",
      RoutingTransitNumber: " 021000021 ",
      AccountNumber: "abc12345",
    },
    changed: ["RoutingTransitNumber", "AccountNumber"],
  },
  {
    country: "IN",
    routing: {
      Type: "IndianFinancialSystemCodeAccountNumber",
      CountryCode: "IN",
      Bic: "sbininbb",
      IndianFinancialSystemCode: "SBIN0000058",
      AccountNumber: "12345678901",
    },
    changed: ["Bic"],
  },
  {
    country: "DE",
    routing: { Type: "BicIban", CountryCode: "DE", Bic: "deut de ff", Iban: "DE89370400440532013000" },
    changed: ["Bic"],
  },
  {
    country: "MX",
    routing: { Type: "BicClabe", CountryCode: "MX", Bic: "BNMXMXMM", AccountNumber: "002 010 07777777777 1" },
    changed: ["AccountNumber"],
  },
] as const;

const beneficiaryAsTyped = (routing: object) => ({
  AccountId: accountId,
  Name: "Fabrikam Ltd",
  CurrencyCode: "eur",
  BeneficiaryType: "Company",
  IndustryId: industryId,
  Address: { Street: "Hauptstraße", HouseNumber: "5", Town: "Berlin", CountryCode: "de" },
  PaymentRouting: routing,
  Website: null,
});

const changedPaths = (changes: readonly ValueChange[]): string[] => changes.map((change) => change.path.join("."));

describe("presentation forms: refused as typed, accepted as the validators' value", () => {
  it.each(routings)("$country routing", async ({ routing, changed }) => {
    const typed = beneficiaryAsTyped(routing);
    const refused = await postAsTyped("/api/v1/Beneficiaries/CreateWithdrawalBeneficiary", typed);
    expect(refused.status, refused.text).toBe(400);

    const sectors = await client.sectors.listSectors();
    const required = await client.beneficiaries.getRequiredAdditionalInformation("EUR", {
      beneficiaryCountryCode: "DE",
      beneficiaryBankCountry: routing.CountryCode.toUpperCase(),
      beneficiaryType: "Company",
    });
    const result = validateCreateWithdrawalBeneficiary(typed, {
      sectors: sectors.value,
      additionalInformationRules: required.RequiredAdditionalInformation,
    });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(result.normalized).toBe(true);
    expect(changedPaths(result.changes)).toEqual(
      expect.arrayContaining([
        "CurrencyCode",
        "Address.CountryCode",
        "Website",
        ...changed.map((name) => `PaymentRouting.${name}`),
      ]),
    );

    const created = await client.beneficiaries.createWithdrawalBeneficiary(result.value);
    expect(created.id).toBeGreaterThan(0);
    const stored = await client.beneficiaries.getBeneficiary(created.id ?? Number.NaN);
    expect(stored.CurrencyCode).toBe("EUR");
  });

  it("codes with outer spaces and lower case, on another request: refused as typed, created as the value", async () => {
    const typed = { SourceCurrencyCode: " gbp", TargetCurrencyCode: "eur ", Limit: 1.2 };
    const refused = await postAsTyped("/api/v1/Alerts/Create", typed);
    expect(refused.status, refused.text).toBe(400);
    const result = validateCreateAlert(typed);
    expect(result.ok && result.changes).toEqual([
      { path: ["SourceCurrencyCode"], from: " gbp", to: "GBP" },
      { path: ["TargetCurrencyCode"], from: "eur ", to: "EUR" },
    ]);
    if (!result.ok) return;
    const created = await client.alerts.createAlert(result.value);
    expect(created.id).toBeGreaterThan(0);
  });

  it('a grouped IBAN is a wire form too (the reference: "grouped or not"): accepted as typed', async () => {
    const typed = beneficiaryAsTyped({ Type: "BicIban", CountryCode: "FR", Iban: "FR14 2004 1010 0505 0001 3M02 606" });
    const wire = {
      ...typed,
      CurrencyCode: "EUR",
      Address: { ...typed.Address, CountryCode: "DE" },
      Website: undefined,
    };
    expect((await postAsTyped("/api/v1/Beneficiaries/CreateWithdrawalBeneficiary", wire)).status).toBe(201);
  });
});
