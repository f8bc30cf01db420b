import { describe, expect, it } from "vitest";
import { createSandboxClock } from "../../../src/foundation/clock.js";
import { availableOf, balanceOf } from "../../../src/model/domain/balances.js";
import type { DomainContext } from "../../../src/model/domain/context.js";
import {
  allocateExchange,
  approveExchange,
  cancelExchange,
  completeExchange,
  createExchange,
  exchangeOf,
  rejectExchange,
} from "../../../src/model/domain/exchanges.js";
import { midRateOf, quoteExchange } from "../../../src/model/domain/rates.js";
import { seedAccounts } from "../../../src/model/seed/accounts.js";
import { emptyState } from "../../../src/foundation/state/tables.js";
import { seedReferenceData } from "../../../src/model/seed/reference-data.js";
import type { SeededAccounts } from "../../../src/model/seed/seeded-accounts.js";
import type { ExchangeRecord } from "../../../src/foundation/state/records.js";
import { Store } from "../../../src/foundation/state/store.js";
import { createEventSink } from "../../../src/model/webhooks/event-sink.js";

/** Reference data and two tenants' accounts (demo: GBP 250,000.00, EUR 120,000.00, USD 80,000.00 on its primary). */
function fixture(): { ctx: DomainContext; store: Store; demo: SeededAccounts; other: SeededAccounts } {
  const store = new Store(emptyState());
  const clock = createSandboxClock(new Date("2025-03-10T09:00:00Z"));
  seedReferenceData(store);
  const demo = seedAccounts(store, clock, "demo", 0);
  const other = seedAccounts(store, clock, "other", 1);
  return { ctx: { store, clock, events: createEventSink(store, clock) }, store, demo, other };
}

const balance = (store: Store, accountId: number, currencyCode: string) => {
  const found = balanceOf(store, accountId, currencyCode);
  return found === undefined
    ? { value: 0, allocated: 0, processing: 0, available: 0 }
    : { value: found.value, allocated: found.allocated, processing: found.processing, available: availableOf(found) };
};

/** The state without the id counters (a refused command may use an id; ids are never reused). */
const snapshot = (store: Store) => {
  const { nextId: _ignored, ...rest } = store.toJSON();
  return JSON.stringify(rest);
};

function created(ctx: DomainContext, tenant: string, body: Record<string, unknown>): ExchangeRecord {
  const outcome = createExchange(ctx, tenant, body);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return outcome.exchange;
}

const gbpToEur = (accountId: number, extra: Record<string, unknown> = {}) => ({
  AccountId: accountId,
  SourceCurrencyCode: "GBP",
  TargetCurrencyCode: "EUR",
  Goal: 1000,
  GoalType: "Sell",
  ...extra,
});

describe("mid rates", () => {
  it("has the major pairs both ways and no rate for pairs it does not quote", () => {
    const { store } = fixture();
    expect(midRateOf(store, "GBP", "EUR")?.MidRate).toBeGreaterThan(1);
    expect(midRateOf(store, "EUR", "GBP")?.MidRate).toBeLessThan(1);
    expect(midRateOf(store, "NGN", "USD")).toBeDefined();
    expect(midRateOf(store, "NGN", "JPY")).toBeUndefined();
  });
});

