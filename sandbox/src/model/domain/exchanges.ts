/**
 * Currency exchanges: P Pending → L Allocated → A Approved → C Completed, with R Rejected (from P or L) and
 * X Cancelled (from P, L or A) as the other final states (the spec's x-assumed-values). The sold amount is
 * reserved (Allocated) from allocation until the exchange completes, or returned to Available when it is
 * rejected or cancelled; completion takes it out of the source balance and credits the bought amount to the
 * target balance, each with a statement item that carries the exchange as its detail.
 */
import type { CreateExchange } from "@account-funds/client";
import { validateCreateExchange, type BeneficiaryContext, type CreateExchangeRequest } from "@account-funds/validators";
import type { ExchangeRecord, TenantId } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import { allocate, availableOf, balanceOf, credit, debit, InsufficientFunds, release } from "./balances.js";
import type { DomainContext } from "./context.js";
import { fromMinor, decimalsOf } from "./money.js";
import { priceExchange, type GoalType } from "./rates.js";
import { exchangeStatuses, statusText, type ExchangeStatusCode } from "./statuses.js";
import { invalidRequest, type InvalidRequest } from "./outcomes.js";
import {
  badRequest,
  gone,
  notFound,
  requireFields,
  unknownAccount,
  type CommandRefusal,
  type WithFields,
} from "./refusals.js";
import { unknownBoEPurposeCode } from "./purpose-codes.js";

export type ExchangeOutcome = { readonly ok: true; readonly exchange: ExchangeRecord } | CommandRefusal;

const unknownExchange = (id: number): CommandRefusal => notFound(`Exchange ${id}`);

/** States that hold the sold amount as Allocated funds. */
const holdsFunds: readonly string[] = ["L", "A"] satisfies ExchangeStatusCode[];

/** The reference the client quotes when depositing the funds of an exchange. */
export const depositReferenceOf = (id: number): string => `FX${id}`;

/** The exchange of the tenant, or undefined (another tenant's exchange is "not found" too). */
export function exchangeOf(ctx: DomainContext, tenant: TenantId, id: number): ExchangeRecord | undefined {
  return ctx.store.owned(ctx.store.exchanges, tenant, id);
}

/**
 * POST /Exchanges/Create: validates the body, then creates an exchange priced at the mid rate. It starts
 * Pending; with UseAvailableFunds it allocates the sold amount at once and starts Allocated, and insufficient
 * available funds refuse it (400, target Goal). The withdrawal an exchange funds is not known yet when it is
 * created (an instruction withdrawal names it later): the BoEPurposeCodeId and ReceiverLei rules are left to
 * `instructionRuleRefusal` then; a BoEPurposeCodeId given now must be one of the BoEPaymentPurposes.
 */
