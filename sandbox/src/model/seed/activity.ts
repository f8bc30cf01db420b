/**
 * Seeds one tenant's activity through the same domain functions (and validators) as the API: withdrawal
 * beneficiaries of most routing types (one Suspended, one Cancelled), deposits (Completed ones credit the
 * balance, Pending ones do not) with depositors, exchanges in several states (one Completed, one Allocated
 * from a deposit that quotes its DepositReference, one Pending), alerts (one cancelled) and a job.
 */
import type { SandboxClock } from "../../foundation/clock.js";
import { createAlert, cancelAlert } from "../domain/alerts.js";
import { commandBeneficiary, createWithdrawalBeneficiary } from "../domain/beneficiaries.js";
import type { DomainContext } from "../domain/context.js";
import { assignNewDepositor, receiveDeposit } from "../domain/deposits.js";
import { allocateExchange, approveExchange, completeExchange, createExchange } from "../domain/exchanges.js";
import { decimalsOf, toMinor } from "../domain/money.js";
import { createEventSink } from "../webhooks/event-sink.js";
import type { TenantId } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import type { SeededAccounts } from "./seeded-accounts.js";

/** A seeding step that the domain refused is a bug in the seed: fail loudly with the reason. */
function expectOk<T extends { readonly ok: boolean }>(what: string, outcome: T): Extract<T, { ok: true }> {
  if (!outcome.ok) throw new Error(`seeding ${what} failed: ${JSON.stringify(outcome)}`);
  return outcome as Extract<T, { ok: true }>;
}

const address = (Street: string, HouseNumber: string, Town: string, PostCode: string, CountryCode: string) => ({
  Street,
  HouseNumber,
  Town,
  PostCode,
  CountryCode,
});

/** A UK supplier both accounts pay (by sort code and account number). */
const fabrikamRetail = (accountId: number): Record<string, unknown> => ({
  AccountId: accountId,
  Name: "Fabrikam Retail",
  AccountHolderName: "Fabrikam Retail Ltd",
  CurrencyCode: "GBP",
  PaymentRouting: { Type: "SortCodeAccountNumber", CountryCode: "GB", SortCode: "200415", AccountNumber: "38290008" },
  BeneficiaryType: "Company",
  Address: address("Deansgate", "101", "Manchester", "M3 2BQ", "GB"),
  IndustryId: 7,
});

