import { describe, expect, it } from "vitest";
import { createSandboxClock } from "../../../src/foundation/clock.js";
import { requiredAdditionalInformation } from "../../../src/model/domain/additional-information-rules.js";
import {
  beneficiaryOf,
  commandBeneficiary,
  createWithdrawalBeneficiary,
} from "../../../src/model/domain/beneficiaries.js";
import type { DomainContext } from "../../../src/model/domain/context.js";
import { seedAccounts } from "../../../src/model/seed/accounts.js";
import { emptyState } from "../../../src/foundation/state/tables.js";
import { seedReferenceData } from "../../../src/model/seed/reference-data.js";
import type { SeededAccounts } from "../../../src/model/seed/seeded-accounts.js";
import type { BeneficiaryRecord } from "../../../src/foundation/state/records.js";
import { Store } from "../../../src/foundation/state/store.js";
import { createEventSink } from "../../../src/model/webhooks/event-sink.js";

function fixture(): { ctx: DomainContext; store: Store; demo: SeededAccounts; other: SeededAccounts } {
  const store = new Store(emptyState());
  const clock = createSandboxClock(new Date("2025-03-10T09:00:00Z"));
  seedReferenceData(store);
  const demo = seedAccounts(store, clock, "demo", 0);
  const other = seedAccounts(store, clock, "other", 1);
  return { ctx: { store, clock, events: createEventSink(store, clock) }, store, demo, other };
}

const snapshot = (store: Store) => {
  const { nextId: _ignored, ...rest } = store.toJSON();
  return JSON.stringify(rest);
};

const ibanBody = (accountId: number, extra: Record<string, unknown> = {}) => ({
  AccountId: accountId,
  Name: "Atelier Lumière",
  CurrencyCode: "EUR",
  PaymentRouting: { Type: "BicIban", CountryCode: "FR", Bic: "PSSTFRPP", Iban: "FR14 2004 1010 0505 0001 3M02 606" },
  BeneficiaryType: "Company",
  Address: {
    Street: "Rue du Faubourg Saint-Antoine",
    HouseNumber: "48",
    Town: "Paris",
    PostCode: "75012",
    CountryCode: "FR",
  },
  IndustryId: 12,
  ...extra,
});

const clabeBody = (accountId: number, extra: Record<string, unknown> = {}) => ({
  AccountId: accountId,
  Name: "Wingtip Distribuidora",
  CurrencyCode: "MXN",
  PaymentRouting: { Type: "BicClabe", CountryCode: "MX", Bic: "BNMXMXMM", AccountNumber: "002010077777777771" },
  BeneficiaryType: "Company",
  Address: { Street: "Avenida Paseo de la Reforma", Town: "Ciudad de México", CountryCode: "MX" },
  IndustryId: 7,
  AdditionalInformation: { RFC: "WDI150312AB4" },
  ...extra,
});

function created(ctx: DomainContext, tenant: string, body: Record<string, unknown>): BeneficiaryRecord {
  const outcome = createWithdrawalBeneficiary(ctx, tenant, body);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return outcome.beneficiary;
}

/** The paths of the validator issues of a refused creation (or [] when it was not refused for issues). */
function issuePaths(ctx: DomainContext, body: Record<string, unknown>): string[] {
  const outcome = createWithdrawalBeneficiary(ctx, "demo", body);
  return !outcome.ok && "issues" in outcome
    ? outcome.issues.map((issue) => `${issue.path.join("/")}:${issue.code}`)
    : [];
}

describe("createWithdrawalBeneficiary", () => {
  it("creates an Enabled beneficiary with the routing normalised and AccountHolderName defaulting to Name", () => {
    const { ctx, demo } = fixture();
    const beneficiary = created(ctx, "demo", ibanBody(demo.primary));
    expect(beneficiary).toMatchObject({
      tenant: "demo",
      AccountId: demo.primary,
      StatusCode: "E",
      AccountHolderName: "Atelier Lumière",
      IndustryId: 12,
    });
    expect(beneficiary.PaymentRouting).toMatchObject({ Type: "BicIban", Iban: "FR1420041010050500013M02606" });
  });

  it("requires the AdditionalInformation of the sandbox's rules, matching their RegEx", () => {
    const { ctx, store, demo } = fixture();
    const before = snapshot(store);
    const { AdditionalInformation: _none, ...withoutRfc } = clabeBody(demo.primary);
    expect(issuePaths(ctx, withoutRfc)).toEqual(["AdditionalInformation/RFC:required"]);
    expect(issuePaths(ctx, clabeBody(demo.primary, { AdditionalInformation: { RFC: "not an rfc" } }))).toEqual([
      "AdditionalInformation/RFC:pattern_mismatch",
    ]);
    expect(snapshot(store)).toBe(before);
    expect(created(ctx, "demo", clabeBody(demo.primary)).AdditionalInformation).toEqual({ RFC: "WDI150312AB4" });
  });

  it("applies the sector rules: IndustryId for companies, IndustryDetails for an Other industry, ReceiverLei for GBP banks", () => {
    const { ctx, demo } = fixture();
    const { IndustryId: _none, ...withoutIndustry } = ibanBody(demo.primary);
    expect(issuePaths(ctx, withoutIndustry)).toEqual(["IndustryId:required"]);
    expect(issuePaths(ctx, ibanBody(demo.primary, { IndustryId: 99 }))).toEqual(["IndustryDetails:required"]);
    expect(issuePaths(ctx, ibanBody(demo.primary, { IndustryId: 4242 }))).toEqual(["IndustryId:invalid_enum"]);
    const bank = {
      ...ibanBody(demo.primary, { IndustryId: 3, CurrencyCode: "GBP" }),
      PaymentRouting: { Type: "BicIban", CountryCode: "GB", Bic: "NWBKGB2L", Iban: "GB29NWBK60161331926819" },
    };
    expect(issuePaths(ctx, bank)).toEqual(["ReceiverLei:required"]);
    expect(created(ctx, "demo", { ...bank, ReceiverLei: "5493001KJTIIGC8Y1R12" }).ReceiverLei).toBe(
      "5493001KJTIIGC8Y1R12",
    );
  });

  it("lets an individual go without IndustryId", () => {
    const { ctx, demo } = fixture();
    const { IndustryId: _none, ...individual } = ibanBody(demo.primary, { BeneficiaryType: "Individual" });
    expect(created(ctx, "demo", individual).BeneficiaryType).toBe("Individual");
  });

  it("refuses another tenant's account and an unknown currency (400 with the field), changing nothing", () => {
    const { ctx, store, demo, other } = fixture();
    const before = snapshot(store);
    expect(createWithdrawalBeneficiary(ctx, "demo", ibanBody(other.primary))).toMatchObject({
      ok: false,
      status: 400,
      target: "AccountId",
    });
    expect(createWithdrawalBeneficiary(ctx, "demo", ibanBody(demo.primary, { CurrencyCode: "SEK" }))).toMatchObject({
      ok: false,
      status: 400,
      target: "CurrencyCode",
    });
    expect(snapshot(store)).toBe(before);
  });
});

