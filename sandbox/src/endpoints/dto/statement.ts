/**
 * AccountStatementItemDto from a statement item: amounts back to decimals, and the detail object of the
 * entity that moved the funds (transfer, withdrawal, exchange or deposit), the others null. FundsRequest and
 * Fee are always null: the sandbox has no funds requests and charges no fees.
 */
import type {
  AccountInfoDto,
  AccountStatementItemDto,
  DepositStatementDetailsDto,
  ExchangeStatementDetailsDto,
  TransferStatementDetailsDto,
  WithdrawalStatementDetailsDto,
} from "@account-funds/client";
import type { ExchangeRecord, StatementItemRecord } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import { goalOf } from "../../model/domain/exchanges.js";
import { decimalsOf, fromMinor } from "../../model/domain/money.js";
import { goalTypeCode } from "./exchange.js";

export function toExchangeStatementDetailsDto(store: Store, exchange: ExchangeRecord): ExchangeStatementDetailsDto {
  return {
    Id: exchange.Id,
    SourceCurrencyCode: exchange.SourceCurrencyCode,
    TargetCurrencyCode: exchange.TargetCurrencyCode,
    Goal: goalOf(store, exchange),
    GoalTypeCode: goalTypeCode(exchange.GoalType),
    GoalType: exchange.GoalType,
  };
}

function accountInfo(store: Store, accountId: number): AccountInfoDto {
  const account = store.accounts.get(accountId);
  return { Id: accountId, AccountNumber: account?.AccountNumber ?? null, Name: account?.Name ?? null };
}

function exchangeDetails(store: Store, exchangeId: number | undefined): ExchangeStatementDetailsDto | null {
  const exchange = exchangeId === undefined ? undefined : store.exchanges.get(exchangeId);
  return exchange === undefined ? null : toExchangeStatementDetailsDto(store, exchange);
}

function transferDetails(store: Store, id: number): TransferStatementDetailsDto | null {
  const transfer = store.transfers.get(id);
  if (transfer === undefined) return null;
  return {
    Id: transfer.Id,
    Reference: transfer.Reference ?? null,
    PayerAccount: accountInfo(store, transfer.AccountId),
    BeneficiaryAccount: accountInfo(store, transfer.BeneficiaryAccountId),
  };
}

function withdrawalDetails(store: Store, id: number): WithdrawalStatementDetailsDto | null {
  const withdrawal = store.withdrawals.get(id);
  if (withdrawal === undefined) return null;
  return {
    Id: withdrawal.Id,
    Reference: withdrawal.Reference ?? null,
    Exchange: exchangeDetails(store, withdrawal.InstructionId),
    BeneficiaryId: withdrawal.BeneficiaryId,
    BeneficiaryName: store.beneficiaries.get(withdrawal.BeneficiaryId)?.Name ?? null,
  };
}

function depositDetails(store: Store, id: number): DepositStatementDetailsDto | null {
  const deposit = store.deposits.get(id);
  if (deposit === undefined) return null;
  return {
    Id: deposit.Id,
    Reference: deposit.Reference,
    CounterpartAccountName: deposit.CounterpartAccountName,
    Exchange: exchangeDetails(store, deposit.ExchangeId),
  };
}

export function toAccountStatementItemDto(store: Store, item: StatementItemRecord): AccountStatementItemDto {
  const decimals = decimalsOf(store, item.CurrencyCode);
  const detail = item.detail;
  return {
    Id: item.Id,
    CurrencyCode: item.CurrencyCode,
    DeltaBalance: fromMinor(item.delta, decimals),
    ValueDate: item.ValueDate,
    Sequence: item.Sequence,
    RunningTotal: fromMinor(item.runningTotal, decimals),
    Narrative: item.Narrative,
    Exchange: detail?.kind === "exchange" ? exchangeDetails(store, detail.id) : null,
    Withdrawal: detail?.kind === "withdrawal" ? withdrawalDetails(store, detail.id) : null,
    Transfer: detail?.kind === "transfer" ? transferDetails(store, detail.id) : null,
    Deposit: detail?.kind === "deposit" ? depositDetails(store, detail.id) : null,
    FundsRequest: null,
    Fee: null,
  };
}