/** Beneficiary bodies of the primary account, one per routing type (identifiers valid for the validators). */
function primaryBeneficiaries(accountId: number): readonly Record<string, unknown>[] {
  return [
    { ...fabrikamRetail(accountId), Reference: "Supplier GB-0007" },
    {
      AccountId: accountId,
      Name: "Woodgrove Bank",
      AccountHolderName: "Woodgrove Bank plc",
      CurrencyCode: "GBP",
      PaymentRouting: { Type: "BicIban", CountryCode: "GB", Bic: "NWBKGB2L", Iban: "GB29NWBK60161331926819" },
      BeneficiaryType: "Company",
      Address: address("Lombard Street", "20", "London", "EC3V 9AH", "GB"),
      IndustryId: 3,
      ReceiverLei: "5493001KJTIIGC8Y1R12",
    },
    {
      AccountId: accountId,
      Name: "Adventure Works",
      AccountHolderName: "Adventure Works GmbH",
      CurrencyCode: "EUR",
      PaymentRouting: { Type: "BicIban", CountryCode: "DE", Bic: "DEUTDEFF", Iban: "DE89 3704 0044 0532 0130 00" },
      IntermediaryPaymentRouting: [{ Type: "Bic", Bic: "DEUTDEFF" }],
      BeneficiaryType: "Company",
      Address: address("Friedrichstraße", "68", "Berlin", "10117", "DE"),
      IndustryId: 16,
      Website: "https://www.adventure-works.example",
    },
    {
      AccountId: accountId,
      Name: "Camille Martin",
      CurrencyCode: "EUR",
      PaymentRouting: { Type: "BicIban", CountryCode: "FR", Bic: "PSSTFRPP", Iban: "FR1420041010050500013M02606" },
      BeneficiaryType: "Individual",
      Address: address("Rue de Rivoli", "12", "Paris", "75004", "FR"),
    },
    {
      AccountId: accountId,
      Name: "Tailspin Toys",
      AccountHolderName: "Tailspin Toys Inc",
      CurrencyCode: "USD",
      PaymentRouting: {
        Type: "RoutingTransitNumberAccountNumber",
        CountryCode: "US",
        RoutingTransitNumber: "021000021",
        Bic: "CHASUS33",
        AccountNumber: "483920175",
      },
      BeneficiaryType: "Company",
      Address: address("Broadway", "1250", "New York", "10001", "US"),
      IndustryId: 7,
    },
    {
      AccountId: accountId,
      Name: "Wingtip Distribuidora",
      AccountHolderName: "Wingtip Distribuidora S.A. de C.V.",
      CurrencyCode: "MXN",
      PaymentRouting: { Type: "BicClabe", CountryCode: "MX", Bic: "BNMXMXMM", AccountNumber: "002010077777777771" },
      BeneficiaryType: "Company",
      Address: address("Avenida Paseo de la Reforma", "222", "Ciudad de México", "06600", "MX"),
      IndustryId: 8,
      AdditionalInformation: { RFC: "WDI150312AB4" },
    },
    {
      AccountId: accountId,
      Name: "Desert Rose Trading",
      AccountHolderName: "Desert Rose Trading LLC",
      CurrencyCode: "AED",
      PaymentRouting: { Type: "BicIban", CountryCode: "AE", Bic: "EBILAEAD", Iban: "AE070331234567890123456" },
      BeneficiaryType: "Company",
      Address: address("Sheikh Zayed Road", "44", "Dubai", "00000", "AE"),
      IndustryId: 8,
    },
    {
      AccountId: accountId,
      Name: "Priya Sharma",
      CurrencyCode: "INR",
      PaymentRouting: {
        Type: "IndianFinancialSystemCodeAccountNumber",
        CountryCode: "IN",
        Bic: "HDFCINBB",
        IndianFinancialSystemCode: "HDFC0000001",
        AccountNumber: "50100012345678",
      },
      BeneficiaryType: "Individual",
      Address: address("MG Road", "17", "Bengaluru", "560001", "IN"),
      AdditionalInformation: { PAN: "ABCPS1234K" },
    },
    {
      AccountId: accountId,
      Name: "Alpine Consulting",
      AccountHolderName: "Alpine Consulting AG",
      CurrencyCode: "CHF",
      PaymentRouting: { Type: "BicIban", CountryCode: "CH", Bic: "UBSWCHZH80A", Iban: "CH9300762011623852957" },
      BeneficiaryType: "Company",
      Address: address("Bahnhofstrasse", "45", "Zürich", "8001", "CH"),
      IndustryId: 11,
    },
    {
      AccountId: accountId,
      Name: "Kiwi Exports",
      AccountHolderName: "Kiwi Exports Ltd",
      CurrencyCode: "NZD",
      PaymentRouting: {
        Type: "NewZealandAccountNumber",
        CountryCode: "NZ",
        Bic: "ANZBNZ22",
        AccountNumber: "010902006838900",
      },
      BeneficiaryType: "Company",
      Address: address("Queen Street", "205", "Auckland", "1010", "NZ"),
      IndustryId: 99,
      IndustryDetails: "Export of dairy equipment",
    },
    {
      AccountId: accountId,
      Name: "Chinedu Okafor",
      CurrencyCode: "NGN",
      PaymentRouting: { Type: "BicNuban", CountryCode: "NG", Bic: "ZEIBNGLA", AccountNumber: "0123456789" },
      BeneficiaryType: "Individual",
      Address: address("Adeola Odeku Street", "3", "Lagos", "101241", "NG"),
      AdditionalInformation: { BeneficiaryPhoneNumber: "+2348031234567" },
    },
  ];
}

