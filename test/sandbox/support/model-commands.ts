/**
 * The commands of the model-based test, as fast-check `AsyncCommand`s over the HTTP API (through
 * `client.withResponse`, so declared error statuses come back as values) and the control API (completion).
 *
 * A command is generated without the model, so amounts and ids are generated as *intentions* (a share of what is
 * available, "everything", "one minor unit more than available", the n-th entity of the run, an unknown id) and
 * resolved against the model when the command runs; the failure message shows the resolved request.
 *
 * After every command: the status is the predicted one; the balances are the model's (Value, Allocated,
 * Processing, with Available = Value − Allocated − Processing ≥ 0); each currency's statement sums to Value with
 * consistent running totals; the entity the command created or moved reads back with the model's amounts and
 * status.
 */
import fc from "fast-check";
import {
  availableOf,
  CURRENCIES,
  halfwaySellGoal,
  predictCreateExchange,
  predictCreatePayment,
  predictExchangeAction,
  predictPaymentAction,
  type AccountModel,
  type CreateExchangeRequest,
  type CreatePaymentRequest,
  type Currency,
  type ExchangeAction,
  type PaymentAction,
  type PaymentKind,
  type Prediction,
  type RequestedAmount,
} from "./model-state.js";
import {
  completeThroughControl,
  majorOf,
  minorOf,
  rateKey,
  readFunds,
  RECEIVER_LEI,
  statementTotal,
  type ModelWorld,
} from "./model-sandbox.js";

export interface RealSystem {
  readonly world: ModelWorld;
}

type ModelCommand = fc.AsyncCommand<AccountModel, RealSystem>;

/** An id out of every tenant's reach (int32, so the path parameter is valid). */
const MISSING_ID = 2_000_000_000;

// ---------------------------------------------------------------------------------------------------------------
// Intentions

/** How much to ask for, relative to what is available when the command runs. */
export type AmountIntent =
  | { readonly kind: "share"; readonly perMille: number }
  | { readonly kind: "absent" }
  | { readonly kind: "all" }
  | { readonly kind: "allPlusOne" }
  | { readonly kind: "subMinor" }
  | { readonly kind: "zero" };

export const amountIntent: fc.Arbitrary<AmountIntent> = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 250 }).map((perMille) => ({ kind: "share", perMille }) as const) },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 1001, max: 2000 }).map((perMille) => ({ kind: "share", perMille }) as const),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "absent" } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: "all" } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: "allPlusOne" } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: "subMinor" } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: "zero" } as const) },
);

function resolveAmount(intent: AmountIntent, available: number, decimals: number): RequestedAmount {
  switch (intent.kind) {
    case "share":
      return { kind: "minor", minor: Math.max(1, Math.floor((available * intent.perMille) / 1000)) };
    case "absent":
      return { kind: "absent" };
    case "all":
      return { kind: "minor", minor: available };
    case "allPlusOne":
      return { kind: "minor", minor: available + 1 };
    case "subMinor":
      // One digit more than the currency has: 12.345 for a two-decimal currency.
      return { kind: "subMinor", major: Number((12.34 + 5 / 10 ** (decimals + 1)).toFixed(decimals + 1)) };
    case "zero":
      return { kind: "minor", minor: 0 };
  }
}

const amountField = (amount: RequestedAmount, decimals: number): { Amount?: number } =>
  amount.kind === "absent" ? {} : { Amount: amount.kind === "minor" ? majorOf(amount.minor, decimals) : amount.major };

/** Which entity a command acts on: the n-th the run created (of that kind), a missing id, or another tenant's. */
export type TargetIntent =
  | { readonly kind: "existing"; readonly index: number }
  | { readonly kind: "missing" }
  | { readonly kind: "otherTenant" };

export const targetIntent: fc.Arbitrary<TargetIntent> = fc.oneof(
  { weight: 8, arbitrary: fc.nat({ max: 40 }).map((index) => ({ kind: "existing", index }) as const) },
  { weight: 1, arbitrary: fc.constant({ kind: "missing" } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: "otherTenant" } as const) },
);

/** The id to send and the model's entity behind it (undefined: the caller cannot see it, 404). */
function resolveTarget<T extends { readonly id: number }>(
  intent: TargetIntent,
  rows: readonly T[],
  otherTenantId: number,
  control: boolean,
): { id: number; row: T | undefined } {
  if (intent.kind === "existing" && rows.length > 0) {
    const row = rows[intent.index % rows.length]!;
    return { id: row.id, row };
  }
  // The control API acts for every tenant: another tenant's id would really be completed there, so it gets a missing one.
  if (intent.kind === "otherTenant" && !control) return { id: otherTenantId, row: undefined };
  return { id: MISSING_ID, row: undefined };
}