describe("createExchange", () => {
  it("prices a Sell at the mid rate: sold = Goal, bought = Goal × rate in target minor units", () => {
    const { ctx, store, demo } = fixture();
    const rate = midRateOf(store, "GBP", "EUR")!.MidRate;
    const exchange = created(ctx, "demo", gbpToEur(demo.primary));
    expect(exchange).toMatchObject({
      StatusCode: "P",
      GoalType: "Sell",
      goal: 100_000,
      sold: 100_000,
      rate,
      DepositReference: `FX${exchange.Id}`,
    });
    expect(exchange.bought).toBe(Math.round(1000 * rate * 100));
  });

  it("prices a Buy: bought = Goal, sold = Goal / rate, rounded to the source's minor units (JPY has none)", () => {
    const { ctx, store, demo } = fixture();
    const rate = midRateOf(store, "JPY", "GBP")!.MidRate;
    const exchange = created(ctx, "demo", {
      AccountId: demo.primary,
      SourceCurrencyCode: "JPY",
      TargetCurrencyCode: "GBP",
      Goal: 10.01,
      GoalType: "Buy",
    });
    expect(exchange.bought).toBe(1001);
    expect(exchange.sold).toBe(Math.round(10.01 / rate));
  });

  it("starts Pending without touching the balance", () => {
    const { ctx, store, demo } = fixture();
    const before = balance(store, demo.primary, "GBP");
    created(ctx, "demo", gbpToEur(demo.primary));
    expect(balance(store, demo.primary, "GBP")).toEqual(before);
  });

  it("with UseAvailableFunds allocates the sold amount at once and starts Allocated", () => {
    const { ctx, store, demo } = fixture();
    const before = balance(store, demo.primary, "GBP");
    const exchange = created(ctx, "demo", gbpToEur(demo.primary, { UseAvailableFunds: true }));
    expect(exchange.StatusCode).toBe("L");
    expect(balance(store, demo.primary, "GBP")).toEqual({
      ...before,
      allocated: before.allocated + 100_000,
      available: before.available - 100_000,
    });
  });

  it("refuses UseAvailableFunds beyond the available funds (400, target Goal) and changes nothing", () => {
    const { ctx, store, demo } = fixture();
    const before = snapshot(store);
    const outcome = createExchange(ctx, "demo", gbpToEur(demo.primary, { Goal: 250_000.01, UseAvailableFunds: true }));
    expect(outcome).toMatchObject({ ok: false, status: 400, code: "insufficient_funds", target: "Goal" });
    expect(snapshot(store)).toBe(before);
  });

  it("answers the validators' issues for an invalid body", () => {
    const { ctx, store, demo } = fixture();
    const before = snapshot(store);
    const outcome = createExchange(ctx, "demo", gbpToEur(demo.primary, { TargetCurrencyCode: "GB" }));
    expect(outcome.ok).toBe(false);
    expect("issues" in outcome && outcome.issues.map((issue) => issue.path.join("/"))).toEqual(["TargetCurrencyCode"]);
    expect(snapshot(store)).toBe(before);
  });

  /* The reference requires no field of CreateExchange: what the sandbox's model needs is its own 400. */
  it("needs an account, a pair, and Goal with GoalType unless UseAvailableFunds sells the available funds", () => {
    const { ctx, store, demo } = fixture();
    const before = snapshot(store);
    const { Goal: _goal, GoalType: _goalType, ...noAmount } = gbpToEur(demo.primary) as Record<string, unknown>;
    expect(createExchange(ctx, "demo", { ...noAmount, SourceCurrencyCode: undefined })).toMatchObject({
      status: 400,
      code: "required",
      target: "SourceCurrencyCode",
    });
    expect(createExchange(ctx, "demo", noAmount)).toMatchObject({ status: 400, target: "Goal" });
    expect(createExchange(ctx, "demo", { ...noAmount, Goal: 10 })).toMatchObject({ status: 400, target: "GoalType" });
    expect(snapshot(store)).toBe(before);
    const available = balance(store, demo.primary, "GBP").available;
    const all = createExchange(ctx, "demo", { ...noAmount, UseAvailableFunds: true });
    if (!all.ok || "issues" in all) throw new Error(JSON.stringify(all));
    expect(all.exchange).toMatchObject({ GoalType: "Sell", sold: available, StatusCode: "L" });
    expect(balance(store, demo.primary, "GBP").available).toBe(0);
  });

  it("refuses another tenant's account, a pair without a rate and too many decimals (400 with the field)", () => {
    const { ctx, store, demo, other } = fixture();
    const before = snapshot(store);
    expect(createExchange(ctx, "demo", gbpToEur(other.primary))).toMatchObject({ status: 400, target: "AccountId" });
    expect(
      createExchange(ctx, "demo", { ...gbpToEur(demo.primary), SourceCurrencyCode: "NGN", TargetCurrencyCode: "JPY" }),
    ).toMatchObject({ status: 400, code: "no_rate" });
    expect(createExchange(ctx, "demo", gbpToEur(demo.primary, { Goal: 1.001 }))).toMatchObject({
      status: 400,
      target: "Goal",
    });
    expect(snapshot(store)).toBe(before);
  });

  it("keeps BoEPurposeCodeId and ReceiverLei for the withdrawal it will fund; a BoE code must be a listed one", () => {
    const { ctx, store, demo } = fixture();
    const before = snapshot(store);
    const toGbp = { ...gbpToEur(demo.primary), SourceCurrencyCode: "EUR", TargetCurrencyCode: "GBP" };
    expect(createExchange(ctx, "demo", { ...toGbp, BoEPurposeCodeId: 999 })).toMatchObject({
      status: 400,
      code: "unknown_boe_purpose_code",
      target: "BoEPurposeCodeId",
    });
    expect(snapshot(store)).toBe(before);
    // No withdrawal is known yet: an exchange to GBP without a BoE code is created (the rules wait for one).
    expect(created(ctx, "demo", toGbp)).not.toHaveProperty("BoEPurposeCodeId");
    expect(
      created(ctx, "demo", { ...toGbp, BoEPurposeCodeId: 102, ReceiverLei: "5493001KJTIIGC8Y1R12" }),
    ).toMatchObject({
      BoEPurposeCodeId: 102,
      ReceiverLei: "5493001KJTIIGC8Y1R12",
    });
  });
});

