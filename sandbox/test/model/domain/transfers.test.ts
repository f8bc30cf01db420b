import { describe, expect, it } from "vitest";
import { createSandboxClock } from "../../../src/foundation/clock.js";
import { availableOf, balanceOf } from "../../../src/model/domain/balances.js";
import type { DomainContext } from "../../../src/model/domain/context.js";
import {
  approveTransfer,
  cancelTransfer,
  completeTransfer,
  createTransfer,
  rejectTransfer,
} from "../../../src/model/domain/transfers.js";
import { seedAccounts } from "../../../src/model/seed/accounts.js";
import type { SeededAccounts } from "../../../src/model/seed/seeded-accounts.js";
import { Store } from "../../../src/foundation/state/store.js";
import { createEventSink } from "../../../src/model/webhooks/event-sink.js";
import { emptyState } from "../../../src/foundation/state/tables.js";
import { seededCurrencies } from "../../../src/model/seed/reference-data.js";

/** Two tenants' accounts (seedAccounts) on a store with just the currencies they use. */
function fixture(): { ctx: DomainContext; store: Store; demo: SeededAccounts; other: SeededAccounts } {
  const store = new Store(emptyState());
  const clock = createSandboxClock(new Date("2025-03-10T09:00:00Z"));
  for (const currency of seededCurrencies.filter(({ Id }) => ["GBP", "EUR", "USD"].includes(Id)))
    store.currencies.insert(currency);
  const demo = seedAccounts(store, clock, "demo", 0);
  const other = seedAccounts(store, clock, "other", 1);
  return { ctx: { store, clock, events: createEventSink(store, clock) }, store, demo, other };
}

function beneficiaryId(store: Store, from: number, to: number, currencyCode: string): number {
  const found = store.transferBeneficiaries.filter(
    (row) => row.AccountId === from && row.BeneficiaryAccountId === to && row.CurrencyCode === currencyCode,
  )[0];
  if (found === undefined) throw new Error("no transfer beneficiary");
  return found.Id;
}

const balance = (store: Store, accountId: number, currencyCode: string) => {
  const found = balanceOf(store, accountId, currencyCode);
  if (found === undefined) throw new Error("no balance");
  return {
    value: found.value,
    allocated: found.allocated,
    processing: found.processing,
    available: availableOf(found),
  };
};

const reasons = (store: Store) =>
  store.events.all().map((event) => `${event.tenant}:${event.Reason}:${event.EntityId}`);

function created(ctx: DomainContext, body: Record<string, unknown>, tenant = "demo") {
  const outcome = createTransfer(ctx, tenant, body);
  if (!outcome.ok) throw new Error(`create refused: ${JSON.stringify(outcome)}`);
  return outcome.transfer;
}

