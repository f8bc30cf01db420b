/**
 * The model of the model-based test: one account of the demo user in three currencies, in integer minor units,
 * and the transfers, withdrawals and exchanges the run created on it. Every prediction is a pure function of
 * the model and the resolved request: the HTTP status the sandbox must answer and the change it must make.
 *
 * The rules are the sandbox's (sandbox/src/model/domain/{balances,transfers,withdrawals,exchanges}.ts), restated
 * here independently:
 *   Value      funds on the account; changes only on completion (with a statement item);
 *   Allocated  held by Pending transfers/withdrawals and by Allocated/Approved exchanges;
 *   Processing held by Approved transfers/withdrawals;
 *   Available  Value − Allocated − Processing ≥ 0.
 * Transfers/withdrawals: create → P; approve P → A; reject P → R; cancel P|A → X; complete (control API) P|A → C;
 * 410 in C, R, X (and approve in A, reject in A). Exchanges: create → P, or L with UseAvailableFunds; allocate
 * P → L when the sold amount is available (else, and in any other state, 200 and no change); approve L → A;
 * reject P|L → R; cancel P|L|A → X; complete A → C; 410 otherwise. Unknown ids (or another tenant's) are 404.
 */

export const CURRENCIES = ["GBP", "EUR", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];

export type PaymentKind = "transfer" | "withdrawal";
export type PaymentStatus = "P" | "A" | "C" | "R" | "X";
export type ExchangeStatus = "P" | "L" | "A" | "C" | "R" | "X";
export type PaymentAction = "approve" | "reject" | "cancel" | "complete";
export type ExchangeAction = "allocate" | "approve" | "reject" | "cancel" | "complete";

export interface Funds {
  value: number;
  allocated: number;
  processing: number;
}

export interface ModelPayment {
  readonly kind: PaymentKind;
  readonly id: number;
  readonly currency: Currency;
  readonly amount: number;
  status: PaymentStatus;
}

export interface ModelExchange {
  readonly id: number;
  readonly source: Currency;
  readonly target: Currency;
  readonly sold: number;
  readonly bought: number;
  status: ExchangeStatus;
}

export interface ExpectedEvent {
  readonly reason: string;
  readonly entityType: "Transfer" | "Withdrawal";
  readonly id: number;
}

export interface AccountModel {
  readonly funds: Record<Currency, Funds>;
  /** In creation order, so that a generated index picks the same entity on every replay. */
  readonly payments: Record<PaymentKind, ModelPayment[]>;
  readonly exchanges: ModelExchange[];
  /** The webhook events of the demo tenant, in the order the commands raise them. */
  readonly events: ExpectedEvent[];
  /** What completed transfers credited to the beneficiary account (another account of the demo user). */
  readonly credited: Record<Currency, number>;
}

/** A mid rate as an exact decimal fraction (numerator / 10^k), so the model rounds without binary noise. */
export interface ExactRate {
  readonly value: number;
  readonly numerator: bigint;
  readonly denominator: bigint;
}

export function exactRate(value: number): ExactRate {
  const text = String(value);
  if (!/^\d+(\.\d+)?$/.test(text)) throw new Error(`mid rate ${text} is not a plain decimal`);
  const fraction = text.split(".")[1] ?? "";
  return { value, numerator: BigInt(text.replace(".", "")), denominator: 10n ** BigInt(fraction.length) };
}

/** n / d rounded half up (n, d > 0): the rounding rates.ts documents for Sold and Bought. */
function roundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** Sold and Bought in minor units: Buy: bought = goal, sold = goal / rate; Sell: sold = goal, bought = goal × rate. */
export function priceExchange(
  goalType: "Buy" | "Sell",
  goal: number,
  rate: ExactRate,
  sourceDecimals: number,
  targetDecimals: number,
): { sold: number; bought: number } {
  const source = 10n ** BigInt(sourceDecimals);
  const target = 10n ** BigInt(targetDecimals);
  const g = BigInt(goal);
  return goalType === "Sell"
    ? { sold: goal, bought: roundHalfUp(g * rate.numerator * target, source * rate.denominator) }
    : { bought: goal, sold: roundHalfUp(g * source * rate.denominator, target * rate.numerator) };
}

/**
 * The smallest Sell goal ≥ `from` whose exact Bought lies halfway between two minor units, or undefined when the
 * pair has none nearby: the case where float arithmetic and half-up rounding can disagree.
 */
