/**
 * Seeds one tenant's entity and accounts: a primary multi-currency account funded in GBP, EUR and USD (through
 * `credit`, so each statement sums to its balance), a secondary account, two subaccounts of the primary, and
 * transfer beneficiaries from every account to each of the tenant's other accounts in each currency.
 *
 * Account setups differ so that every conditional withdrawal rule can be tried:
 *   demo  primary    non-PSP, accepts UltimateOriginator and PaymentChargesCode, MT103 enabled
 *         secondary  PSP, accepts UltimateOriginator only, no MT103
 *   other primary    PSP, accepts both, MT103 enabled
 *         secondary  non-PSP, accepts PaymentChargesCode only, no MT103
 *   subaccounts      non-PSP, accept neither, no MT103
 */
import type { SandboxClock } from "../../foundation/clock.js";
import { credit } from "../domain/balances.js";
import { decimalsOf, toMinor } from "../domain/money.js";
import type { AccountRecord, TenantId } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import type { SeededAccounts } from "./seeded-accounts.js";

type Setup = AccountRecord["setup"];

interface TenantProfile {
  readonly entityName: string;
  readonly countryCode: string;
  readonly secondaryName: string;
  readonly subaccountNames: readonly [string, string];
  readonly website: string;
  readonly vertical: string;
  readonly industry: string;
  readonly primarySetup: Setup;
  readonly secondarySetup: Setup;
  /** Opening balances in major units. */
  readonly primaryFunds: Readonly<Record<string, number>>;
  readonly secondaryFunds: Readonly<Record<string, number>>;
  readonly subaccountFunds: Readonly<Record<string, number>>;
}

const subaccountSetup: Setup = {
  isPsp: false,
  acceptsUltimateOriginator: false,
  acceptsPaymentChargesCode: false,
  mt103Enabled: false,
};

/** Profiles by tenant index (a third tenant reuses the first profile with a numbered name). */
const profiles: readonly TenantProfile[] = [
  {
    entityName: "Northwind Trading Ltd",
    countryCode: "GB",
    secondaryName: "Northwind Trading Ltd Reserve",
    subaccountNames: ["Northwind Client Adatum Corp", "Northwind Client Fourth Coffee"],
    website: "https://www.northwind.example",
    vertical: "Corporate",
    industry: "Wholesale Trade",
    primarySetup: {
      isPsp: false,
      acceptsUltimateOriginator: true,
      acceptsPaymentChargesCode: true,
      mt103Enabled: true,
    },
    secondarySetup: {
      isPsp: true,
      acceptsUltimateOriginator: true,
      acceptsPaymentChargesCode: false,
      mt103Enabled: false,
    },
    primaryFunds: { GBP: 250_000, EUR: 120_000, USD: 80_000 },
    secondaryFunds: { GBP: 20_000, EUR: 15_000 },
    subaccountFunds: { GBP: 5_000 },
  },
  {
    entityName: "Contoso Pharma GmbH",
    countryCode: "DE",
    secondaryName: "Contoso Pharma GmbH Operations",
    subaccountNames: ["Contoso Client Litware", "Contoso Client Tailspin Toys"],
    website: "https://www.contoso-pharma.example",
    vertical: "Corporate",
    industry: "Pharmaceuticals",
    primarySetup: { isPsp: true, acceptsUltimateOriginator: true, acceptsPaymentChargesCode: true, mt103Enabled: true },
    secondarySetup: {
      isPsp: false,
      acceptsUltimateOriginator: false,
      acceptsPaymentChargesCode: true,
      mt103Enabled: false,
    },
    primaryFunds: { EUR: 180_000, GBP: 60_000, USD: 95_000 },
    secondaryFunds: { EUR: 25_000, USD: 10_000 },
    subaccountFunds: { EUR: 4_000 },
  },
];

/** The currencies transfer beneficiaries are seeded in. */
const transferCurrencies = ["GBP", "EUR", "USD"] as const;

function profileOf(index: number): TenantProfile {
  const base = profiles[index % profiles.length]!;
  if (index < profiles.length) return base;
  const suffix = ` ${index + 1}`;
  return {
    ...base,
    entityName: base.entityName + suffix,
    secondaryName: base.secondaryName + suffix,
    subaccountNames: [base.subaccountNames[0] + suffix, base.subaccountNames[1] + suffix],
  };
}

function insertAccount(
  store: Store,
  tenant: TenantId,
  entityId: number,
  name: string,
  setup: Setup,
  parentAccountId?: number,
): AccountRecord {
  const id = store.nextId("accounts");
  return store.accounts.insert({
    Id: id,
    tenant,
    EntityId: entityId,
    ...(parentAccountId === undefined ? {} : { ParentAccountId: parentAccountId }),
    Name: name,
    // 8 digits, unique because the id is.
    AccountNumber: String(10_002_000 + id),
    StatusCode: "A",
    setup,
  });
}

function fund(store: Store, clock: SandboxClock, accountId: number, funds: Readonly<Record<string, number>>): void {
  for (const [currencyCode, amount] of Object.entries(funds)) {
    const minor = toMinor(amount, decimalsOf(store, currencyCode));
    if (minor === undefined) throw new Error(`seed amount ${amount} ${currencyCode} has too many decimals`);
    credit(store, clock, { accountId, currencyCode, amount: minor, narrative: "Opening balance" });
  }
}

export function seedAccounts(store: Store, clock: SandboxClock, tenant: TenantId, index: number): SeededAccounts {
  const profile = profileOf(index);
  return store.atomically(() => {
    const entity = store.entities.insert({
      Id: store.nextId("entities"),
      tenant,
      Name: profile.entityName,
      CountryCode: profile.countryCode,
    });
    const primary = insertAccount(store, tenant, entity.Id, profile.entityName, profile.primarySetup);
    const secondary = insertAccount(store, tenant, entity.Id, profile.secondaryName, profile.secondarySetup);
    const subaccounts = profile.subaccountNames.map((name) =>
      insertAccount(store, tenant, entity.Id, name, subaccountSetup, primary.Id),
    );

    fund(store, clock, primary.Id, profile.primaryFunds);
    fund(store, clock, secondary.Id, profile.secondaryFunds);
    for (const subaccount of subaccounts) fund(store, clock, subaccount.Id, profile.subaccountFunds);

    const accounts = [primary, secondary, ...subaccounts];
    for (const payer of accounts) {
      for (const receiver of accounts) {
        if (receiver.Id === payer.Id) continue;
        for (const currencyCode of transferCurrencies) {
          store.transferBeneficiaries.insert({
            Id: store.nextId("transferBeneficiaries"),
            tenant,
            AccountId: payer.Id,
            BeneficiaryAccountId: receiver.Id,
            Name: receiver.Name,
            Website: profile.website,
            Vertical: profile.vertical,
            Industry: profile.industry,
            CurrencyCode: currencyCode,
            StatusCode: "E",
          });
        }
      }
    }
    return {
      entityId: entity.Id,
      primary: primary.Id,
      secondary: secondary.Id,
      subaccounts: subaccounts.map((account) => account.Id),
    };
  });
}