describe("createTransfer", () => {
  it("allocates the amount on the paying account and raises TransferCreated once", () => {
    const { ctx, store, demo } = fixture();
    const before = balance(store, demo.primary, "GBP");
    const transfer = created(ctx, {
      AccountId: demo.primary,
      CurrencyCode: "GBP",
      Amount: 1234.56,
      BeneficiaryId: beneficiaryId(store, demo.primary, demo.secondary, "GBP"),
      Reference: "INV-1",
    });
    expect(transfer).toMatchObject({
      StatusCode: "P",
      amount: 123456,
      AccountId: demo.primary,
      BeneficiaryAccountId: demo.secondary,
      Reference: "INV-1",
      tenant: "demo",
    });
    expect(balance(store, demo.primary, "GBP")).toEqual({
      ...before,
      allocated: 123456,
      available: before.available - 123456,
    });
    expect(reasons(store)).toEqual([`demo:TransferCreated:${transfer.Id}`]);
  });

  it("transfers the whole available balance when Amount is absent", () => {
    const { ctx, store, demo } = fixture();
    const available = balance(store, demo.primary, "EUR").available;
    const transfer = created(ctx, {
      AccountId: demo.primary,
      CurrencyCode: "EUR",
      BeneficiaryId: beneficiaryId(store, demo.primary, demo.secondary, "EUR"),
    });
    expect(transfer.amount).toBe(available);
    expect(balance(store, demo.primary, "EUR").available).toBe(0);
  });

  it("refuses more than the available balance (400, target Amount) and changes nothing", () => {
    const { ctx, store, demo } = fixture();
    const before = JSON.stringify(store.toJSON());
    const outcome = createTransfer(ctx, "demo", {
      AccountId: demo.primary,
      CurrencyCode: "GBP",
      Amount: 250_000.01,
      BeneficiaryId: beneficiaryId(store, demo.primary, demo.secondary, "GBP"),
    });
    expect(outcome).toMatchObject({ ok: false, status: 400, code: "insufficient_funds", target: "Amount" });
    expect(JSON.stringify(store.toJSON())).toBe(before);
  });

  it("refuses a currency other than the beneficiary's, and amounts with too many decimals", () => {
    const { ctx, store, demo } = fixture();
    const gbpBeneficiary = beneficiaryId(store, demo.primary, demo.secondary, "GBP");
    expect(
      createTransfer(ctx, "demo", {
        AccountId: demo.primary,
        CurrencyCode: "EUR",
        Amount: 10,
        BeneficiaryId: gbpBeneficiary,
      }),
    ).toMatchObject({ status: 400, target: "CurrencyCode" });
    expect(
      createTransfer(ctx, "demo", {
        AccountId: demo.primary,
        CurrencyCode: "GBP",
        Amount: 10.001,
        BeneficiaryId: gbpBeneficiary,
      }),
    ).toMatchObject({ status: 400, target: "Amount" });
  });

  it("refuses a beneficiary of another account, another tenant's beneficiary or account, and invalid bodies", () => {
    const { ctx, store, demo, other } = fixture();
    const secondaryToPrimary = beneficiaryId(store, demo.secondary, demo.primary, "GBP");
    expect(
      createTransfer(ctx, "demo", {
        AccountId: demo.primary,
        CurrencyCode: "GBP",
        Amount: 10,
        BeneficiaryId: secondaryToPrimary,
      }),
    ).toMatchObject({ status: 400, target: "BeneficiaryId" });
    const otherBeneficiary = beneficiaryId(store, other.primary, other.secondary, "GBP");
    expect(
      createTransfer(ctx, "demo", {
        AccountId: demo.primary,
        CurrencyCode: "GBP",
        Amount: 10,
        BeneficiaryId: otherBeneficiary,
      }),
    ).toMatchObject({ status: 400, target: "BeneficiaryId" });
    expect(
      createTransfer(ctx, "demo", {
        AccountId: other.primary,
        CurrencyCode: "GBP",
        Amount: 10,
        BeneficiaryId: otherBeneficiary,
      }),
    ).toMatchObject({ status: 400, target: "AccountId" });
    const invalid = createTransfer(ctx, "demo", {
      AccountId: demo.primary,
      CurrencyCode: "GBP",
      Amount: 10,
      BeneficiaryId: secondaryToPrimary,
      Reference: "x".repeat(36),
    });
    expect(invalid).toMatchObject({ ok: false, status: 400 });
    expect("issues" in invalid && invalid.issues.map((found) => found.path)).toEqual([["Reference"]]);
    expect(store.transfers.size).toBe(0);
    expect(store.events.size).toBe(0);
  });
});