describe("beneficiary commands", () => {
  it("Suspend and Enable move E ↔ S; Cancel moves E or S → X", () => {
    const { ctx, demo } = fixture();
    const first = created(ctx, "demo", ibanBody(demo.primary));
    const second = created(ctx, "demo", ibanBody(demo.primary));
    expect(commandBeneficiary(ctx, "demo", first.Id, "suspend")).toMatchObject({
      ok: true,
      changed: true,
      beneficiary: { StatusCode: "S" },
    });
    expect(commandBeneficiary(ctx, "demo", first.Id, "enable")).toMatchObject({
      ok: true,
      changed: true,
      beneficiary: { StatusCode: "E" },
    });
    expect(commandBeneficiary(ctx, "demo", first.Id, "cancel")).toMatchObject({
      ok: true,
      changed: true,
      beneficiary: { StatusCode: "X" },
    });
    commandBeneficiary(ctx, "demo", second.Id, "suspend");
    expect(commandBeneficiary(ctx, "demo", second.Id, "cancel")).toMatchObject({
      ok: true,
      changed: true,
      beneficiary: { StatusCode: "X" },
    });
  });

  it("a command that cannot move the beneficiary answers ok (the spec declares no 410) and changes nothing", () => {
    const { ctx, store, demo } = fixture();
    const enabled = created(ctx, "demo", ibanBody(demo.primary));
    const cancelled = created(ctx, "demo", ibanBody(demo.primary));
    commandBeneficiary(ctx, "demo", cancelled.Id, "cancel");
    const before = snapshot(store);
    expect(commandBeneficiary(ctx, "demo", enabled.Id, "enable")).toMatchObject({ ok: true, changed: false });
    for (const command of ["enable", "suspend", "cancel"] as const) {
      expect(commandBeneficiary(ctx, "demo", cancelled.Id, command)).toMatchObject({
        ok: true,
        changed: false,
        beneficiary: { StatusCode: "X" },
      });
    }
    expect(snapshot(store)).toBe(before);
  });

  it("another tenant's beneficiary is not found, for reads and commands", () => {
    const { ctx, store, other } = fixture();
    const theirs = created(ctx, "other", ibanBody(other.primary));
    const before = snapshot(store);
    expect(beneficiaryOf(ctx, "demo", theirs.Id)).toBeUndefined();
    for (const command of ["enable", "suspend", "cancel"] as const) {
      expect(commandBeneficiary(ctx, "demo", theirs.Id, command)).toMatchObject({ ok: false, status: 404 });
    }
    expect(snapshot(store)).toBe(before);
  });
});

describe("requiredAdditionalInformation", () => {
  it("answers the fields of a combination, each with its RegEx rules", () => {
    expect(
      requiredAdditionalInformation({
        currencyCode: "MXN",
        beneficiaryCountryCode: "MX",
        beneficiaryBankCountry: "MX",
        beneficiaryType: "Company",
      }),
    ).toEqual([{ Field: "RFC", Rule: [{ RegEx: "^[A-Z&Ñ]{3,4}[0-9]{6}[A-Z0-9]{3}$" }] }]);
    expect(
      requiredAdditionalInformation({ currencyCode: "EUR", beneficiaryBankCountry: "FR", beneficiaryType: "Company" }),
    ).toEqual([]);
  });

  it("lists everything that may be required when the query leaves parameters out", () => {
    expect(requiredAdditionalInformation({ currencyCode: "MXN" }).map((field) => field.Field)).toEqual(["RFC", "CURP"]);
  });

  it("knows a residence and routing-country combination", () => {
    const fields = (beneficiaryCountryCode: string) =>
      requiredAdditionalInformation({
        currencyCode: "USD",
        beneficiaryCountryCode,
        beneficiaryBankCountry: "AE",
        beneficiaryType: "Individual",
      }).map((field) => field.Field);
    expect(fields("IN")).toEqual(["PassportNumber"]);
    expect(fields("AE")).toEqual([]);
  });
});
