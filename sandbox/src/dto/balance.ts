/** AccountBalanceDto from a balance record, with its CurrencyDto; amounts back to decimals. */
import type { BalanceRecord } from "../state/records.js";
import type { Store } from "../state/store.js";
import { availableOf } from "../domain/balances.js";
import { decimalsOf, fromMinor } from "../domain/money.js";
import { toCurrencyDto, type CurrencyDto } from "./reference-data.js";

export interface AccountBalanceDto {
  readonly CurrencyCode: string;
  readonly Currency: CurrencyDto | null;
  readonly Value: number;
  readonly Allocated: number;
  readonly Processing: number;
  readonly Available: number;
  readonly ValueDate: string;
}

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