describe("transfer transitions", () => {
  function pending() {
    const fx = fixture();
    const transfer = created(fx.ctx, {
      AccountId: fx.demo.primary,
      CurrencyCode: "GBP",
      Amount: 1000,
      BeneficiaryId: beneficiaryId(fx.store, fx.demo.primary, fx.demo.secondary, "GBP"),
    });
    return { ...fx, transfer, initial: { value: 25_000_000, allocated: 0, processing: 0, available: 25_000_000 } };
  }

  it("approve moves P → A and the allocated funds to processing; a second approve is 410", () => {
    const { ctx, store, demo, transfer } = pending();
    expect(approveTransfer(ctx, "demo", transfer.Id)).toEqual({ ok: true });
    expect(store.transfers.get(transfer.Id)?.StatusCode).toBe("A");
    expect(balance(store, demo.primary, "GBP")).toMatchObject({
      allocated: 0,
      processing: 100_000,
      available: 24_900_000,
    });
    expect(approveTransfer(ctx, "demo", transfer.Id)).toMatchObject({ ok: false, status: 410 });
    expect(rejectTransfer(ctx, "demo", transfer.Id)).toMatchObject({ ok: false, status: 410 });
  });

  it("reject moves P → R and returns the funds; every command is 410 afterwards", () => {
    const { ctx, store, demo, transfer, initial } = pending();
    expect(rejectTransfer(ctx, "demo", transfer.Id)).toEqual({ ok: true });
    expect(store.transfers.get(transfer.Id)?.StatusCode).toBe("R");
    expect(balance(store, demo.primary, "GBP")).toEqual(initial);
    for (const command of [approveTransfer, rejectTransfer, cancelTransfer]) {
      expect(command(ctx, "demo", transfer.Id)).toMatchObject({ ok: false, status: 410, code: "gone" });
    }
    expect(completeTransfer(ctx, transfer.Id)).toMatchObject({ ok: false, status: 410 });
  });

  it("cancel of a Pending transfer returns the allocated funds and raises TransferCanceled once", () => {
    const { ctx, store, demo, transfer, initial } = pending();
    expect(cancelTransfer(ctx, "demo", transfer.Id)).toEqual({ ok: true });
    expect(store.transfers.get(transfer.Id)?.StatusCode).toBe("X");
    expect(balance(store, demo.primary, "GBP")).toEqual(initial);
    expect(cancelTransfer(ctx, "demo", transfer.Id)).toMatchObject({ status: 410 });
    expect(reasons(store)).toEqual([`demo:TransferCreated:${transfer.Id}`, `demo:TransferCanceled:${transfer.Id}`]);
  });

  it("cancel of an Approved transfer returns the processing funds", () => {
    const { ctx, store, demo, transfer, initial } = pending();
    approveTransfer(ctx, "demo", transfer.Id);
    expect(cancelTransfer(ctx, "demo", transfer.Id)).toEqual({ ok: true });
    expect(balance(store, demo.primary, "GBP")).toEqual(initial);
  });

  it("another tenant gets 404 for every command, as for a missing transfer", () => {
    const { ctx, transfer } = pending();
    for (const command of [approveTransfer, rejectTransfer, cancelTransfer]) {
      expect(command(ctx, "other", transfer.Id)).toMatchObject({ ok: false, status: 404 });
      expect(command(ctx, "demo", 999)).toMatchObject({ ok: false, status: 404 });
    }
    expect(completeTransfer(ctx, 999)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("completeTransfer", () => {
  const statementSum = (store: Store, accountId: number, currencyCode: string) =>
    store.statementItems
      .filter((item) => item.AccountId === accountId && item.CurrencyCode === currencyCode)
      .reduce((sum, item) => sum + item.delta, 0);

  it("approves a Pending transfer first, then debits the payer and credits the receiver with statement items", () => {
    const { ctx, store, demo } = fixture();
    const receiverBefore = balance(store, demo.secondary, "GBP");
    const transfer = created(ctx, {
      AccountId: demo.primary,
      CurrencyCode: "GBP",
      Amount: 1000,
      BeneficiaryId: beneficiaryId(store, demo.primary, demo.secondary, "GBP"),
      Reference: "R-1",
    });
    expect(completeTransfer(ctx, transfer.Id)).toEqual({ ok: true });
    expect(store.transfers.get(transfer.Id)?.StatusCode).toBe("C");
    expect(balance(store, demo.primary, "GBP")).toEqual({
      value: 24_900_000,
      allocated: 0,
      processing: 0,
      available: 24_900_000,
    });
    expect(balance(store, demo.secondary, "GBP")).toMatchObject({ value: receiverBefore.value + 100_000 });
    const items = store.statementItems.filter(
      (item) => item.detail?.kind === "transfer" && item.detail.id === transfer.Id,
    );
    expect(items.map((item) => [item.AccountId, item.delta])).toEqual([
      [demo.primary, -100_000],
      [demo.secondary, 100_000],
    ]);
    expect(statementSum(store, demo.primary, "GBP")).toBe(24_900_000);
    expect(statementSum(store, demo.secondary, "GBP")).toBe(receiverBefore.value + 100_000);
    expect(reasons(store)).toEqual([
      `demo:TransferCreated:${transfer.Id}`,
      `demo:TransferCompleted:${transfer.Id}`,
      `demo:IncomingTransferCompleted:${transfer.Id}`,
    ]);
    expect(completeTransfer(ctx, transfer.Id)).toMatchObject({ status: 410 });
    expect(store.events.size).toBe(3);
  });

  it("raises IncomingTransferCompleted for the tenant of the receiving account", () => {
    const { ctx, store, demo, other } = fixture();
    const crossTenant = store.transferBeneficiaries.insert({
      Id: store.nextId("transferBeneficiaries"),
      tenant: "demo",
      AccountId: demo.primary,
      BeneficiaryAccountId: other.primary,
      Name: "Contoso Pharma GmbH",
      CurrencyCode: "EUR",
      StatusCode: "E",
    });
    const transfer = created(ctx, {
      AccountId: demo.primary,
      CurrencyCode: "EUR",
      Amount: 50,
      BeneficiaryId: crossTenant.Id,
    });
    approveTransfer(ctx, "demo", transfer.Id);
    expect(completeTransfer(ctx, transfer.Id)).toEqual({ ok: true });
    expect(reasons(store).slice(1)).toEqual([
      `demo:TransferCompleted:${transfer.Id}`,
      `other:IncomingTransferCompleted:${transfer.Id}`,
    ]);
  });
});
