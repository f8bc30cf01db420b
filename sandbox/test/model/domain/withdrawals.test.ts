import { describe, expect, it } from "vitest";
import { createSandboxClock } from "../../../src/foundation/clock.js";
import { availableOf, balanceOf, credit } from "../../../src/model/domain/balances.js";
import type { DomainContext } from "../../../src/model/domain/context.js";
import {
  approveWithdrawal,
  cancelWithdrawal,
  completeWithdrawal,
  createAccountWithdrawal,
  createInstructionWithdrawal,
  mt103Refusal,
  rejectWithdrawal,
} from "../../../src/model/domain/withdrawals.js";
import { toMt103Text, toWithdrawalDto } from "../../../src/endpoints/dto/withdrawal.js";
import { seedAccounts } from "../../../src/model/seed/accounts.js";
import type { SeededAccounts } from "../../../src/model/seed/seeded-accounts.js";
import type { BeneficiaryRecord } from "../../../src/foundation/state/records.js";
import { Store } from "../../../src/foundation/state/store.js";
import { createEventSink } from "../../../src/model/webhooks/event-sink.js";
import { emptyState } from "../../../src/foundation/state/tables.js";
import { seededCurrencies } from "../../../src/model/seed/reference-data.js";

const BOE_GOODS = 1;
const AE_PURPOSE = 2;
const GENERIC_PURPOSE = 3;
const DE_PURPOSE = 4;
const LEI = "5493001KJTIIGC8Y1R12";

interface Fixture {
  ctx: DomainContext;
  store: Store;
  demo: SeededAccounts;
  other: SeededAccounts;
  /** Withdrawal beneficiaries of demo's primary account. */
  gbp: BeneficiaryRecord;
  gbpBank: BeneficiaryRecord;
  eur: BeneficiaryRecord;
  usdInEmirates: BeneficiaryRecord;
  suspended: BeneficiaryRecord;
  /** Of demo's secondary (PSP, no PaymentChargesCode, no MT103). */
  secondaryEur: BeneficiaryRecord;
  /** Of other's primary. */
  otherEur: BeneficiaryRecord;
}

