/**
 * Mid rates and the amounts of an exchange at a rate. The sandbox's rates are fixed reference data (seeded,
 * never moving), so a quote, an exchange and an alert created at the same time all see the same rate.
 * A rate is "units of target currency per unit of source currency": selling 1 GBP at GBP/EUR 1.18 buys 1.18 EUR.
 */
import { validateQuoteRequest } from "@account-funds/validators";
import type { SandboxClock } from "../../foundation/clock.js";
import type { RateRecord, TenantId } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import { decimalsOf, toMinor, convertMinor } from "./money.js";
import { invalidRequest, type InvalidRequest } from "./outcomes.js";
import {
  badRequest,
  noRate,
  requireFields,
  tooManyDecimals,
  unknownAccount,
  unknownCurrency,
  type CommandRefusal,
} from "./refusals.js";

export type GoalType = "Buy" | "Sell";

/** The mid rate of the pair as seeded; no cross rates are derived, so a pair without a record has no rate. */
export function midRateOf(
  store: Store,
  sourceCurrencyCode: string,
  targetCurrencyCode: string,
): RateRecord | undefined {
  return store.rates.get(`${sourceCurrencyCode}/${targetCurrencyCode}`);
}

/** Rates are daily values: their ValueDate is the current sandbox day at midnight UTC. */
export function rateValueDate(clock: SandboxClock): string {
  const now = clock.now();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
}

/** What an exchange of a pair at a rate disposes of and acquires, in minor units of each currency. */
export interface PricedExchange {
  readonly sourceCurrencyCode: string;
  readonly targetCurrencyCode: string;
  readonly goalType: GoalType;
  /** Minor units of the target currency (Buy) or of the source currency (Sell). */
  readonly goal: number;
  readonly rate: number;
  readonly sold: number;
  readonly bought: number;
}

export interface PriceRequest {
  readonly sourceCurrencyCode: string;
  readonly targetCurrencyCode: string;
  readonly goalType: GoalType;
  /** The decimal amount bought (Buy) or sold (Sell). */
  readonly goal: number;
  /** The body field the goal came from, the target of a refusal ("Goal" for an exchange, "Amount" for a quote). */
  readonly goalField: string;
}

/**
 * Buy: bought = goal, sold = goal / rate; Sell: sold = goal, bought = goal × rate; each rounded half-up to
 * the minor units of its currency. Refused (400) for an unknown currency, a pair without a rate, a goal with
 * more decimal places than its currency has, or an amount too small to buy or sell one minor unit.
 */
export function priceExchange(
  store: Store,
  request: PriceRequest,
): { readonly ok: true; readonly price: PricedExchange } | CommandRefusal {
  const { sourceCurrencyCode: source, targetCurrencyCode: target, goalType } = request;
  if (store.currencies.get(source) === undefined) return unknownCurrency(source, "SourceCurrencyCode");
  if (store.currencies.get(target) === undefined) return unknownCurrency(target, "TargetCurrencyCode");
  const rate = midRateOf(store, source, target);
  if (rate === undefined) return noRate(source, target);
  const sourceDecimals = decimalsOf(store, source);
  const targetDecimals = decimalsOf(store, target);
  const goalCurrency = goalType === "Buy" ? target : source;
  const goal = toMinor(request.goal, goalType === "Buy" ? targetDecimals : sourceDecimals);
  if (goal === undefined) return tooManyDecimals(request.goalField, goalCurrency);
  const sold = goalType === "Sell" ? goal : convertMinor(goal, rate.MidRate, targetDecimals, sourceDecimals, "divide");
  const bought =
    goalType === "Buy" ? goal : convertMinor(goal, rate.MidRate, sourceDecimals, targetDecimals, "multiply");
  if (sold <= 0 || bought <= 0) {
    return badRequest(
      "amount_too_small",
      `${request.goalField} is too small to exchange ${source} for ${target} at ${rate.MidRate}.`,
      request.goalField,
    );
  }
  return {
    ok: true,
    price: { sourceCurrencyCode: source, targetCurrencyCode: target, goalType, goal, rate: rate.MidRate, sold, bought },
  };
}

/**
 * A quote: the rate of a pair now, on an account of the caller, and with an Amount the price of the exchange
 * (`price`); nothing is reserved.
 */
export interface Quote {
  readonly accountId: number;
  readonly sourceCurrencyCode: string;
  readonly targetCurrencyCode: string;
  readonly rate: number;
  readonly goalType?: GoalType;
  readonly price?: PricedExchange;
  readonly quotedAt: string;
  readonly valueDate: string;
}

/**
 * POST /Quotes/Quote: validates the body; the account must be the caller's (else 400, target AccountId). The
 * reference requires no field; the sandbox needs the account and the pair (400 otherwise), and prices an exchange
 * when Amount is given (with its GoalType: 400 without); without Amount the quote is the rate alone.
 */
export function quoteExchange(
  store: Store,
  clock: SandboxClock,
  tenant: TenantId,
  body: unknown,
): { readonly ok: true; readonly quote: Quote } | CommandRefusal | InvalidRequest {
  const checked = validateQuoteRequest(body, { wireForm: true });
  if (!checked.ok) return invalidRequest(checked.issues);
  const needed = requireFields(
    checked.value,
    ["AccountId", "SourceCurrencyCode", "TargetCurrencyCode"],
    "a quote is the rate of a pair, on an account",
  );
  if (!needed.ok) return needed;
  const request = needed.value;
  if (store.accountOf(tenant, request.AccountId) === undefined) return unknownAccount(request.AccountId);
  const { SourceCurrencyCode: source, TargetCurrencyCode: target } = request;
  const quoted = { accountId: request.AccountId, quotedAt: clock.now().toISOString(), valueDate: rateValueDate(clock) };
  if (request.Amount === undefined) {
    if (store.currencies.get(source) === undefined) return unknownCurrency(source, "SourceCurrencyCode");
    if (store.currencies.get(target) === undefined) return unknownCurrency(target, "TargetCurrencyCode");
    const rate = midRateOf(store, source, target);
    if (rate === undefined) return noRate(source, target);
    const goalType = request.GoalType === undefined ? {} : { goalType: request.GoalType };
    return {
      ok: true,
      quote: { ...quoted, sourceCurrencyCode: source, targetCurrencyCode: target, rate: rate.MidRate, ...goalType },
    };
  }
  if (request.GoalType === undefined)
    return badRequest("required", "The sandbox needs GoalType: it says whether Amount is bought or sold.", "GoalType");
  const priced = priceExchange(store, {
    sourceCurrencyCode: source,
    targetCurrencyCode: target,
    goalType: request.GoalType,
    goal: request.Amount,
    goalField: "Amount",
  });
  if (!priced.ok) return priced;
  const { price } = priced;
  return {
    ok: true,
    quote: {
      ...quoted,
      sourceCurrencyCode: source,
      targetCurrencyCode: target,
      rate: price.rate,
      goalType: price.goalType,
      price,
    },
  };
}