/** A beneficiary of the secondary account, and two whose status commands have moved them (S and X). */
function otherBeneficiaries(accounts: SeededAccounts): {
  readonly enabled: Record<string, unknown>;
  readonly suspended: Record<string, unknown>;
  readonly cancelled: Record<string, unknown>;
} {
  return {
    enabled: fabrikamRetail(accounts.secondary),
    suspended: {
      AccountId: accounts.primary,
      Name: "Maple Leaf Supplies",
      AccountHolderName: "Maple Leaf Supplies Inc",
      CurrencyCode: "CAD",
      PaymentRouting: {
        Type: "TransitNumberAccountNumber",
        CountryCode: "CA",
        TransitNumber: "000412345",
        Bic: "ROYCCAT2",
        AccountNumber: "1234567",
      },
      BeneficiaryType: "Company",
      Address: address("Bay Street", "200", "Toronto", "M5J 2J5", "CA"),
      IndustryId: 5,
    },
    cancelled: {
      AccountId: accounts.primary,
      Name: "Koala Outfitters",
      AccountHolderName: "Koala Outfitters Pty Ltd",
      CurrencyCode: "AUD",
      PaymentRouting: {
        Type: "BankStateBranchAccountNumber",
        CountryCode: "AU",
        BankStateBranch: "062000",
        Bic: "CTBAAU2S",
        AccountNumber: "12345678",
      },
      BeneficiaryType: "Company",
      Address: address("George Street", "1", "Sydney", "2000", "AU"),
      IndustryId: 12,
    },
  };
}

function seedBeneficiaries(ctx: DomainContext, tenant: TenantId, accounts: SeededAccounts): void {
  const create = (body: Record<string, unknown>) =>
    expectOk(`beneficiary ${String(body["Name"])}`, createWithdrawalBeneficiary(ctx, tenant, body)).beneficiary;
  for (const body of primaryBeneficiaries(accounts.primary)) create(body);
  const { enabled, suspended, cancelled } = otherBeneficiaries(accounts);
  create(enabled);
  expectOk("suspending a beneficiary", commandBeneficiary(ctx, tenant, create(suspended).Id, "suspend"));
  expectOk("cancelling a beneficiary", commandBeneficiary(ctx, tenant, create(cancelled).Id, "cancel"));
}

function minor(store: Store, amount: number, currencyCode: string): number {
  const value = toMinor(amount, decimalsOf(store, currencyCode));
  if (value === undefined) throw new Error(`seed amount ${amount} ${currencyCode} has too many decimals`);
  return value;
}

function seedDeposits(ctx: DomainContext, tenant: TenantId, accounts: SeededAccounts): void {
  const { store } = ctx;
  const deposit = (
    accountId: number,
    currencyCode: string,
    amount: number,
    reference: string,
    counterpart: string,
    completed: boolean,
  ) =>
    receiveDeposit(ctx, tenant, {
      accountId,
      currencyCode,
      amount: minor(store, amount, currencyCode),
      reference,
      counterpartAccountName: counterpart,
      completed,
    });

  deposit(accounts.primary, "GBP", 12_500, "INV-2025-0042", "Fabrikam Retail Ltd", true);
  const usd = deposit(accounts.primary, "USD", 18_400, "TT-INV-5531", "Tailspin Toys Inc", true);
  const pending = deposit(accounts.primary, "EUR", 3_200, "Order 7781", "Camille Martin", false);
  deposit(accounts.secondary, "EUR", 7_750, "Q1 top-up", "Adventure Works GmbH", true);

  expectOk(
    "assigning a company depositor",
    assignNewDepositor(ctx, tenant, usd.Id, {
      IsThirdParty: true,
      Company: {
        Name: "Tailspin Toys Inc",
        PhoneNumber: "+1 212 555 0143",
        Website: "https://www.tailspintoys.example",
        IndustryId: 7,
        Address: { Street: "Broadway", HouseNumber: "1250", Town: "New York", PostCode: "10001", CountryCode: "US" },
      },
    }),
  );
  expectOk(
    "assigning an individual depositor",
    assignNewDepositor(ctx, tenant, pending.Id, {
      IsThirdParty: false,
      Individual: {
        FirstName: "Camille",
        LastName: "Martin",
        Address: { Street: "Rue de Rivoli", HouseNumber: "12", Town: "Paris", PostCode: "75004", CountryCode: "FR" },
      },
    }),
  );
}

