import {
  isValidIban,
  validateSortCodeAccountNumberPaymentRouting,
  validateBicIbanPaymentRouting,
} from "@account-funds/validators";
import { describe, expect, it } from "vitest";
import { createSandboxClock } from "../../../src/foundation/clock.js";
import { availableOf, balanceOf } from "../../../src/model/domain/balances.js";
import type { DomainContext } from "../../../src/model/domain/context.js";
import {
  assignExistingDepositor,
  assignNewDepositor,
  completeDeposit,
  depositOf,
  depositRequirement,
  depositRoutingsOf,
  receiveDeposit,
} from "../../../src/model/domain/deposits.js";
import { createExchange } from "../../../src/model/domain/exchanges.js";
import { seedAccounts } from "../../../src/model/seed/accounts.js";
import { emptyState } from "../../../src/foundation/state/tables.js";
import { seedReferenceData } from "../../../src/model/seed/reference-data.js";
import type { SeededAccounts } from "../../../src/model/seed/seeded-accounts.js";
import type { DepositRecord } from "../../../src/foundation/state/records.js";
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

const valueOf = (store: Store, accountId: number, currencyCode: string) =>
  balanceOf(store, accountId, currencyCode)?.value ?? 0;

const deposit = (
  ctx: DomainContext,
  tenant: string,
  accountId: number,
  completed: boolean,
  reference = "INV-1",
): DepositRecord =>
  receiveDeposit(ctx, tenant, {
    accountId,
    currencyCode: "USD",
    amount: 1_840_000,
    reference,
    counterpartAccountName: "Tailspin Toys Inc",
    completed,
  });

const company = {
  IsThirdParty: true,
  Company: {
    Name: "Tailspin Toys Inc",
    Website: "https://www.tailspintoys.example",
    IndustryId: 7,
    Address: { Street: "Broadway", Town: "New York", CountryCode: "US" },
  },
};

describe("receiving deposits", () => {
  it("a Completed deposit credits the balance with a statement item naming it", () => {
    const { ctx, store, demo } = fixture();
    const before = valueOf(store, demo.primary, "USD");
    const received = deposit(ctx, "demo", demo.primary, true);
    expect(received).toMatchObject({ StatusCode: "C", Narrative: ["TAILSPIN TOYS INC", "INV-1"] });
    expect(valueOf(store, demo.primary, "USD")).toBe(before + 1_840_000);
    const item = store.statementItems.filter((row) => row.detail?.kind === "deposit" && row.detail.id === received.Id);
    expect(item.map((row) => row.delta)).toEqual([1_840_000]);
  });

  it("a Pending deposit does not, until completeDeposit credits it (once)", () => {
    const { ctx, store, demo } = fixture();
    const before = valueOf(store, demo.primary, "USD");
    const pending = deposit(ctx, "demo", demo.primary, false);
    expect(pending.StatusCode).toBe("P");
    expect(valueOf(store, demo.primary, "USD")).toBe(before);
    expect(completeDeposit(ctx, pending.Id)).toMatchObject({ ok: true, deposit: { StatusCode: "C" } });
    expect(valueOf(store, demo.primary, "USD")).toBe(before + 1_840_000);
    const after = snapshot(store);
    expect(completeDeposit(ctx, pending.Id)).toMatchObject({ ok: false, status: 410 });
    expect(completeDeposit(ctx, 9999)).toMatchObject({ ok: false, status: 404 });
    expect(snapshot(store)).toBe(after);
  });

  it("a deposit quoting an exchange's DepositReference funds that exchange", () => {
    const { ctx, demo } = fixture();
    const exchange = createExchange(ctx, "demo", {
      AccountId: demo.primary,
      SourceCurrencyCode: "USD",
      TargetCurrencyCode: "EUR",
      Goal: 100,
      GoalType: "Sell",
    });
    if (!exchange.ok) throw new Error("no exchange");
    expect(deposit(ctx, "demo", demo.primary, true, exchange.exchange.DepositReference).ExchangeId).toBe(
      exchange.exchange.Id,
    );
    expect(deposit(ctx, "demo", demo.primary, true, "something else").ExchangeId).toBeUndefined();
  });
});