export function halfwaySellGoal(
  from: number,
  rate: ExactRate,
  sourceDecimals: number,
  targetDecimals: number,
): number | undefined {
  const denominator = 10n ** BigInt(sourceDecimals) * rate.denominator;
  if (denominator % 2n !== 0n) return undefined;
  const step = rate.numerator * 10n ** BigInt(targetDecimals);
  for (let goal = Math.max(1, from); goal < from + 200_000; goal += 1) {
    if ((BigInt(goal) * step) % denominator === denominator / 2n) return goal;
  }
  return undefined;
}

export const availableOf = (funds: Funds): number => funds.value - funds.allocated - funds.processing;

export function emptyModel(funds: Record<Currency, Funds>): AccountModel {
  return {
    funds,
    payments: { transfer: [], withdrawal: [] },
    exchanges: [],
    events: [],
    credited: { GBP: 0, EUR: 0, USD: 0 },
  };
}

/** What the sandbox must answer, and what the answer changes (given the created id for a 201). */
export interface Prediction {
  readonly status: 200 | 201 | 400 | 404 | 410;
  readonly apply?: (model: AccountModel, createdId?: number) => void;
  /** For a 201: what the created entity must look like. */
  readonly creates?: {
    readonly amount?: number;
    readonly sold?: number;
    readonly bought?: number;
    readonly status: string;
  };
}

const refused = (status: 400 | 404 | 410): Prediction => ({ status });
const unchanged: Prediction = { status: 200 };

const entityTypeOf = (kind: PaymentKind): "Transfer" | "Withdrawal" =>
  kind === "transfer" ? "Transfer" : "Withdrawal";
const reasonPrefix = entityTypeOf;

/** The amount of a create request after the client chose it: absent, a whole number of minor units, or finer. */
export type RequestedAmount =
  | { readonly kind: "absent" }
  | { readonly kind: "minor"; readonly minor: number }
  | { readonly kind: "subMinor"; readonly major: number };

export interface CreatePaymentRequest {
  readonly kind: PaymentKind;
  readonly currency: Currency;
  readonly amount: RequestedAmount;
  /** False when the body breaks a rule (a GBP withdrawal without BoEPurposeCodeId) or names a beneficiary of another currency. */
  readonly valid: boolean;
}

export function predictCreatePayment(model: AccountModel, request: CreatePaymentRequest): Prediction {
  if (!request.valid) return refused(400);
  const available = availableOf(model.funds[request.currency]);
  let amount: number;
  switch (request.amount.kind) {
    case "absent":
      // "the maximum transferable amount": everything available, refused when nothing is.
      if (available <= 0) return refused(400);
      amount = available;
      break;
    case "subMinor":
      return refused(400);
    case "minor":
      if (request.amount.minor <= 0 || request.amount.minor > available) return refused(400);
      amount = request.amount.minor;
      break;
  }
  return {
    status: 201,
    creates: { amount, status: "P" },
    apply: (next, id) => {
      if (id === undefined) throw new Error("a created payment needs its id");
      next.funds[request.currency].allocated += amount;
      next.payments[request.kind].push({ kind: request.kind, id, currency: request.currency, amount, status: "P" });
      next.events.push({ reason: `${reasonPrefix(request.kind)}Created`, entityType: entityTypeOf(request.kind), id });
    },
  };
}

/** `payment` undefined: an id the caller cannot see (missing, or another tenant's). */
export function predictPaymentAction(payment: ModelPayment | undefined, action: PaymentAction): Prediction {
  if (payment === undefined) return refused(404);
  const { status, amount, currency, kind, id } = payment;
  const move = (to: PaymentStatus, change: (funds: Funds) => void, reasons: readonly string[] = []): Prediction => ({
    status: 200,
    apply: (model) => {
      const held = find(model.payments[kind], id);
      change(model.funds[currency]);
      if (to === "C" && kind === "transfer") model.credited[currency] += amount;
      held.status = to;
      for (const reason of reasons) model.events.push({ reason, entityType: entityTypeOf(kind), id });
    },
  });
  if (status === "C" || status === "R" || status === "X") return refused(410);
  switch (action) {
    case "approve":
      return status === "P" ? move("A", (f) => ((f.allocated -= amount), (f.processing += amount))) : refused(410);
    case "reject":
      return status === "P" ? move("R", (f) => (f.allocated -= amount)) : refused(410);
    case "cancel":
      return move("X", (f) => (status === "P" ? (f.allocated -= amount) : (f.processing -= amount)), [
        `${reasonPrefix(kind)}Canceled`,
      ]);
    case "complete": {
      // A Pending one is approved first; either way the funds leave Value.
      const completed =
        kind === "transfer" ? ["TransferCompleted", "IncomingTransferCompleted"] : ["WithdrawalCompleted"];
      return move(
        "C",
        (f) => {
          f.value -= amount;
          if (status === "P") f.allocated -= amount;
          else f.processing -= amount;
        },
        completed,
      );
    }
  }
}