export function createExchange(ctx: DomainContext, tenant: TenantId, body: unknown): ExchangeOutcome | InvalidRequest {
  const { store, clock } = ctx;
  const checked = validateCreateExchange(body, { wireForm: true });
  if (!checked.ok) return invalidRequest(checked.issues);
  const needed = requireFields(
    checked.value,
    ["AccountId", "SourceCurrencyCode", "TargetCurrencyCode"],
    "an exchange sells one currency of an account for another",
  );
  if (!needed.ok) return needed;
  const command = needed.value;
  const boe = unknownBoEPurposeCode(store, command.BoEPurposeCodeId);
  if (boe !== undefined) return boe;
  const account = store.accountOf(tenant, command.AccountId);
  if (account === undefined) return unknownAccount(command.AccountId);
  const goal = goalOfRequest(store, command);
  if (!goal.ok) return goal;
  const priced = priceExchange(store, {
    sourceCurrencyCode: command.SourceCurrencyCode,
    targetCurrencyCode: command.TargetCurrencyCode,
    goalType: goal.goalType,
    goal: goal.goal,
    goalField: "Goal",
  });
  if (!priced.ok) return priced;
  const { price } = priced;
  const useAvailableFunds = command.UseAvailableFunds === true;
  try {
    return store.atomically(() => {
      const id = store.nextId("exchanges");
      const now = clock.now().toISOString();
      if (useAvailableFunds) allocate(store, clock, account.Id, price.sourceCurrencyCode, price.sold);
      const exchange = store.exchanges.insert({
        Id: id,
        tenant,
        AccountId: account.Id,
        SourceCurrencyCode: price.sourceCurrencyCode,
        TargetCurrencyCode: price.targetCurrencyCode,
        GoalType: price.goalType,
        goal: price.goal,
        rate: price.rate,
        sold: price.sold,
        bought: price.bought,
        UseAvailableFunds: useAvailableFunds,
        ...(command.BoEPurposeCodeId === undefined ? {} : { BoEPurposeCodeId: command.BoEPurposeCodeId }),
        ...(command.ReceiverLei === undefined ? {} : { ReceiverLei: command.ReceiverLei }),
        StatusCode: useAvailableFunds ? "L" : "P",
        CreatedOn: now,
        UpdatedDate: now,
        DepositReference: depositReferenceOf(id),
      });
      return { ok: true, exchange } as const;
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) return insufficient(ctx, account.Id, price.sourceCurrencyCode, error);
    throw error;
  }
}

/**
 * The amount an exchange is for. The reference requires neither Goal nor GoalType; the sandbox needs an amount and
 * whether it is bought or sold. With UseAvailableFunds and no Goal it sells all the available funds of the source
 * currency (GoalType Sell, or none); otherwise a missing Goal, or a Goal without its GoalType, is a 400.
 */
function goalOfRequest(
  store: Store,
  command: WithFields<CreateExchangeRequest, "AccountId" | "SourceCurrencyCode">,
): { readonly ok: true; readonly goal: number; readonly goalType: GoalType } | CommandRefusal {
  if (command.Goal === undefined) {
    if (command.UseAvailableFunds !== true)
      return badRequest(
        "required",
        "The sandbox needs Goal, or UseAvailableFunds: true to sell the available funds.",
        "Goal",
      );
    if (command.GoalType === "Buy")
      return badRequest(
        "required",
        "The sandbox needs Goal to buy: the available funds are an amount to sell.",
        "Goal",
      );
    const balance = balanceOf(store, command.AccountId, command.SourceCurrencyCode);
    const available = balance === undefined ? 0 : availableOf(balance);
    return { ok: true, goal: fromMinor(available, decimalsOf(store, command.SourceCurrencyCode)), goalType: "Sell" };
  }
  if (command.GoalType === undefined)
    return badRequest("required", "The sandbox needs GoalType: it says whether Goal is bought or sold.", "GoalType");
  return { ok: true, goal: command.Goal, goalType: command.GoalType };
}

function insufficient(
  ctx: DomainContext,
  accountId: number,
  currencyCode: string,
  error: InsufficientFunds,
): CommandRefusal {
  const decimals = decimalsOf(ctx.store, currencyCode);
  return badRequest(
    "insufficient_funds",
    `Account ${accountId} has ${fromMinor(error.available, decimals)} ${currencyCode} available; the exchange sells ${fromMinor(error.requested, decimals)} ${currencyCode}.`,
    "Goal",
  );
}

/** Goal as a decimal in the currency it is stated in: the target currency when buying, the source when selling. */
export function goalOf(store: Store, exchange: ExchangeRecord): number {
  const goalCurrency = exchange.GoalType === "Buy" ? exchange.TargetCurrencyCode : exchange.SourceCurrencyCode;
  return fromMinor(exchange.goal, decimalsOf(store, goalCurrency));
}

/** The CreateExchange request an exchange was created from, as the validators read it. */
function exchangeRequestOf(store: Store, exchange: ExchangeRecord): CreateExchange {
  return {
    AccountId: exchange.AccountId,
    SourceCurrencyCode: exchange.SourceCurrencyCode,
    TargetCurrencyCode: exchange.TargetCurrencyCode,
    Goal: goalOf(store, exchange),
    GoalType: exchange.GoalType,
    UseAvailableFunds: exchange.UseAvailableFunds,
    ...(exchange.BoEPurposeCodeId === undefined ? {} : { BoEPurposeCodeId: exchange.BoEPurposeCodeId }),
    ...(exchange.ReceiverLei === undefined ? {} : { ReceiverLei: exchange.ReceiverLei }),
  };
}

/**
 * CreateExchange's BoEPurposeCodeId is "required for GBP withdrawals" and its ReceiverLei "when the beneficiary
 * is a company with vertical FI and industry Banks or Building Societies": both are about the withdrawal the
 * exchange funds. The sandbox knows that withdrawal once an instruction withdrawal names the exchange: it pays
 * the exchange's target currency to `beneficiary`. The exchange as it was created must then satisfy both rules
 * (checked by validateCreateExchange with that withdrawal); if not, the instruction withdrawal is refused (400,
 * target InstructionId), since an exchange cannot be changed after it is created.
 */
export function instructionRuleRefusal(
  store: Store,
  exchange: ExchangeRecord,
  beneficiary: BeneficiaryContext,
): CommandRefusal | undefined {
  const checked = validateCreateExchange(exchangeRequestOf(store, exchange), { withdrawal: { beneficiary } });
  if (checked.ok) return undefined;
  const missing = checked.issues.map((issue) => issue.message).join(" ");
  return badRequest(
    "instruction_incomplete",
    `Exchange ${exchange.Id} funds this ${exchange.TargetCurrencyCode} withdrawal but was created without what ` +
      `that requires of it: ${missing}`,
    "InstructionId",
  );
}

/** Outcome of Allocate: the spec declares only 200 and 404 for it, so "nothing to allocate" is not a refusal. */
export type AllocateOutcome =
  | {
      readonly ok: true;
      readonly exchange: ExchangeRecord;
      readonly allocated: boolean;
      readonly reason?: "insufficient_funds" | "not_pending";
    }
  | CommandRefusal;

/**
 * Allocates the sold amount of a Pending exchange from the available funds (P → L). An exchange that is not
 * Pending, or whose funds are not available yet, stays as it is: the client reads its StatusCode.
 */
export function allocateExchange(ctx: DomainContext, tenant: TenantId, id: number): AllocateOutcome {
  const exchange = exchangeOf(ctx, tenant, id);
  if (exchange === undefined) return unknownExchange(id);
  if (exchange.StatusCode !== "P") return { ok: true, exchange, allocated: false, reason: "not_pending" };
  try {
    return ctx.store.atomically(() => {
      allocate(ctx.store, ctx.clock, exchange.AccountId, exchange.SourceCurrencyCode, exchange.sold);
      return { ok: true, exchange: moveTo(ctx, exchange, "L"), allocated: true } as const;
    });
  } catch (error) {
    if (error instanceof InsufficientFunds)
      return { ok: true, exchange, allocated: false, reason: "insufficient_funds" };
    throw error;
  }
}

/** Approves an Allocated exchange (L → A); its funds stay allocated until it completes. Else 410. */
export function approveExchange(ctx: DomainContext, tenant: TenantId, id: number): ExchangeOutcome {
  const exchange = exchangeOf(ctx, tenant, id);
  if (exchange === undefined) return unknownExchange(id);
  if (exchange.StatusCode !== "L") {
    const why = exchange.StatusCode === "P" ? "is not allocated yet (allocate it first)" : `is ${statusWord(exchange)}`;
    return gone(`Exchange ${id} can no longer be approved: it ${why}.`);
  }
  return ctx.store.atomically(() => ({ ok: true, exchange: moveTo(ctx, exchange, "A") }) as const);
}

/** Rejects a Pending or Allocated exchange (→ R), returning allocated funds. Else 410. */
export function rejectExchange(ctx: DomainContext, tenant: TenantId, id: number): ExchangeOutcome {
  return endExchange(ctx, tenant, id, { to: "R", from: ["P", "L"], verb: "rejected" });
}

/** Cancels a Pending, Allocated or Approved exchange (→ X), returning allocated funds. Else 410. */
export function cancelExchange(ctx: DomainContext, tenant: TenantId, id: number): ExchangeOutcome {
  return endExchange(ctx, tenant, id, { to: "X", from: ["P", "L", "A"], verb: "cancelled" });
}

function endExchange(
  ctx: DomainContext,
  tenant: TenantId,
  id: number,
  move: { readonly to: ExchangeStatusCode; readonly from: readonly ExchangeStatusCode[]; readonly verb: string },
): ExchangeOutcome {
  const exchange = exchangeOf(ctx, tenant, id);
  if (exchange === undefined) return unknownExchange(id);
  if (!move.from.some((code) => code === exchange.StatusCode)) {
    return gone(`Exchange ${id} can no longer be ${move.verb}: it is ${statusWord(exchange)}.`);
  }
  return ctx.store.atomically(() => {
    if (holdsFunds.includes(exchange.StatusCode)) {
      release(ctx.store, ctx.clock, exchange.AccountId, exchange.SourceCurrencyCode, exchange.sold);
    }
    return { ok: true, exchange: moveTo(ctx, exchange, move.to) } as const;
  });
}

/**
 * Completes an Approved exchange (A → C), for the control API: the sold amount leaves the source balance
 * (out of Allocated and Value) and the bought amount arrives on the target balance, with a statement item
 * each. 404 for no such exchange, 410 when it is not Approved.
 */
export function completeExchange(ctx: DomainContext, id: number): { readonly ok: true } | CommandRefusal {
  const exchange = ctx.store.exchanges.get(id);
  if (exchange === undefined) return unknownExchange(id);
  if (exchange.StatusCode !== "A")
    return gone(`Exchange ${id} cannot complete: it is ${statusWord(exchange)}, not Approved.`);
  ctx.store.atomically(() => {
    const detail = { kind: "exchange", id } as const;
    const pair = `${exchange.SourceCurrencyCode}/${exchange.TargetCurrencyCode}`;
    debit(ctx.store, ctx.clock, {
      accountId: exchange.AccountId,
      currencyCode: exchange.SourceCurrencyCode,
      amount: exchange.sold,
      from: "allocated",
      narrative: `Exchange ${id} ${pair}: sold ${exchange.SourceCurrencyCode}`,
      detail,
    });
    credit(ctx.store, ctx.clock, {
      accountId: exchange.AccountId,
      currencyCode: exchange.TargetCurrencyCode,
      amount: exchange.bought,
      narrative: `Exchange ${id} ${pair}: bought ${exchange.TargetCurrencyCode}`,
      detail,
    });
    moveTo(ctx, exchange, "C");
  });
  return { ok: true };
}

function moveTo(ctx: DomainContext, exchange: ExchangeRecord, status: ExchangeStatusCode): ExchangeRecord {
  return ctx.store.exchanges.update(exchange.Id, { StatusCode: status, UpdatedDate: ctx.clock.now().toISOString() });
}

function statusWord(exchange: ExchangeRecord): string {
  return statusText(exchangeStatuses, exchange.StatusCode);
}