const show = (value: unknown): string => JSON.stringify(value);

// ---------------------------------------------------------------------------------------------------------------
// Checks shared by every command

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly createdId?: number;
}

async function expectPrediction(
  model: AccountModel,
  real: RealSystem,
  what: string,
  prediction: Prediction,
  answer: Answer,
): Promise<number | undefined> {
  if (answer.status !== prediction.status) {
    throw new Error(`${what}: expected ${prediction.status}, got ${answer.status} ${show(answer.body)}`);
  }
  if (answer.status === 201 && answer.createdId === undefined) throw new Error(`${what}: 201 without an Id`);
  prediction.apply?.(model, answer.createdId);
  await expectFunds(model, real, what);
  return answer.createdId;
}

/** The real balances are the model's, and each statement sums to its Value. */
export async function expectFunds(model: AccountModel, real: RealSystem, what: string): Promise<void> {
  const [funds, ...totals] = await Promise.all([
    readFunds(real.world),
    ...CURRENCIES.map((currency) => statementTotal(real.world, currency)),
  ]);
  for (const [index, currency] of CURRENCIES.entries()) {
    const expected = model.funds[currency];
    const actual = funds[currency];
    if (
      actual.value !== expected.value ||
      actual.allocated !== expected.allocated ||
      actual.processing !== expected.processing
    ) {
      throw new Error(
        `${what}: ${currency} balance ${show(actual)} ≠ model ${show({ ...expected, available: availableOf(expected) })} (minor units)`,
      );
    }
    const total = totals[index];
    if (total !== actual.value)
      throw new Error(
        `${what}: ${currency} statement sums to ${String(total)}, Value is ${actual.value} (minor units)`,
      );
  }
}

const statusTexts: Readonly<Record<string, string>> = {
  P: "Pending",
  L: "Allocated",
  A: "Approved",
  C: "Completed",
  R: "Rejected",
  X: "Cancelled",
};

function expectStatus(
  what: string,
  entity: { StatusCode?: string | null; Status?: string | null },
  code: string,
): void {
  if (entity.StatusCode !== code || entity.Status !== statusTexts[code]) {
    throw new Error(
      `${what}: entity has StatusCode ${show(entity.StatusCode)} Status ${show(entity.Status)}, model says ${code} ${statusTexts[code]}`,
    );
  }
}

/** The payment as the API shows it: amount, currency and status as the model has them. */
async function expectPayment(
  model: AccountModel,
  real: RealSystem,
  kind: PaymentKind,
  id: number,
  what: string,
): Promise<void> {
  const payment = model.payments[kind].find((row) => row.id === id);
  if (payment === undefined) return;
  const { client, decimals } = real.world;
  const entity =
    kind === "transfer"
      ? await client.outboundTransfers.getOutboundTransfer(id)
      : await client.withdrawals.getWithdrawal(id);
  const amount = minorOf(entity.Amount ?? Number.NaN, decimals[payment.currency], `${kind} ${id} Amount`);
  if (amount !== payment.amount || entity.CurrencyCode !== payment.currency) {
    throw new Error(
      `${what}: ${kind} ${id} reads ${entity.Amount} ${String(entity.CurrencyCode)}, model has ${payment.amount} minor ${payment.currency}`,
    );
  }
  expectStatus(`${what}: ${kind} ${id}`, entity, payment.status);
}

async function expectExchange(model: AccountModel, real: RealSystem, id: number, what: string): Promise<void> {
  const exchange = model.exchanges.find((row) => row.id === id);
  if (exchange === undefined) return;
  const { client, decimals } = real.world;
  const entity = await client.exchanges.getExchange(id);
  const sold = minorOf(entity.Sold ?? Number.NaN, decimals[exchange.source], `exchange ${id} Sold`);
  const bought = minorOf(entity.Bought ?? Number.NaN, decimals[exchange.target], `exchange ${id} Bought`);
  if (sold !== exchange.sold || bought !== exchange.bought) {
    throw new Error(
      `${what}: exchange ${id} ${exchange.source}/${exchange.target} Sold ${entity.Sold} Bought ${entity.Bought}, ` +
        `the model prices it (mid rate, exact decimals, half up) at Sold ${majorOf(exchange.sold, decimals[exchange.source])} Bought ${majorOf(exchange.bought, decimals[exchange.target])}`,
    );
  }
  expectStatus(`${what}: exchange ${id}`, entity, exchange.status);
}

