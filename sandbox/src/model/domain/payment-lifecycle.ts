/**
 * The one lifecycle of transfers and withdrawals (the spec's x-assumed-values), for either kind of payment:
 *
 *   create   → P       funds allocated (when the payment holds funds); <Kind>Created
 *   approve  P → A     allocated funds move to processing
 *   reject   P → R     allocated funds returned
 *   cancel   P|A → X   funds returned (allocated, or processing once approved); <Kind>Canceled
 *   complete A → C     (a Pending one is approved first; the control API) the kind settles: funds leave the
 *                      account with a statement item (and arrive on the receiving account), <Kind>Completed
 *
 * C, R and X are final: every command answers 410 there; a payment that is not the tenant's is 404, worded as
 * one that does not exist. A payment that holds no funds while it waits (an instruction withdrawal, paid from
 * what its exchange buys) moves none on approve, reject or cancel. Every command runs inside
 * `store.atomically`, so a refused one changes nothing.
 */
import type { TenantId } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import type { Table } from "../../foundation/state/table.js";
import type { CountedTableName } from "../../foundation/state/tables.js";
import type { EventReason } from "../webhooks/event-sink.js";
import { allocate, availableOf, balanceOf, InsufficientFunds, release, startProcessing } from "./balances.js";
import type { DomainContext } from "./context.js";
import { decimalsOf, fromMinor, toMinor } from "./money.js";
import { done, type Done } from "./outcomes.js";
import { badRequest, gone, isRefusal, notFound, refuse, type CommandRefusal } from "./refusals.js";
import { finalPaymentStatuses, paymentStatuses, statusText, type PaymentStatusCode } from "./statuses.js";

/** What the lifecycle reads of a payment record. */
export interface Payment {
  readonly Id: number;
  readonly tenant: TenantId;
  readonly AccountId: number;
  readonly CurrencyCode: string;
  /** Minor units. */
  readonly amount: number;
  readonly StatusCode: string;
}

/** What the lifecycle writes: a new status (and, on completion, the value date). */
export interface PaymentMove {
  readonly StatusCode: PaymentStatusCode;
  readonly ValueDate?: string;
}

/** A webhook event a completion raises. */
export interface RaisedEvent {
  readonly tenant: TenantId;
  readonly reason: EventReason;
}

/** A kind of payment: how the lifecycle finds, moves and settles it. */
export interface PaymentKind<P extends Payment> {
  /** Its name in messages ("Transfer 7 is already approved.") and its events (`TransferCreated`, `...Canceled`). */
  readonly noun: "Transfer" | "Withdrawal";
  readonly table: (store: Store) => Table<P>;
  /** The counter its ids come from. */
  readonly counter: CountedTableName;
  /** Writes a move to the payment's record. */
  readonly move: (store: Store, id: number, to: PaymentMove) => P;
  /** Whether it holds funds (allocated, then processing) while it waits. */
  readonly holdsFunds: (payment: P) => boolean;
  /** Why it cannot complete yet (409), checked before completing; none when it can. */
  readonly notReady?: (store: Store, payment: P) => CommandRefusal | undefined;
  /**
   * Completion, inside the command, once approved: moves the funds (with statement items) and returns the
   * events it raises, in order, after the status moved to C.
   */
  readonly settle: (ctx: DomainContext, payment: P) => readonly RaisedEvent[];
}

/** What every new payment is: a fresh id, created and valued now, Pending. */
export interface NewPayment {
  readonly Id: number;
  readonly CreatedDate: string;
  readonly ValueDate: string;
  readonly StatusCode: "P";
}

/**
 * The amount a new payment moves, in minor units: the requested one, or the whole available balance when Amount
 * is absent ("the maximum transferable amount"). Refused (target `Amount`) when it exceeds what is available, and
 * when it is not above 0.
 */
export function amountToMove(
  ctx: DomainContext,
  accountId: number,
  currencyCode: string,
  requested: number | undefined,
): number | CommandRefusal {
  const decimals = decimalsOf(ctx.store, currencyCode);
  const balance = balanceOf(ctx.store, accountId, currencyCode);
  const available = balance === undefined ? 0 : availableOf(balance);
  const shown = `${fromMinor(available, decimals).toFixed(decimals)} ${currencyCode}`;
  if (requested === undefined) {
    const none = `No funds are available in ${currencyCode} on account ${accountId}.`;
    return available > 0 ? available : badRequest("insufficient_funds", none, "Amount");
  }
  const amount = toMinor(requested, decimals);
  if (amount === undefined) {
    const message = `Amount has more decimal places than ${currencyCode} allows (${decimals}).`;
    return badRequest("invalid_amount", message, "Amount");
  }
  // The reference shows no lower bound (the validators only warn); the sandbox moves nothing that is not above 0.
  if (amount <= 0) return badRequest("invalid_amount", "The sandbox moves only an Amount above 0.", "Amount");
  if (amount > available)
    return badRequest("insufficient_funds", `Amount exceeds the available balance of ${shown}.`, "Amount");
  return amount;
}

/** What every payment is created from: who pays whom, in which currency, how much (minor units). */
export interface PaymentOrder {
  readonly tenant: TenantId;
  readonly AccountId: number;
  readonly BeneficiaryId: number;
  readonly CurrencyCode: string;
  readonly amount: number;
}

/**
 * → P: the payment `build` makes of the order and a fresh id (adding the kind's own fields), its funds allocated
 * when it holds funds; the kind's event.
 */