describe("exchange commands", () => {
  it("Allocate moves P → L reserving the sold amount", () => {
    const { ctx, store, demo } = fixture();
    const exchange = created(ctx, "demo", gbpToEur(demo.primary));
    const before = balance(store, demo.primary, "GBP");
    expect(allocateExchange(ctx, "demo", exchange.Id)).toMatchObject({ ok: true, allocated: true });
    expect(exchangeOf(ctx, "demo", exchange.Id)?.StatusCode).toBe("L");
    expect(balance(store, demo.primary, "GBP").allocated).toBe(before.allocated + exchange.sold);
  });

  it("Allocate without the funds, or of an exchange that is not Pending, answers ok and changes nothing", () => {
    const { ctx, store, demo } = fixture();
    const big = created(ctx, "demo", gbpToEur(demo.primary, { Goal: 300_000 }));
    const allocated = created(ctx, "demo", gbpToEur(demo.primary, { UseAvailableFunds: true }));
    const before = snapshot(store);
    expect(allocateExchange(ctx, "demo", big.Id)).toMatchObject({
      ok: true,
      allocated: false,
      reason: "insufficient_funds",
    });
    expect(allocateExchange(ctx, "demo", allocated.Id)).toMatchObject({
      ok: true,
      allocated: false,
      reason: "not_pending",
    });
    expect(snapshot(store)).toBe(before);
  });

  it("Approve moves L → A keeping the funds allocated; Pending, Approved and final exchanges are 410", () => {
    const { ctx, store, demo } = fixture();
    const pending = created(ctx, "demo", gbpToEur(demo.primary));
    const exchange = created(ctx, "demo", gbpToEur(demo.primary, { UseAvailableFunds: true }));
    const before = balance(store, demo.primary, "GBP");
    expect(approveExchange(ctx, "demo", exchange.Id)).toMatchObject({ ok: true, exchange: { StatusCode: "A" } });
    expect(balance(store, demo.primary, "GBP")).toEqual(before);
    expect(approveExchange(ctx, "demo", exchange.Id)).toMatchObject({ ok: false, status: 410 });
    expect(approveExchange(ctx, "demo", pending.Id)).toMatchObject({ ok: false, status: 410 });
  });

  it("Reject moves P or L → R returning allocated funds; an Approved exchange is 410", () => {
    const { ctx, store, demo } = fixture();
    const start = balance(store, demo.primary, "GBP");
    const pending = created(ctx, "demo", gbpToEur(demo.primary));
    const allocated = created(ctx, "demo", gbpToEur(demo.primary, { UseAvailableFunds: true }));
    expect(rejectExchange(ctx, "demo", pending.Id)).toMatchObject({ ok: true, exchange: { StatusCode: "R" } });
    expect(rejectExchange(ctx, "demo", allocated.Id)).toMatchObject({ ok: true, exchange: { StatusCode: "R" } });
    expect(balance(store, demo.primary, "GBP")).toEqual(start);
    const approved = created(ctx, "demo", gbpToEur(demo.primary, { UseAvailableFunds: true }));
    approveExchange(ctx, "demo", approved.Id);
    expect(rejectExchange(ctx, "demo", approved.Id)).toMatchObject({ ok: false, status: 410 });
    expect(rejectExchange(ctx, "demo", pending.Id)).toMatchObject({ ok: false, status: 410 });
  });

  it("Cancel moves P, L or A → X returning the funds; final exchanges are 410", () => {
    const { ctx, store, demo } = fixture();
    const start = balance(store, demo.primary, "GBP");
    const approved = created(ctx, "demo", gbpToEur(demo.primary, { UseAvailableFunds: true }));
    approveExchange(ctx, "demo", approved.Id);
    expect(cancelExchange(ctx, "demo", approved.Id)).toMatchObject({ ok: true, exchange: { StatusCode: "X" } });
    expect(balance(store, demo.primary, "GBP")).toEqual(start);
    expect(cancelExchange(ctx, "demo", approved.Id)).toMatchObject({ ok: false, status: 410 });
    const pending = created(ctx, "demo", gbpToEur(demo.primary));
    expect(cancelExchange(ctx, "demo", pending.Id)).toMatchObject({ ok: true });
  });

  it("a command on a final exchange changes nothing", () => {
    const { ctx, store, demo } = fixture();
    const exchange = created(ctx, "demo", gbpToEur(demo.primary, { UseAvailableFunds: true }));
    cancelExchange(ctx, "demo", exchange.Id);
    const before = snapshot(store);
    for (const command of [approveExchange, rejectExchange, cancelExchange]) {
      expect(command(ctx, "demo", exchange.Id)).toMatchObject({ ok: false, status: 410 });
    }
    expect(allocateExchange(ctx, "demo", exchange.Id)).toMatchObject({ ok: true, allocated: false });
    expect(snapshot(store)).toBe(before);
  });

  it("another tenant's exchange is not found, for reads and every command", () => {
    const { ctx, store, other } = fixture();
    const theirs = created(ctx, "other", gbpToEur(other.primary, { UseAvailableFunds: true }));
    const before = snapshot(store);
    expect(exchangeOf(ctx, "demo", theirs.Id)).toBeUndefined();
    for (const command of [allocateExchange, approveExchange, rejectExchange, cancelExchange]) {
      expect(command(ctx, "demo", theirs.Id)).toMatchObject({ ok: false, status: 404 });
    }
    expect(snapshot(store)).toBe(before);
  });
});