function answerOf(result: { ok: boolean; status: number; data?: unknown; error?: unknown }): Answer {
  const data = result.ok ? result.data : result.error;
  const id =
    result.status === 201 && typeof data === "object" && data !== null && "Id" in data && typeof data.Id === "number"
      ? data.Id
      : undefined;
  return id === undefined
    ? { status: result.status, body: data }
    : { status: result.status, body: data, createdId: id };
}

// ---------------------------------------------------------------------------------------------------------------
// Transfers and withdrawals

/** `otherCurrency`: the beneficiary is paid in another currency; `noBoE`: no BoEPurposeCodeId (a rule break for GBP). */
export type PaymentVariant = "valid" | "otherCurrency" | "noBoE";

export class CreatePayment implements ModelCommand {
  constructor(
    readonly kind: PaymentKind,
    readonly currency: Currency,
    readonly amount: AmountIntent,
    readonly variant: PaymentVariant,
    readonly beneficiaryPick: number,
    readonly reference: string | undefined,
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: AccountModel, real: RealSystem): Promise<void> {
    const { world } = real;
    const decimals = world.decimals[this.currency];
    const amount = resolveAmount(this.amount, availableOf(model.funds[this.currency]), decimals);
    const beneficiaryCurrency = this.variant === "otherCurrency" ? otherCurrency(this.currency) : this.currency;
    const valid =
      this.variant === "valid" || (this.variant === "noBoE" && (this.kind === "transfer" || this.currency !== "GBP"));
    const request: CreatePaymentRequest = { kind: this.kind, currency: this.currency, amount, valid };
    const prediction = predictCreatePayment(model, request);
    const common = {
      AccountId: world.accountId,
      CurrencyCode: this.currency,
      ...amountField(amount, decimals),
      ...(this.reference === undefined ? {} : { Reference: this.reference }),
    };

    let answer: Answer;
    let body: Record<string, unknown>;
    if (this.kind === "transfer") {
      const transfer = { ...common, BeneficiaryId: world.transferBeneficiary[beneficiaryCurrency] };
      body = transfer;
      answer = answerOf(await world.client.withResponse.transfers.createAccountTransfer(transfer));
    } else {
      const candidates = world.withdrawalBeneficiaries[beneficiaryCurrency];
      const sterling =
        this.currency === "GBP"
          ? {
              ReceiverLei: RECEIVER_LEI,
              ...(this.variant === "noBoE" ? {} : { BoEPurposeCodeId: world.boePurposeCodeId }),
            }
          : {};
      const withdrawal = {
        ...common,
        BeneficiaryId: candidates[this.beneficiaryPick % candidates.length]!,
        ...sterling,
      };
      body = withdrawal;
      answer = answerOf(await world.client.withResponse.withdrawals.createAccountWithdrawal(withdrawal));
    }
    const what = `${this.toString()} sent ${show(body)}`;
    const id = await expectPrediction(model, real, what, prediction, answer);
    if (id !== undefined) await expectPayment(model, real, this.kind, id, what);
  }

  toString(): string {
    return `create ${this.kind} ${this.currency} amount=${show(this.amount)} ${this.variant}${this.reference === undefined ? "" : ` ref=${show(this.reference)}`}`;
  }
}

const otherCurrency = (currency: Currency): Currency =>
  CURRENCIES[(CURRENCIES.indexOf(currency) + 1) % CURRENCIES.length]!;

export class ActOnPayment implements ModelCommand {
  constructor(
    readonly kind: PaymentKind,
    readonly action: PaymentAction,
    readonly target: TargetIntent,
  ) {}

  /** An "existing" target needs an entity of the run; the missing and other-tenant ones cover 404. */
  check(model: Readonly<AccountModel>): boolean {
    return this.target.kind !== "existing" || model.payments[this.kind].length > 0;
  }

  async run(model: AccountModel, real: RealSystem): Promise<void> {
    const { world } = real;
    const { id, row } = resolveTarget(
      this.target,
      model.payments[this.kind],
      world.otherTenant[this.kind],
      this.action === "complete",
    );
    const prediction = predictPaymentAction(row, this.action);
    const answer = await this.send(world, id);
    const what = `${this.toString()} on ${this.kind} ${id}${row === undefined ? "" : ` (model: ${row.status}, ${row.amount} minor ${row.currency})`}`;
    await expectPrediction(model, real, what, prediction, answer);
    await expectPayment(model, real, this.kind, id, what);
  }