export function createPayment<P extends Payment>(
  ctx: DomainContext,
  kind: PaymentKind<P>,
  order: PaymentOrder,
  build: (fresh: NewPayment & PaymentOrder) => P,
): P {
  const { store, clock, events } = ctx;
  return store.atomically(() => {
    const now = clock.now().toISOString();
    const Id = store.nextId(kind.counter);
    const payment = build({ Id, ...order, CreatedDate: now, ValueDate: now, StatusCode: "P" });
    if (kind.holdsFunds(payment)) allocate(store, clock, payment.AccountId, payment.CurrencyCode, payment.amount);
    kind.table(store).insert(payment);
    events.raise(payment.tenant, `${kind.noun}Created`, payment.Id);
    return payment;
  });
}

/** The payment when the command `verb` may still move it; `tenant` undefined: any tenant's (the control API). */
function movable<P extends Payment>(
  ctx: DomainContext,
  kind: PaymentKind<P>,
  tenant: TenantId | undefined,
  id: number,
  verb: string,
): P | CommandRefusal {
  const table = kind.table(ctx.store);
  const payment = tenant === undefined ? table.get(id) : ctx.store.owned(table, tenant, id);
  if (payment === undefined) return notFound(`${kind.noun} ${id}`);
  if (finalPaymentStatuses.includes(payment.StatusCode))
    return gone(
      `${kind.noun} ${id} is ${statusText(paymentStatuses, payment.StatusCode)} and can no longer be ${verb}.`,
    );
  return payment;
}

/** A command on the caller's payment `id`: `run` once the payment is found and may still be `verb`. */
type TenantCommand = (ctx: DomainContext, tenant: TenantId, id: number) => Done | CommandRefusal;

function tenantCommand<P extends Payment>(
  kind: PaymentKind<P>,
  verb: string,
  run: (ctx: DomainContext, payment: P) => Done | CommandRefusal,
): TenantCommand {
  return (ctx, tenant, id) => {
    const payment = movable(ctx, kind, tenant, id, verb);
    return isRefusal(payment) ? payment : run(ctx, payment);
  };
}

function approve<P extends Payment>(ctx: DomainContext, kind: PaymentKind<P>, payment: P): P {
  if (kind.holdsFunds(payment))
    startProcessing(ctx.store, ctx.clock, payment.AccountId, payment.CurrencyCode, payment.amount);
  return kind.move(ctx.store, payment.Id, { StatusCode: "A" });
}

/**
 * Completes a payment of any tenant (the control API; a Pending one is approved first): the kind settles it,
 * its status becomes C with today's value date, and the settlement's events are raised. 409 when the kind
 * says it is not ready, or the funds it needs are not available.
 */
function completePayment<P extends Payment>(
  ctx: DomainContext,
  kind: PaymentKind<P>,
  id: number,
): Done | CommandRefusal {
  const found = movable(ctx, kind, undefined, id, "completed");
  if (isRefusal(found)) return found;
  const { store, clock, events } = ctx;
  const notReady = kind.notReady?.(store, found);
  if (notReady !== undefined) return notReady;
  try {
    store.atomically(() => {
      const payment = found.StatusCode === "P" ? approve(ctx, kind, found) : found;
      const raised = kind.settle(ctx, payment);
      kind.move(store, payment.Id, { StatusCode: "C", ValueDate: clock.now().toISOString() });
      for (const event of raised) events.raise(event.tenant, event.reason, payment.Id);
    });
  } catch (error) {
    if (!(error instanceof InsufficientFunds)) throw error;
    const decimals = decimalsOf(store, found.CurrencyCode);
    return refuse(
      409,
      "insufficient_funds",
      `${kind.noun} ${id} needs ${fromMinor(error.requested, decimals)} ${found.CurrencyCode}; ${fromMinor(error.available, decimals)} is available.`,
    );
  }
  return done;
}

/** The lifecycle's commands for one kind of payment, as its module exports them (`approveTransfer`, ...). */
export function paymentCommands<P extends Payment>(
  kind: PaymentKind<P>,
): {
  readonly approve: TenantCommand;
  readonly reject: TenantCommand;
  readonly cancel: TenantCommand;
  /** The control API's: any tenant's payment. */
  readonly complete: (ctx: DomainContext, id: number) => Done | CommandRefusal;
} {
  return {
    // P → A: the allocated funds start processing. An Approved payment can no longer be approved (410).
    approve: tenantCommand(kind, "approved", (ctx, payment) => {
      if (payment.StatusCode !== "P") return gone(`${kind.noun} ${payment.Id} is already approved.`);
      ctx.store.atomically(() => approve(ctx, kind, payment));
      return done;
    }),
    // P → R: the allocated funds return to the available balance. Only a Pending payment awaits approval.
    reject: tenantCommand(kind, "rejected", ({ store, clock }, payment) => {
      if (payment.StatusCode !== "P")
        return gone(`${kind.noun} ${payment.Id} is already approved and can no longer be rejected.`);
      store.atomically(() => {
        if (kind.holdsFunds(payment)) release(store, clock, payment.AccountId, payment.CurrencyCode, payment.amount);
        kind.move(store, payment.Id, { StatusCode: "R" });
      });
      return done;
    }),
    // P|A → X: the funds (allocated, or processing once approved) return to the account; the kind's event.
    cancel: tenantCommand(kind, "cancelled", ({ store, clock, events }, payment) => {
      store.atomically(() => {
        if (kind.holdsFunds(payment)) {
          const { AccountId: account, CurrencyCode: currency, amount } = payment;
          // balances.ts has no "stop processing": processing goes back to allocated (a negative start), then out.
          if (payment.StatusCode === "A") startProcessing(store, clock, account, currency, -amount);
          release(store, clock, account, currency, amount);
        }
        kind.move(store, payment.Id, { StatusCode: "X" });
        events.raise(payment.tenant, `${kind.noun}Canceled`, payment.Id);
      });
      return done;
    }),
    complete: (ctx, id) => completePayment(ctx, kind, id),
  };
}