function fixture(): Fixture {
  const store = new Store(emptyState());
  const clock = createSandboxClock(new Date("2025-03-12T09:30:00Z"));
  for (const currency of seededCurrencies.filter(({ Id }) => ["GBP", "EUR", "USD"].includes(Id)))
    store.currencies.insert(currency);
  store.sectors.insert({ Id: 1, Name: "Banks", Vertical: "FI" });
  store.sectors.insert({ Id: 2, Name: "Wholesale Trade", Vertical: "Corporate" });
  store.paymentPurposes.insert({ Id: BOE_GOODS, Name: "Goods", boe: true });
  store.paymentPurposes.insert({ Id: AE_PURPOSE, Name: "Family support", CountryCode: "AE", boe: false });
  store.paymentPurposes.insert({ Id: GENERIC_PURPOSE, Name: "Trade", boe: false });
  store.paymentPurposes.insert({ Id: DE_PURPOSE, Name: "Rent", CountryCode: "DE", boe: false });
  const demo = seedAccounts(store, clock, "demo", 0);
  const other = seedAccounts(store, clock, "other", 1);

  const beneficiary = (
    tenant: string,
    AccountId: number,
    Name: string,
    CurrencyCode: string,
    PaymentRouting: Record<string, unknown>,
    extra: Partial<BeneficiaryRecord> = {},
  ) =>
    store.beneficiaries.insert({
      Id: store.nextId("beneficiaries"),
      tenant,
      AccountId,
      Name,
      AccountHolderName: Name,
      CurrencyCode,
      StatusCode: "E",
      BeneficiaryType: "Company",
      PaymentRouting,
      Address: { Street: "High Street", Town: "London", CountryCode: "GB" },
      IndustryId: 2,
      ...extra,
    });
  const sortCode = { Type: "SortCodeAccountNumber", CountryCode: "GB", SortCode: "601613", AccountNumber: "31926819" };
  const iban = { Type: "BicIban", CountryCode: "DE", Bic: "DEUTDEFF", Iban: "DE89370400440532013000" };
  return {
    ctx: { store, clock, events: createEventSink(store, clock) },
    store,
    demo,
    other,
    gbp: beneficiary("demo", demo.primary, "Fabrikam Supplies Ltd", "GBP", sortCode),
    gbpBank: beneficiary("demo", demo.primary, "Woodgrove Bank", "GBP", sortCode, { IndustryId: 1 }),
    eur: beneficiary("demo", demo.primary, "Contoso Pharma GmbH", "EUR", iban),
    usdInEmirates: beneficiary("demo", demo.primary, "Desert Traders LLC", "USD", {
      Type: "BicAccountNumber",
      CountryCode: "AE",
      Bic: "EBILAEAD",
      AccountNumber: "1012345678",
    }),
    suspended: beneficiary("demo", demo.primary, "Old Supplier GmbH", "EUR", iban, { StatusCode: "S" }),
    secondaryEur: beneficiary("demo", demo.secondary, "Contoso Pharma GmbH", "EUR", iban),
    otherEur: beneficiary("other", other.primary, "Litware Inc", "EUR", iban),
  };
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

const paths = (outcome: object) =>
  "issues" in outcome ? (outcome.issues as { path: unknown[] }[]).map((found) => found.path.join("/")) : [];

function gbpBody(fx: Fixture, extra: Record<string, unknown> = {}) {
  return {
    AccountId: fx.demo.primary,
    CurrencyCode: "GBP",
    Amount: 2500,
    BeneficiaryId: fx.gbp.Id,
    Reference: "PO-88213",
    BoEPurposeCodeId: BOE_GOODS,
    ...extra,
  };
}

function created(fx: Fixture, body: Record<string, unknown>, tenant = "demo") {
  const outcome = createAccountWithdrawal(fx.ctx, tenant, body);
  if (!outcome.ok) throw new Error(`create refused: ${JSON.stringify(outcome)}`);
  return outcome.withdrawal;
}

describe("createAccountWithdrawal", () => {
  it("allocates the amount, keeps the supporting documents and raises WithdrawalCreated once", () => {
    const fx = fixture();
    const documents = [{ fileName: "invoice.pdf", contentType: "application/pdf", size: 1234 }];
    const outcome = createAccountWithdrawal(fx.ctx, "demo", gbpBody(fx, { PaymentChargesCode: "SHA" }), documents);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    expect(outcome.withdrawal).toMatchObject({
      StatusCode: "P",
      amount: 250_000,
      CurrencyCode: "GBP",
      BoEPurposeCodeId: BOE_GOODS,
      PaymentChargesCode: "SHA",
      supportingDocuments: documents,
    });
    expect(balance(fx.store, fx.demo.primary, "GBP")).toMatchObject({
      allocated: 250_000,
      available: 25_000_000 - 250_000,
    });
    expect(reasons(fx.store)).toEqual([`demo:WithdrawalCreated:${outcome.withdrawal.Id}`]);
  });

  it("withdraws the whole available balance when Amount is absent", () => {
    const fx = fixture();
    const withdrawal = created(fx, { AccountId: fx.demo.primary, CurrencyCode: "EUR", BeneficiaryId: fx.eur.Id });
    expect(withdrawal.amount).toBe(12_000_000);
    expect(balance(fx.store, fx.demo.primary, "EUR").available).toBe(0);
  });

  it("requires BoEPurposeCodeId for GBP, from the BoE list", () => {
    const fx = fixture();
    const { BoEPurposeCodeId: _omitted, ...withoutBoe } = gbpBody(fx);
    expect(paths(createAccountWithdrawal(fx.ctx, "demo", withoutBoe))).toEqual(["BoEPurposeCodeId"]);
    expect(createAccountWithdrawal(fx.ctx, "demo", gbpBody(fx, { BoEPurposeCodeId: GENERIC_PURPOSE }))).toMatchObject({
      status: 400,
      target: "BoEPurposeCodeId",
    });
  });

  it("requires PaymentPurposeId for a bank account in the Emirates, one listed for AE or generic", () => {
    const fx = fixture();
    const body = { AccountId: fx.demo.primary, CurrencyCode: "USD", Amount: 100, BeneficiaryId: fx.usdInEmirates.Id };
    expect(paths(createAccountWithdrawal(fx.ctx, "demo", body))).toEqual(["PaymentPurposeId"]);
    expect(createAccountWithdrawal(fx.ctx, "demo", { ...body, PaymentPurposeId: DE_PURPOSE })).toMatchObject({
      status: 400,
      target: "PaymentPurposeId",
    });
    expect(createAccountWithdrawal(fx.ctx, "demo", { ...body, PaymentPurposeId: AE_PURPOSE }).ok).toBe(true);
    expect(createAccountWithdrawal(fx.ctx, "demo", { ...body, PaymentPurposeId: GENERIC_PURPOSE }).ok).toBe(true);
  });

  it("requires ReceiverLei for GBP to a bank (sector vertical FI, industry Banks)", () => {
    const fx = fixture();
    const body = gbpBody(fx, { BeneficiaryId: fx.gbpBank.Id });
    expect(paths(createAccountWithdrawal(fx.ctx, "demo", body))).toEqual(["ReceiverLei"]);
    expect(createAccountWithdrawal(fx.ctx, "demo", { ...body, ReceiverLei: LEI }).ok).toBe(true);
    expect(createAccountWithdrawal(fx.ctx, "demo", gbpBody(fx)).ok).toBe(true);
  });

  it("applies the account setup: UltimateOriginator members by PSP, fields the setup does not accept", () => {
    const fx = fixture();
    const address = { Street: "Harbour Road", Town: "Bristol", PostCode: "BS1 5TY", CountryCode: "GB" };
    // demo primary: non-PSP, accepts both.
    expect(
      paths(createAccountWithdrawal(fx.ctx, "demo", gbpBody(fx, { UltimateOriginator: { Name: "Adatum" } }))),
    ).toEqual(["UltimateOriginator/Address"]);
    expect(
      createAccountWithdrawal(fx.ctx, "demo", gbpBody(fx, { UltimateOriginator: { Name: "Adatum", Address: address } }))
        .ok,
    ).toBe(true);
    // demo secondary: PSP, accepts UltimateOriginator but not PaymentChargesCode.
    const secondary = {
      AccountId: fx.demo.secondary,
      CurrencyCode: "EUR",
      Amount: 10,
      BeneficiaryId: fx.secondaryEur.Id,
    };
    expect(paths(createAccountWithdrawal(fx.ctx, "demo", { ...secondary, PaymentChargesCode: "OUR" }))).toEqual([
      "PaymentChargesCode",
    ]);
    // For a PSP account only SubaccountNumber is used: an originator without one is taken (the validators warn).
    expect(createAccountWithdrawal(fx.ctx, "demo", { ...secondary, UltimateOriginator: { Name: "Adatum" } }).ok).toBe(
      true,
    );
    // The secondary has no subaccounts; the primary's subaccount numbers are not its own.
    const primarySubaccount = fx.store.accounts.get(fx.demo.subaccounts[0]!)!.AccountNumber;
    expect(
      createAccountWithdrawal(fx.ctx, "demo", {
        ...secondary,
        UltimateOriginator: { SubaccountNumber: primarySubaccount },
      }),
    ).toMatchObject({
      status: 400,
      target: "UltimateOriginator/SubaccountNumber",
    });
  });

  it("takes a PSP account's UltimateOriginator with its SubaccountNumber and a partial address (issue 20)", () => {
    const fx = fixture();
    const subaccount = fx.store.accounts.get(fx.other.subaccounts[0]!)!.AccountNumber;
    const outcome = createAccountWithdrawal(fx.ctx, "other", {
      AccountId: fx.other.primary,
      CurrencyCode: "EUR",
      Amount: 10,
      BeneficiaryId: fx.otherEur.Id,
      UltimateOriginator: { SubaccountNumber: subaccount, Address: { Town: "Leeds", CountryCode: "GB" } },
      Reference: null,
    });
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  });

  it("refuses a suspended beneficiary, a currency mismatch, another tenant's references and too much", () => {
    const fx = fixture();
    const before = JSON.stringify(fx.store.toJSON());
    const eur = { AccountId: fx.demo.primary, CurrencyCode: "EUR", Amount: 10, BeneficiaryId: fx.eur.Id };
    expect(createAccountWithdrawal(fx.ctx, "demo", { ...eur, BeneficiaryId: fx.suspended.Id })).toMatchObject({
      status: 400,
      target: "BeneficiaryId",
    });
    expect(createAccountWithdrawal(fx.ctx, "demo", { ...eur, CurrencyCode: "USD" })).toMatchObject({
      status: 400,
      target: "CurrencyCode",
    });
    expect(createAccountWithdrawal(fx.ctx, "demo", { ...eur, BeneficiaryId: fx.otherEur.Id })).toMatchObject({
      status: 400,
      target: "BeneficiaryId",
    });
    expect(createAccountWithdrawal(fx.ctx, "demo", { ...eur, BeneficiaryId: fx.secondaryEur.Id })).toMatchObject({
      status: 400,
      target: "BeneficiaryId",
    });
    expect(createAccountWithdrawal(fx.ctx, "other", eur)).toMatchObject({ status: 400, target: "AccountId" });
    expect(createAccountWithdrawal(fx.ctx, "demo", { ...eur, Amount: 120_000.01 })).toMatchObject({
      status: 400,
      code: "insufficient_funds",
      target: "Amount",
    });
    expect(JSON.stringify(fx.store.toJSON())).toBe(before);
  });
});

describe("withdrawal transitions", () => {
  function pending() {
    const fx = fixture();
    return {
      ...fx,
      fx,
      withdrawal: created(fx, gbpBody(fx)),
      initial: { value: 25_000_000, allocated: 0, processing: 0, available: 25_000_000 },
    };
  }

  it("approve P → A moves the funds to processing; approve and reject are then 410", () => {
    const { ctx, store, demo, withdrawal } = pending();
    expect(approveWithdrawal(ctx, "demo", withdrawal.Id)).toEqual({ ok: true });
    expect(store.withdrawals.get(withdrawal.Id)?.StatusCode).toBe("A");
    expect(balance(store, demo.primary, "GBP")).toMatchObject({ allocated: 0, processing: 250_000 });
    expect(approveWithdrawal(ctx, "demo", withdrawal.Id)).toMatchObject({ status: 410 });
    expect(rejectWithdrawal(ctx, "demo", withdrawal.Id)).toMatchObject({ status: 410 });
  });

  it("reject P → R returns the funds; every command is then 410", () => {
    const { ctx, store, demo, withdrawal, initial } = pending();
    expect(rejectWithdrawal(ctx, "demo", withdrawal.Id)).toEqual({ ok: true });
    expect(balance(store, demo.primary, "GBP")).toEqual(initial);
    for (const command of [approveWithdrawal, rejectWithdrawal, cancelWithdrawal])
      expect(command(ctx, "demo", withdrawal.Id)).toMatchObject({ status: 410 });
    expect(completeWithdrawal(ctx, withdrawal.Id)).toMatchObject({ status: 410 });
  });

  it("cancel returns allocated or processing funds and raises WithdrawalCanceled once", () => {
    const { ctx, store, demo, withdrawal, initial, fx } = pending();
    expect(cancelWithdrawal(ctx, "demo", withdrawal.Id)).toEqual({ ok: true });
    expect(balance(store, demo.primary, "GBP")).toEqual(initial);
    expect(cancelWithdrawal(ctx, "demo", withdrawal.Id)).toMatchObject({ status: 410 });
    const approved = created(fx, gbpBody(fx));
    approveWithdrawal(ctx, "demo", approved.Id);
    expect(cancelWithdrawal(ctx, "demo", approved.Id)).toEqual({ ok: true });
    expect(balance(store, demo.primary, "GBP")).toEqual(initial);
    expect(reasons(store).filter((reason) => reason.includes("Canceled"))).toEqual([
      `demo:WithdrawalCanceled:${withdrawal.Id}`,
      `demo:WithdrawalCanceled:${approved.Id}`,
    ]);
  });

  it("completion debits Value with a statement item and raises WithdrawalCompleted once", () => {
    const { ctx, store, demo, withdrawal } = pending();
    expect(completeWithdrawal(ctx, withdrawal.Id)).toEqual({ ok: true });
    expect(store.withdrawals.get(withdrawal.Id)?.StatusCode).toBe("C");
    expect(balance(store, demo.primary, "GBP")).toEqual({
      value: 24_750_000,
      allocated: 0,
      processing: 0,
      available: 24_750_000,
    });
    const items = store.statementItems.filter((item) => item.detail?.kind === "withdrawal");
    expect(items.map((item) => [item.AccountId, item.delta, item.runningTotal])).toEqual([
      [demo.primary, -250_000, 24_750_000],
    ]);
    expect(completeWithdrawal(ctx, withdrawal.Id)).toMatchObject({ status: 410 });
    expect(reasons(store)).toEqual([
      `demo:WithdrawalCreated:${withdrawal.Id}`,
      `demo:WithdrawalCompleted:${withdrawal.Id}`,
    ]);
  });

  it("another tenant gets 404, as for a missing withdrawal", () => {
    const { ctx, withdrawal } = pending();
    for (const command of [approveWithdrawal, rejectWithdrawal, cancelWithdrawal]) {
      expect(command(ctx, "other", withdrawal.Id)).toMatchObject({ status: 404 });
      expect(command(ctx, "demo", 999)).toMatchObject({ status: 404 });
    }
  });
});

describe("createInstructionWithdrawal", () => {
  function withExchange(status = "P") {
    const fx = fixture();
    const now = fx.ctx.clock.now().toISOString();
    const exchange = fx.store.exchanges.insert({
      Id: fx.store.nextId("exchanges"),
      tenant: "demo",
      AccountId: fx.demo.primary,
      SourceCurrencyCode: "GBP",
      TargetCurrencyCode: "EUR",
      GoalType: "Buy",
      goal: 100_000,
      rate: 1.17,
      sold: 85_470,
      bought: 100_000,
      UseAvailableFunds: false,
      StatusCode: status,
      CreatedOn: now,
      UpdatedDate: now,
      DepositReference: "FX1",
    });
    return { ...fx, fx, exchange };
  }

  it("takes the exchange's target currency and bought amount and allocates nothing", () => {
    const { ctx, store, demo, eur, exchange } = withExchange();
    const before = balance(store, demo.primary, "EUR");
    const outcome = createInstructionWithdrawal(ctx, "demo", { InstructionId: exchange.Id, BeneficiaryId: eur.Id });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    expect(outcome.withdrawal).toMatchObject({
      StatusCode: "P",
      CurrencyCode: "EUR",
      amount: 100_000,
      InstructionId: exchange.Id,
      AccountId: demo.primary,
    });
    expect(balance(store, demo.primary, "EUR")).toEqual(before);
    expect(reasons(store)).toEqual([`demo:WithdrawalCreated:${outcome.withdrawal.Id}`]);
    expect(
      createInstructionWithdrawal(ctx, "demo", { InstructionId: exchange.Id, BeneficiaryId: eur.Id }),
    ).toMatchObject({ status: 400, target: "InstructionId" });
  });

  it("refuses an unknown or another tenant's instruction, a closed one, and a beneficiary in another currency", () => {
    const { ctx, eur, gbp, exchange, store } = withExchange();
    expect(createInstructionWithdrawal(ctx, "demo", { InstructionId: 999, BeneficiaryId: eur.Id })).toMatchObject({
      status: 400,
      target: "InstructionId",
    });
    expect(
      createInstructionWithdrawal(ctx, "other", { InstructionId: exchange.Id, BeneficiaryId: eur.Id }),
    ).toMatchObject({ status: 400, target: "InstructionId" });
    expect(
      createInstructionWithdrawal(ctx, "demo", { InstructionId: exchange.Id, BeneficiaryId: gbp.Id }),
    ).toMatchObject({ status: 400, target: "BeneficiaryId" });
    store.exchanges.update(exchange.Id, { StatusCode: "X" });
    expect(
      createInstructionWithdrawal(ctx, "demo", { InstructionId: exchange.Id, BeneficiaryId: eur.Id }),
    ).toMatchObject({ status: 400, target: "InstructionId" });
  });

  it("applies the GBP rules with the exchange's target currency", () => {
    const { ctx, store, gbp, exchange } = withExchange();
    store.exchanges.update(exchange.Id, {
      SourceCurrencyCode: "EUR",
      TargetCurrencyCode: "GBP",
      BoEPurposeCodeId: BOE_GOODS,
    });
    expect(
      paths(createInstructionWithdrawal(ctx, "demo", { InstructionId: exchange.Id, BeneficiaryId: gbp.Id })),
    ).toEqual(["BoEPurposeCodeId"]);
    expect(
      createInstructionWithdrawal(ctx, "demo", {
        InstructionId: exchange.Id,
        BeneficiaryId: gbp.Id,
        BoEPurposeCodeId: BOE_GOODS,
      }).ok,
    ).toBe(true);
  });

  it("applies the exchange's own BoEPurposeCodeId rule: an exchange funding a GBP withdrawal needs one", () => {
    const { ctx, store, gbp, exchange } = withExchange();
    store.exchanges.update(exchange.Id, { SourceCurrencyCode: "EUR", TargetCurrencyCode: "GBP" });
    const before = store.toJSON();
    const body = { InstructionId: exchange.Id, BeneficiaryId: gbp.Id, BoEPurposeCodeId: BOE_GOODS };
    const refused = createInstructionWithdrawal(ctx, "demo", body);
    expect(refused).toMatchObject({ ok: false, status: 400, code: "instruction_incomplete", target: "InstructionId" });
    expect("message" in refused && refused.message).toMatch(/BoEPurposeCodeId/);
    expect(store.toJSON()).toEqual(before);
    store.exchanges.update(exchange.Id, { BoEPurposeCodeId: BOE_GOODS });
    expect(createInstructionWithdrawal(ctx, "demo", body).ok).toBe(true);
  });

  it("applies the exchange's own ReceiverLei rule with the withdrawal's beneficiary (a bank, vertical FI)", () => {
    const { ctx, store, gbp, gbpBank, exchange } = withExchange();
    store.exchanges.update(exchange.Id, {
      SourceCurrencyCode: "EUR",
      TargetCurrencyCode: "GBP",
      BoEPurposeCodeId: BOE_GOODS,
    });
    const toBank = {
      InstructionId: exchange.Id,
      BeneficiaryId: gbpBank.Id,
      BoEPurposeCodeId: BOE_GOODS,
      ReceiverLei: LEI,
    };
    const refused = createInstructionWithdrawal(ctx, "demo", toBank);
    expect(refused).toMatchObject({ status: 400, code: "instruction_incomplete", target: "InstructionId" });
    expect("message" in refused && refused.message).toMatch(/ReceiverLei/);
    // The same exchange may fund a withdrawal to a beneficiary that is no bank.
    const toCompany = { InstructionId: exchange.Id, BeneficiaryId: gbp.Id, BoEPurposeCodeId: BOE_GOODS };
    const funded = createInstructionWithdrawal(ctx, "demo", toCompany);
    expect(funded.ok).toBe(true);
    if (funded.ok) store.withdrawals.update(funded.withdrawal.Id, { StatusCode: "X" });
    store.exchanges.update(exchange.Id, { ReceiverLei: LEI });
    expect(createInstructionWithdrawal(ctx, "demo", toBank).ok).toBe(true);
  });

  it("completes only once its exchange is completed, then pays from the available balance", () => {
    const { ctx, store, demo, eur, exchange } = withExchange();
    const outcome = createInstructionWithdrawal(ctx, "demo", { InstructionId: exchange.Id, BeneficiaryId: eur.Id });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    expect(approveWithdrawal(ctx, "demo", outcome.withdrawal.Id)).toEqual({ ok: true });
    expect(completeWithdrawal(ctx, outcome.withdrawal.Id)).toMatchObject({ ok: false, status: 409 });
    store.exchanges.update(exchange.Id, { StatusCode: "C" });
    credit(store, ctx.clock, {
      accountId: demo.primary,
      currencyCode: "EUR",
      amount: 100_000,
      narrative: "Exchange bought EUR",
      detail: { kind: "exchange", id: exchange.Id },
    });
    const before = balance(store, demo.primary, "EUR");
    expect(completeWithdrawal(ctx, outcome.withdrawal.Id)).toEqual({ ok: true });
    expect(balance(store, demo.primary, "EUR")).toEqual({
      ...before,
      value: before.value - 100_000,
      available: before.available - 100_000,
    });
  });
});

describe("MT103 confirmation", () => {
  it("is refused until the withdrawal is completed, and for accounts without the feature", () => {
    const fx = fixture();
    const withdrawal = created(fx, gbpBody(fx, { PaymentChargesCode: "OUR" }));
    expect(mt103Refusal(fx.store, withdrawal)).toMatchObject({ status: 400, code: "withdrawal_not_completed" });
    completeWithdrawal(fx.ctx, withdrawal.Id);
    const completed = fx.store.withdrawals.get(withdrawal.Id)!;
    expect(mt103Refusal(fx.store, completed)).toBeUndefined();
    const text = toMt103Text(fx.store, completed);
    expect(text).toContain(`:20:W${withdrawal.Id}\n`);
    expect(text).toContain(":32A:250312GBP2500,00\n");
    expect(text).toContain(":59:/60161331926819\nFABRIKAM SUPPLIES LTD\n");
    expect(text).toContain(":70:PO-88213\n:71A:OUR\n-}");
    const secondary = created(fx, {
      AccountId: fx.demo.secondary,
      CurrencyCode: "EUR",
      Amount: 10,
      BeneficiaryId: fx.secondaryEur.Id,
    });
    completeWithdrawal(fx.ctx, secondary.Id);
    expect(mt103Refusal(fx.store, fx.store.withdrawals.get(secondary.Id)!)).toMatchObject({
      status: 400,
      code: "feature_not_enabled",
    });
  });

  it("the DTO shows the outstanding amount until completion", () => {
    const fx = fixture();
    const withdrawal = created(fx, gbpBody(fx));
    expect(toWithdrawalDto(fx.store, withdrawal)).toMatchObject({
      Amount: 2500,
      OutstandingAmount: 2500,
      Status: "Pending",
      Beneficiary: { Id: fx.gbp.Id, Status: "Enabled" },
    });
    completeWithdrawal(fx.ctx, withdrawal.Id);
    expect(toWithdrawalDto(fx.store, fx.store.withdrawals.get(withdrawal.Id)!)).toMatchObject({
      OutstandingAmount: 0,
      StatusCode: "C",
      Status: "Completed",
    });
  });
});