function seedExchanges(ctx: DomainContext, tenant: TenantId, accounts: SeededAccounts): void {
  const create = (body: Record<string, unknown>) => expectOk("an exchange", createExchange(ctx, tenant, body)).exchange;

  // Completed: sold from available funds at once, approved, completed.
  const completed = create({
    AccountId: accounts.primary,
    SourceCurrencyCode: "GBP",
    TargetCurrencyCode: "EUR",
    Goal: 10_000,
    GoalType: "Sell",
    UseAvailableFunds: true,
  });
  expectOk("approving an exchange", approveExchange(ctx, tenant, completed.Id));
  expectOk("completing an exchange", completeExchange(ctx, completed.Id));

  // Allocated: funded by a deposit that quotes its DepositReference, then allocated; waiting for approval.
  const funded = create({
    AccountId: accounts.primary,
    SourceCurrencyCode: "GBP",
    TargetCurrencyCode: "USD",
    Goal: 5_000,
    GoalType: "Buy",
  });
  receiveDeposit(ctx, tenant, {
    accountId: accounts.primary,
    currencyCode: "GBP",
    amount: funded.sold,
    reference: funded.DepositReference,
    counterpartAccountName: "Northwind Treasury",
    completed: true,
  });
  const allocation = expectOk("allocating an exchange", allocateExchange(ctx, tenant, funded.Id));
  if (!allocation.allocated) throw new Error("seeding: the funded exchange could not be allocated");

  // Pending: not yet allocated.
  create({
    AccountId: accounts.primary,
    SourceCurrencyCode: "EUR",
    TargetCurrencyCode: "CHF",
    Goal: 1_000,
    GoalType: "Sell",
  });
}

function seedAlerts(ctx: DomainContext, tenant: TenantId): void {
  expectOk("an alert", createAlert(ctx, tenant, { SourceCurrencyCode: "GBP", TargetCurrencyCode: "USD", Limit: 1.3 }));
  const cancelled = expectOk(
    "an alert",
    createAlert(ctx, tenant, { SourceCurrencyCode: "EUR", TargetCurrencyCode: "GBP", Limit: 0.8 }),
  ).alert;
  expectOk("cancelling an alert", cancelAlert(ctx, tenant, cancelled.Id));
}

/** One finished job, so that Jobs/{jobId}/Status can be tried: its token is `job-{tenant}-{id}`. */
function seedJob(store: Store, clock: SandboxClock, tenant: TenantId): void {
  store.atomically(() => {
    const id = store.nextId("jobs");
    store.jobs.insert({
      Id: id,
      tenant,
      token: `job-${tenant}-${id}`,
      Status: "Completed",
      CreatedDate: clock.now().toISOString(),
    });
  });
}

export function seedActivity(store: Store, clock: SandboxClock, tenant: TenantId, accounts: SeededAccounts): void {
  // None of these commands raises a webhook event; the sink is there because commands take one.
  const ctx: DomainContext = { store, clock, events: createEventSink(store, clock) };
  store.atomically(() => {
    seedBeneficiaries(ctx, tenant, accounts);
    seedDeposits(ctx, tenant, accounts);
    seedExchanges(ctx, tenant, accounts);
    seedAlerts(ctx, tenant);
    seedJob(store, clock, tenant);
  });
}