  private async send(world: ModelWorld, id: number): Promise<Answer> {
    if (this.action === "complete")
      return completeThroughControl(world, this.kind === "transfer" ? "transfers" : "withdrawals", id);
    const api = world.client.withResponse;
    if (this.kind === "transfer") {
      const call = {
        approve: api.transfers.approveTransfer,
        reject: api.transfers.rejectTransfer,
        cancel: api.transfers.cancelTransfer,
      }[this.action];
      return answerOf(await call(id));
    }
    const call = {
      approve: api.withdrawals.approveWithdrawal,
      reject: api.withdrawals.rejectWithdrawal,
      cancel: api.withdrawals.cancelWithdrawal,
    }[this.action];
    return answerOf(await call(id));
  }

  toString(): string {
    return `${this.action} ${this.kind} ${show(this.target)}`;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Exchanges

/** How much to buy or sell: a share of the source currency's available funds, a halfway case, or a bad goal. */
export type GoalIntent = AmountIntent | { readonly kind: "halfway"; readonly from: number };

/**
 * Goal type and goal together: a halfway goal only exists for Sell (Bought = goal × rate can end in exactly half a
 * minor unit; goal / rate practically never does), so it comes with Sell.
 */
export const goalTypeAndIntent: fc.Arbitrary<{ goalType: "Buy" | "Sell"; goal: GoalIntent }> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      goalType: fc.constantFrom<"Buy" | "Sell">("Buy", "Sell"),
      goal: amountIntent.filter((intent) => intent.kind !== "absent"),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      goalType: fc.constant<"Sell">("Sell"),
      goal: fc.integer({ min: 1, max: 1_000_000 }).map((from) => ({ kind: "halfway", from }) as const),
    }),
  },
);

export class CreateExchange implements ModelCommand {
  constructor(
    readonly source: Currency,
    readonly target: Currency,
    readonly goalType: "Buy" | "Sell",
    readonly goal: GoalIntent,
    readonly useAvailableFunds: boolean | undefined,
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: AccountModel, real: RealSystem): Promise<void> {
    const { world } = real;
    const rate = world.rates.get(rateKey(this.source, this.target));
    const goalCurrency = this.goalType === "Buy" ? this.target : this.source;
    const decimals = world.decimals[goalCurrency];
    const goal = this.resolveGoal(model, world);
    const request: CreateExchangeRequest = {
      source: this.source,
      target: this.target,
      goalType: this.goalType,
      goal,
      useAvailableFunds: this.useAvailableFunds === true,
    };
    const prediction = predictCreateExchange(model, request, rate, world.decimals);
    const body = {
      AccountId: world.accountId,
      SourceCurrencyCode: this.source,
      TargetCurrencyCode: this.target,
      Goal: goal.kind === "minor" ? majorOf(goal.minor, decimals) : goal.kind === "subMinor" ? goal.major : 0,
      GoalType: this.goalType,
      ...(this.useAvailableFunds === undefined ? {} : { UseAvailableFunds: this.useAvailableFunds }),
    };
    const answer = answerOf(await world.client.withResponse.exchanges.createExchange(body));
    const what = `${this.toString()} sent ${show(body)}`;
    const id = await expectPrediction(model, real, what, prediction, answer);
    if (id !== undefined) await expectExchange(model, real, id, what);
  }

  /** The goal in minor units of the goal currency; a share of the source's available funds, converted for Buy. */
  private resolveGoal(model: AccountModel, world: ModelWorld): RequestedAmount {
    const rate = world.rates.get(rateKey(this.source, this.target));
    const goalCurrency = this.goalType === "Buy" ? this.target : this.source;
    const decimals = world.decimals[goalCurrency];
    if (this.goal.kind === "halfway") {
      const halfway =
        this.goalType === "Sell" && rate !== undefined
          ? halfwaySellGoal(this.goal.from, rate, world.decimals[this.source], world.decimals[this.target])
          : undefined;
      return { kind: "minor", minor: halfway ?? this.goal.from };
    }
    const available = availableOf(model.funds[this.source]);
    const inGoalCurrency =
      this.goalType === "Buy" && rate !== undefined
        ? Math.floor(available * rate.value * 10 ** (decimals - world.decimals[this.source]))
        : available;
    return resolveAmount(this.goal, inGoalCurrency, decimals);
  }

