/**
 * Balances and statements (spec/paths/balances-and-statements.yaml): an account's balances, one currency's
 * balance, and that balance's statement in the order it was written (its running totals end at Value).
 * A currency the account has never held is 404.
 */
import { entity, list, notFound, type Handler, type HandlerTable, type RequestContext } from "../api/handler.js";
import type { AccountRecord, BalanceRecord } from "../../foundation/state/records.js";
import { balanceOf } from "../../model/domain/balances.js";
import { toAccountBalanceDto } from "../dto/balance.js";
import { toAccountStatementItemDto } from "../dto/statement.js";

type BalancePath = { readonly accountId: number; readonly currencyCode: string };

type AccountPath = { readonly accountId: number };

const ownAccount = (context: RequestContext & { readonly path: AccountPath }): AccountRecord | undefined =>
  context.store.accountOf(context.tenant, context.path.accountId);

/** The balance named by the path, when the account is the caller's and holds that currency. */
function pathBalance(context: RequestContext & { readonly path: BalancePath }): BalanceRecord | undefined {
  const account = ownAccount(context);
  return account === undefined ? undefined : balanceOf(context.store, account.Id, context.path.currencyCode);
}

const listAccountBalances: Handler<"listAccountBalances"> = (context) => {
  const account = ownAccount(context);
  if (account === undefined) return notFound("The account");
  const balances = context.store.balances.filter((row) => row.AccountId === account.Id);
  return list(balances.map((balance) => toAccountBalanceDto(context.store, balance)));
};

const getAccountBalance: Handler<"getAccountBalance"> = (context) => {
  const balance = pathBalance(context);
  return balance === undefined ? notFound("The balance") : entity(toAccountBalanceDto(context.store, balance));
};

const listAccountBalanceStatement: Handler<"listAccountBalanceStatement"> = (context) => {
  const balance = pathBalance(context);
  if (balance === undefined) return notFound("The balance");
  const items = context.store.statementItems.filter(
    (row) => row.AccountId === balance.AccountId && row.CurrencyCode === balance.CurrencyCode,
  );
  return list(items.map((item) => toAccountStatementItemDto(context.store, item)));
};

export const balanceHandlers = {
  listAccountBalances,
  getAccountBalance,
  listAccountBalanceStatement,
} satisfies Partial<HandlerTable>;
