/** AccountBalanceDto from a balance record, with its CurrencyDto; amounts back to decimals. */
import type { AccountBalanceDto } from "@account-funds/client";
import type { BalanceRecord } from "../../foundation/state/records.js";
import type { Store } from "../../foundation/state/store.js";
import { availableOf } from "../../model/domain/balances.js";
import { decimalsOf, fromMinor } from "../../model/domain/money.js";
import { toCurrencyDto } from "./reference-data.js";

export function toAccountBalanceDto(store: Store, balance: BalanceRecord): AccountBalanceDto {
  const decimals = decimalsOf(store, balance.CurrencyCode);
  const currency = store.currencies.get(balance.CurrencyCode);
  return {
    CurrencyCode: balance.CurrencyCode,
    Currency: currency === undefined ? null : toCurrencyDto(currency),
    Value: fromMinor(balance.value, decimals),
    Allocated: fromMinor(balance.allocated, decimals),
    Processing: fromMinor(balance.processing, decimals),
    Available: fromMinor(availableOf(balance), decimals),
    ValueDate: balance.ValueDate,
  };
}