  toString(): string {
    return `create exchange ${this.goalType} ${this.source}→${this.target} goal=${show(this.goal)} UseAvailableFunds=${String(this.useAvailableFunds)}`;
  }
}

export class ActOnExchange implements ModelCommand {
  constructor(
    readonly action: ExchangeAction,
    readonly target: TargetIntent,
  ) {}

  check(model: Readonly<AccountModel>): boolean {
    return this.target.kind !== "existing" || model.exchanges.length > 0;
  }

  async run(model: AccountModel, real: RealSystem): Promise<void> {
    const { world } = real;
    const { id, row } = resolveTarget(
      this.target,
      model.exchanges,
      world.otherTenant.exchange,
      this.action === "complete",
    );
    const prediction = predictExchangeAction(row, this.action, model);
    const answer = await this.send(world, id);
    const what = `${this.toString()} on exchange ${id}${row === undefined ? "" : ` (model: ${row.status}, sells ${row.sold} minor ${row.source})`}`;
    await expectPrediction(model, real, what, prediction, answer);
    await expectExchange(model, real, id, what);
  }

  private async send(world: ModelWorld, id: number): Promise<Answer> {
    if (this.action === "complete") return completeThroughControl(world, "exchanges", id);
    const api = world.client.withResponse.exchanges;
    const call = {
      allocate: api.allocateExchange,
      approve: api.approveExchange,
      reject: api.rejectExchange,
      cancel: api.cancelExchange,
    }[this.action];
    return answerOf(await call(id));
  }

  toString(): string {
    return `${this.action} exchange ${show(this.target)}`;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries

const currency = fc.constantFrom(...CURRENCIES);
const paymentKind = fc.constantFrom<PaymentKind>("transfer", "withdrawal");

const createPayment: fc.Arbitrary<ModelCommand> = fc
  .record({
    kind: paymentKind,
    currency,
    amount: amountIntent,
    variant: fc.constantFrom<PaymentVariant>(
      "valid",
      "valid",
      "valid",
      "valid",
      "valid",
      "valid",
      "otherCurrency",
      "noBoE",
    ),
    beneficiaryPick: fc.nat({ max: 3 }),
    reference: fc.option(fc.constantFrom("INV-1", "Q3 float", "PO 88/12"), { nil: undefined }),
  })
  .map((c) => new CreatePayment(c.kind, c.currency, c.amount, c.variant, c.beneficiaryPick, c.reference));

const actOnPayment: fc.Arbitrary<ModelCommand> = fc
  .record({
    kind: paymentKind,
    action: fc.constantFrom<PaymentAction>("approve", "reject", "cancel", "complete"),
    target: targetIntent,
  })
  .map((c) => new ActOnPayment(c.kind, c.action, c.target));

/** Mostly distinct pairs; now and then the same currency on both sides (400). */
const currencyPair: fc.Arbitrary<[Currency, Currency]> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .tuple(currency, fc.integer({ min: 1, max: 2 }))
      .map(
        ([source, shift]) => [source, CURRENCIES[(CURRENCIES.indexOf(source) + shift) % 3]!] as [Currency, Currency],
      ),
  },
  { weight: 1, arbitrary: currency.map((same) => [same, same] as [Currency, Currency]) },
);

const createExchange: fc.Arbitrary<ModelCommand> = fc
  .record({
    pair: currencyPair,
    goal: goalTypeAndIntent,
    useAvailableFunds: fc.option(fc.boolean(), { nil: undefined }),
  })
  .map((c) => new CreateExchange(c.pair[0], c.pair[1], c.goal.goalType, c.goal.goal, c.useAvailableFunds));

const actOnExchange: fc.Arbitrary<ModelCommand> = fc
  .record({
    action: fc.constantFrom<ExchangeAction>("allocate", "approve", "reject", "cancel", "complete"),
    target: targetIntent,
  })
  .map((c) => new ActOnExchange(c.action, c.target));

export function modelCommands(maxCommands: number): fc.Arbitrary<Iterable<ModelCommand>> {
  return fc.commands(
    [
      createPayment,
      createPayment,
      actOnPayment,
      actOnPayment,
      actOnPayment,
      createExchange,
      actOnExchange,
      actOnExchange,
    ],
    { maxCommands, size: "max" },
  );
}