describe("completeExchange", () => {
  it("moves A → C: the sold amount leaves the source balance, the bought amount arrives, with statement items", () => {
    const { ctx, store, demo } = fixture();
    const source = balance(store, demo.primary, "GBP");
    const target = balance(store, demo.primary, "EUR");
    const exchange = created(ctx, "demo", gbpToEur(demo.primary, { UseAvailableFunds: true }));
    approveExchange(ctx, "demo", exchange.Id);
    expect(completeExchange(ctx, exchange.Id)).toEqual({ ok: true });
    expect(store.exchanges.get(exchange.Id)?.StatusCode).toBe("C");
    expect(balance(store, demo.primary, "GBP")).toEqual({
      ...source,
      value: source.value - exchange.sold,
      available: source.available - exchange.sold,
    });
    expect(balance(store, demo.primary, "EUR")).toEqual({
      ...target,
      value: target.value + exchange.bought,
      available: target.available + exchange.bought,
    });
    const items = store.statementItems.filter(
      (item) => item.detail?.kind === "exchange" && item.detail.id === exchange.Id,
    );
    expect(items.map((item) => [item.CurrencyCode, item.delta])).toEqual([
      ["GBP", -exchange.sold],
      ["EUR", exchange.bought],
    ]);
    expect(items[1]?.runningTotal).toBe(target.value + exchange.bought);
  });

  it("creates the target balance when the account did not hold the currency", () => {
    const { ctx, store, demo } = fixture();
    const exchange = created(ctx, "demo", {
      AccountId: demo.primary,
      SourceCurrencyCode: "GBP",
      TargetCurrencyCode: "JPY",
      Goal: 100,
      GoalType: "Sell",
      UseAvailableFunds: true,
    });
    approveExchange(ctx, "demo", exchange.Id);
    completeExchange(ctx, exchange.Id);
    expect(balance(store, demo.primary, "JPY").value).toBe(exchange.bought);
  });

  it("refuses an exchange that is not Approved (410) or does not exist (404)", () => {
    const { ctx, store, demo } = fixture();
    const exchange = created(ctx, "demo", gbpToEur(demo.primary, { UseAvailableFunds: true }));
    const before = snapshot(store);
    expect(completeExchange(ctx, exchange.Id)).toMatchObject({ ok: false, status: 410 });
    expect(completeExchange(ctx, 9999)).toMatchObject({ ok: false, status: 404 });
    expect(snapshot(store)).toBe(before);
  });
});