export interface CreateExchangeRequest {
  readonly source: Currency;
  readonly target: Currency;
  readonly goalType: "Buy" | "Sell";
  readonly goal: RequestedAmount;
  readonly useAvailableFunds: boolean;
}

export function predictCreateExchange(
  model: AccountModel,
  request: CreateExchangeRequest,
  rate: ExactRate | undefined,
  decimals: Record<Currency, number>,
): Prediction {
  if (request.source === request.target || rate === undefined) return refused(400);
  if (request.goal.kind !== "minor" || request.goal.minor <= 0) return refused(400);
  const { sold, bought } = priceExchange(
    request.goalType,
    request.goal.minor,
    rate,
    decimals[request.source],
    decimals[request.target],
  );
  if (sold <= 0 || bought <= 0) return refused(400);
  if (request.useAvailableFunds && sold > availableOf(model.funds[request.source])) return refused(400);
  const status: ExchangeStatus = request.useAvailableFunds ? "L" : "P";
  return {
    status: 201,
    creates: { sold, bought, status },
    apply: (next, id) => {
      if (id === undefined) throw new Error("a created exchange needs its id");
      if (request.useAvailableFunds) next.funds[request.source].allocated += sold;
      next.exchanges.push({ id, source: request.source, target: request.target, sold, bought, status });
    },
  };
}

export function predictExchangeAction(
  exchange: ModelExchange | undefined,
  action: ExchangeAction,
  model: AccountModel,
): Prediction {
  if (exchange === undefined) return refused(404);
  const { status, sold, bought, source, target, id } = exchange;
  const move = (to: ExchangeStatus, change: (next: AccountModel) => void = () => undefined): Prediction => ({
    status: 200,
    apply: (next) => {
      change(next);
      find(next.exchanges, id).status = to;
    },
  });
  const release = (next: AccountModel): void => {
    if (status === "L" || status === "A") next.funds[source].allocated -= sold;
  };
  switch (action) {
    case "allocate":
      // Declared statuses are only 200 and 404: an exchange that cannot be allocated stays as it is.
      if (status !== "P" || sold > availableOf(model.funds[source])) return unchanged;
      return move("L", (next) => (next.funds[source].allocated += sold));
    case "approve":
      return status === "L" ? move("A") : refused(410);
    case "reject":
      return status === "P" || status === "L" ? move("R", release) : refused(410);
    case "cancel":
      return status === "P" || status === "L" || status === "A" ? move("X", release) : refused(410);
    case "complete":
      if (status !== "A") return refused(410);
      return move("C", (next) => {
        next.funds[source].value -= sold;
        next.funds[source].allocated -= sold;
        next.funds[target].value += bought;
      });
  }
}

function find<T extends { readonly id: number }>(rows: readonly T[], id: number): T {
  const row = rows.find((candidate) => candidate.id === id);
  if (row === undefined) throw new Error(`the model has no entity ${id}`);
  return row;
}

/** Amounts each holding state keeps reserved, summed over the model's entities (for the concurrency check). */
export function heldByEntities(
  model: Pick<AccountModel, "payments" | "exchanges">,
): Record<Currency, { allocated: number; processing: number }> {
  const held = Object.fromEntries(CURRENCIES.map((currency) => [currency, { allocated: 0, processing: 0 }])) as Record<
    Currency,
    { allocated: number; processing: number }
  >;
  for (const payment of [...model.payments.transfer, ...model.payments.withdrawal]) {
    if (payment.status === "P") held[payment.currency].allocated += payment.amount;
    if (payment.status === "A") held[payment.currency].processing += payment.amount;
  }
  for (const exchange of model.exchanges) {
    if (exchange.status === "L" || exchange.status === "A") held[exchange.source].allocated += exchange.sold;
  }
  return held;
}