describe("assigning depositors", () => {
  it("AssignDepositor creates a Company depositor of the deposit's account and links it", () => {
    const { ctx, demo } = fixture();
    const received = deposit(ctx, "demo", demo.primary, true);
    const outcome = assignNewDepositor(ctx, "demo", received.Id, company);
    if (!outcome.ok || "issues" in outcome) throw new Error(JSON.stringify(outcome));
    expect(outcome.depositor).toMatchObject({
      tenant: "demo",
      AccountId: demo.primary,
      Name: "Tailspin Toys Inc",
      RemitterName: "Tailspin Toys Inc",
      EntityType: "Company",
      IsThirdParty: true,
      IndustryId: 7,
      StatusCode: "E",
    });
    expect(depositOf(ctx, "demo", received.Id)?.DepositorId).toBe(outcome.depositor.Id);
  });

  it("an Individual's name is its first, middle and last names", () => {
    const { ctx, demo } = fixture();
    const received = deposit(ctx, "demo", demo.secondary, false);
    const outcome = assignNewDepositor(ctx, "demo", received.Id, {
      Individual: { FirstName: "Camille", MiddleName: "Anne", LastName: "Martin", PhoneNumber: "+33 1 23 45 67 89" },
    });
    expect(outcome).toMatchObject({
      ok: true,
      depositor: {
        Name: "Camille Anne Martin",
        EntityType: "Individual",
        IsThirdParty: false,
        AccountId: demo.secondary,
      },
    });
  });

  it("refuses an invalid body with the validators' issues and changes nothing", () => {
    const { ctx, store, demo } = fixture();
    const received = deposit(ctx, "demo", demo.primary, true);
    const before = snapshot(store);
    const both = assignNewDepositor(ctx, "demo", received.Id, {
      ...company,
      Individual: { FirstName: "A", LastName: "B" },
    });
    // The reference allows both, and neither; the sandbox's depositor is one party with a name (its own rule).
    expect(both).toMatchObject({ ok: false, status: 400, code: "conflict", target: "Company" });
    expect(assignNewDepositor(ctx, "demo", received.Id, { IsThirdParty: true })).toMatchObject({
      ok: false,
      status: 400,
      code: "required",
    });
    expect(assignNewDepositor(ctx, "demo", received.Id, { Company: { Website: "https://x.example" } })).toMatchObject({
      ok: false,
      status: 400,
      target: "Company/Name",
    });
    const other = assignNewDepositor(ctx, "demo", received.Id, { Company: { Name: "X", IndustryId: "99" } });
    expect(!other.ok && "issues" in other && other.issues.map((issue) => issue.path.join("/"))).toEqual([
      "Company/IndustryId",
    ]);
    expect(snapshot(store)).toBe(before);
  });

  it("AssignDepositor/{depositorId} links an existing depositor of the tenant", () => {
    const { ctx, demo } = fixture();
    const first = deposit(ctx, "demo", demo.primary, true);
    const second = deposit(ctx, "demo", demo.primary, false);
    const assigned = assignNewDepositor(ctx, "demo", first.Id, company);
    if (!assigned.ok || "issues" in assigned) throw new Error("not assigned");
    expect(assignExistingDepositor(ctx, "demo", second.Id, assigned.depositor.Id)).toMatchObject({
      ok: true,
      deposit: { DepositorId: assigned.depositor.Id },
    });
  });

  it("another tenant's deposit or depositor is not found, and nothing changes", () => {
    const { ctx, store, demo, other } = fixture();
    const ours = deposit(ctx, "demo", demo.primary, true);
    const theirs = deposit(ctx, "other", other.primary, true);
    const theirDepositor = assignNewDepositor(ctx, "other", theirs.Id, company);
    if (!theirDepositor.ok || "issues" in theirDepositor) throw new Error("not assigned");
    const before = snapshot(store);
    expect(depositOf(ctx, "demo", theirs.Id)).toBeUndefined();
    expect(assignNewDepositor(ctx, "demo", theirs.Id, company)).toMatchObject({ ok: false, status: 404 });
    expect(assignExistingDepositor(ctx, "demo", theirs.Id, theirDepositor.depositor.Id)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(assignExistingDepositor(ctx, "demo", ours.Id, theirDepositor.depositor.Id)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(snapshot(store)).toBe(before);
  });
});

describe("depositRequirement", () => {
  it("is what must still be deposited for the available funds to cover the net requirement", () => {
    const { store, demo } = fixture();
    const available = availableOf(balanceOf(store, demo.primary, "GBP")!);
    expect(
      depositRequirement(store, "demo", {
        AccountId: demo.primary,
        NetDepositRequirement: 300_000,
        CurrencyCode: "GBP",
      }),
    ).toMatchObject({
      ok: true,
      requirement: { netDepositRequirement: 30_000_000, available, depositRequired: 30_000_000 - available },
    });
    expect(
      depositRequirement(store, "demo", { AccountId: demo.primary, NetDepositRequirement: 10, CurrencyCode: "GBP" }),
    ).toMatchObject({ requirement: { depositRequired: 0 } });
    expect(
      depositRequirement(store, "demo", { AccountId: demo.primary, NetDepositRequirement: 10, CurrencyCode: "JPY" }),
    ).toMatchObject({ requirement: { available: 0, depositRequired: 10 } });
  });

  it("refuses another tenant's account (400, target AccountId)", () => {
    const { store, other } = fixture();
    expect(
      depositRequirement(store, "demo", { AccountId: other.primary, NetDepositRequirement: 1, CurrencyCode: "GBP" }),
    ).toMatchObject({ ok: false, status: 400, target: "AccountId" });
  });
});

describe("depositRoutingsOf", () => {
  it("offers each currency of the account, GBP by sort code and by IBAN, with valid identifiers", () => {
    const { store, demo } = fixture();
    const routings = depositRoutingsOf(store, store.accounts.get(demo.primary)!);
    expect(
      routings.map((routing) => [routing.currencyCode, routing.routings.map((properties) => properties["Type"])]),
    ).toEqual([
      ["GBP", ["SortCodeAccountNumber", "BicIban"]],
      ["EUR", ["BicIban"]],
      ["USD", ["BicIban"]],
    ]);
    const [sortCode, iban] = routings[0]!.routings;
    expect(validateSortCodeAccountNumberPaymentRouting(sortCode).ok).toBe(true);
    expect(validateBicIbanPaymentRouting(iban).ok).toBe(true);
    expect(isValidIban(iban?.["Iban"])).toBe(true);
    expect(routings[0]?.beneficiaryName).toBe("Northwind Trading Ltd");
  });
});