describe("quoteExchange", () => {
  it("prices like createExchange and reserves nothing", () => {
    const { ctx, store, demo } = fixture();
    const before = snapshot(store);
    const outcome = quoteExchange(store, ctx.clock, "demo", {
      AccountId: demo.primary,
      GoalType: "Sell",
      Amount: 1000,
      SourceCurrencyCode: "GBP",
      TargetCurrencyCode: "EUR",
    });
    expect(snapshot(store)).toBe(before);
    const exchange = created(ctx, "demo", gbpToEur(demo.primary));
    expect(outcome).toMatchObject({
      ok: true,
      quote: { price: { sold: exchange.sold, bought: exchange.bought }, rate: exchange.rate, accountId: demo.primary },
    });
  });

  it("quotes the rate alone without Amount (the reference requires none of its fields)", () => {
    const { ctx, store, demo } = fixture();
    const outcome = quoteExchange(store, ctx.clock, "demo", {
      AccountId: demo.primary,
      SourceCurrencyCode: "GBP",
      TargetCurrencyCode: "EUR",
    });
    if (!outcome.ok || "issues" in outcome) throw new Error(JSON.stringify(outcome));
    expect(outcome.quote.price).toBeUndefined();
    expect(outcome.quote.rate).toBeGreaterThan(0);
    expect(
      quoteExchange(store, ctx.clock, "demo", { AccountId: demo.primary, SourceCurrencyCode: "GBP", Amount: 5 }),
    ).toMatchObject({ ok: false, status: 400, code: "required", target: "TargetCurrencyCode" });
  });

  it("refuses another tenant's account (400, target AccountId)", () => {
    const { ctx, store, other } = fixture();
    const outcome = quoteExchange(store, ctx.clock, "demo", {
      AccountId: other.primary,
      GoalType: "Sell",
      Amount: 1,
      SourceCurrencyCode: "GBP",
      TargetCurrencyCode: "EUR",
    });
    expect(outcome).toMatchObject({ ok: false, status: 400, target: "AccountId" });
  });
});
