/**
 * Exchanges (spec/paths/exchanges.yaml): exchanges and what hangs off them (allocations, funding deposits,
 * fees, instruction withdrawals), the exchange commands, mid rates and quotes. An exchange is the caller's
 * or it is 404. Allocate declares only 200 and 404: an exchange it cannot allocate stays as it is (200).
 */
import {
  created,
  entity,
  list,
  notFound,
  ok,
  type Handler,
  type HandlerTable,
  type RequestContext,
} from "../api/handler.js";
import { locationOf } from "../../foundation/http/operation-path.js";
import {
  allocateExchange,
  approveExchange,
  cancelExchange,
  createExchange,
  exchangeOf,
  rejectExchange,
} from "../../model/domain/exchanges.js";
import { midRateOf, quoteExchange, rateValueDate } from "../../model/domain/rates.js";
import type { ExchangeRecord } from "../../foundation/state/records.js";
import { toAllocationDtos } from "../dto/deposit.js";
import {
  exchangeDepositDtos,
  exchangeWithdrawalDtos,
  toExchangeDto,
  toMidRateValue,
  toQuoteBody,
} from "../dto/exchange.js";
import { noFees } from "../dto/fee.js";
import { commandResult } from "./command-result.js";

const listExchanges: Handler<"listExchanges"> = (context) =>
  list(
    context.store.exchanges
      .filter((row) => row.tenant === context.tenant)
      .map((row) => toExchangeDto(context.store, row)),
  );

const getExchange: Handler<"getExchange"> = (context) => {
  const exchange = exchangeOf(context, context.tenant, context.path.id);
  return exchange === undefined ? notFound("The exchange") : entity(toExchangeDto(context.store, exchange));
};

/** A list under Exchanges({exchangeId}): 404 when the exchange is not the caller's. */
const underExchange =
  (rows: (context: RequestContext, exchange: ExchangeRecord) => readonly object[]) =>
  (context: RequestContext & { readonly path: { readonly exchangeId: number } }) => {
    const exchange = exchangeOf(context, context.tenant, context.path.exchangeId);
    return exchange === undefined ? notFound("The exchange") : list(rows(context, exchange));
  };

const listAccountExchanges: Handler<"listAccountExchanges"> = (context) => {
  const account = context.store.accountOf(context.tenant, context.path.accountId);
  if (account === undefined) return notFound("The account");
  return list(
    context.store.exchanges
      .filter((row) => row.AccountId === account.Id)
      .map((row) => toExchangeDto(context.store, row)),
  );
};

const create: Handler<"createExchange"> = (context) => {
  const outcome = createExchange(context, context.tenant, context.body);
  return outcome.ok
    ? created(outcome.exchange.Id, locationOf("getExchange", { id: outcome.exchange.Id }))
    : commandResult(outcome);
};

const getMidRate: Handler<"getMidRate"> = (context) => {
  const { sourceCurrencyCode: source, targetCurrencyCode: target } = context.path;
  const rate = midRateOf(context.store, source, target);
  if (rate === undefined) return notFound(`A mid rate for ${source}/${target}`);
  return ok(toMidRateValue(rate, rateValueDate(context.clock)));
};

const requestQuote: Handler<"requestQuote"> = (context) => {
  const outcome = quoteExchange(context.store, context.clock, context.tenant, context.body);
  return outcome.ok ? ok(toQuoteBody(context.store, outcome.quote)) : commandResult(outcome);
};

export const exchangeHandlers = {
  listExchanges,
  getExchange,
  listExchangeAllocations: underExchange((context, exchange) => toAllocationDtos(context.store, exchange)),
  listExchangeDeposits: underExchange((context, exchange) => exchangeDepositDtos(context.store, exchange)),
  listExchangeFees: underExchange(() => noFees()),
  listExchangeWithdrawals: underExchange((context, exchange) => exchangeWithdrawalDtos(context.store, exchange)),
  listAccountExchanges,
  createExchange: create,
  allocateExchange: (context) => commandResult(allocateExchange(context, context.tenant, context.path.exchangeId)),
  approveExchange: (context) => commandResult(approveExchange(context, context.tenant, context.path.exchangeId)),
  rejectExchange: (context) => commandResult(rejectExchange(context, context.tenant, context.path.exchangeId)),
  cancelExchange: (context) => commandResult(cancelExchange(context, context.tenant, context.path.exchangeId)),
  getMidRate,
  requestQuote,
} satisfies Partial<HandlerTable>;
