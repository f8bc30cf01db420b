/**
 * ExchangeDto (with its allocations, deposits, fees and instruction withdrawals), MidRateValue and the quote
 * body. Goal is shown in the currency it is stated in (target when buying, source when selling); every
 * exchange is a spot exchange (InstructionTypeId "Spot", as in the spec's example).
 */
import type { DepositDto, ExchangeDto, MidRateValue, QuoteResponse, WithdrawalDto } from "@account-funds/client";
import type { ExchangeRecord, RateRecord } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import { goalOf } from "../../model/domain/exchanges.js";
import { decimalsOf, fromMinor } from "../../model/domain/money.js";
import type { Quote } from "../../model/domain/rates.js";
import { exchangeStatuses, statusText } from "../../model/domain/statuses.js";
import { toAllocationDtos, toDepositDto } from "./deposit.js";
import { noFees } from "./fee.js";
import { toWithdrawalDto } from "./withdrawal.js";

export const goalTypeCode = (goalType: string): string => (goalType === "Buy" ? "B" : "S");

/** The deposits that funded the exchange (their Reference is its DepositReference). */
export function exchangeDepositDtos(store: Store, exchange: ExchangeRecord): DepositDto[] {
  return store.deposits
    .filter((deposit) => deposit.ExchangeId === exchange.Id)
    .map((deposit) => toDepositDto(store, deposit));
}

/** The instruction withdrawals the exchange triggers (their InstructionId is the exchange). */
export function exchangeWithdrawalDtos(store: Store, exchange: ExchangeRecord): WithdrawalDto[] {
  return store.withdrawals
    .filter((withdrawal) => withdrawal.InstructionId === exchange.Id)
    .map((withdrawal) => toWithdrawalDto(store, withdrawal));
}

export function toExchangeDto(store: Store, exchange: ExchangeRecord): ExchangeDto {
  const sourceDecimals = decimalsOf(store, exchange.SourceCurrencyCode);
  const targetDecimals = decimalsOf(store, exchange.TargetCurrencyCode);
  return {
    Id: exchange.Id,
    AccountId: exchange.AccountId,
    SourceCurrencyCode: exchange.SourceCurrencyCode,
    TargetCurrencyCode: exchange.TargetCurrencyCode,
    InstructionTypeId: "Spot",
    Goal: goalOf(store, exchange),
    GoalTypeCode: goalTypeCode(exchange.GoalType),
    GoalType: exchange.GoalType,
    Sold: fromMinor(exchange.sold, sourceDecimals),
    Bought: fromMinor(exchange.bought, targetDecimals),
    StatusCode: exchange.StatusCode,
    Status: statusText(exchangeStatuses, exchange.StatusCode),
    CreatedOn: exchange.CreatedOn,
    UpdatedDate: exchange.UpdatedDate,
    Allocations: toAllocationDtos(store, exchange),
    Deposits: exchangeDepositDtos(store, exchange),
    Fees: noFees(),
    Withdrawals: exchangeWithdrawalDtos(store, exchange),
    DepositReference: exchange.DepositReference,
  };
}

export function toMidRateValue(rate: RateRecord, valueDate: string): MidRateValue {
  return {
    SourceCurrencyCode: rate.SourceCurrencyCode,
    TargetCurrencyCode: rate.TargetCurrencyCode,
    ValueDate: valueDate,
    MidRate: rate.MidRate,
  };
}

/**
 * Sandbox extension of the open QuoteResponse (the reference does not show its fields): the request echoed and the
 * mid rate applied; with an Amount, both amounts too, so a client sees exactly what Exchanges/Create would sell
 * and buy at this moment. Nothing is reserved by a quote.
 */
export type SandboxQuoteResponse = QuoteResponse & {
  readonly AccountId: number;
  readonly SourceCurrencyCode: string;
  readonly TargetCurrencyCode: string;
  readonly GoalType?: string;
  readonly Amount?: number;
  readonly Rate: number;
  readonly SellAmount?: number;
  readonly BuyAmount?: number;
  readonly QuotedAt: string;
  readonly ValueDate: string;
};

export function toQuoteBody(store: Store, quote: Quote): SandboxQuoteResponse {
  const sourceDecimals = decimalsOf(store, quote.sourceCurrencyCode);
  const targetDecimals = decimalsOf(store, quote.targetCurrencyCode);
  const { price } = quote;
  return {
    AccountId: quote.accountId,
    SourceCurrencyCode: quote.sourceCurrencyCode,
    TargetCurrencyCode: quote.targetCurrencyCode,
    ...(quote.goalType === undefined ? {} : { GoalType: quote.goalType }),
    ...(price === undefined
      ? {}
      : { Amount: fromMinor(price.goal, price.goalType === "Buy" ? targetDecimals : sourceDecimals) }),
    Rate: quote.rate,
    ...(price === undefined
      ? {}
      : { SellAmount: fromMinor(price.sold, sourceDecimals), BuyAmount: fromMinor(price.bought, targetDecimals) }),
    QuotedAt: quote.quotedAt,
    ValueDate: quote.valueDate,
  };
}
