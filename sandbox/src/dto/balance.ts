/** AccountBalanceDto from a balance record, with its CurrencyDto; amounts back to decimals. */
import type { BalanceRecord, CurrencyRecord } from "../state/records.js";
import type { Store } from "../state/store.js";
import { availableOf } from "../domain/balances.js";
import { decimalsOf, fromMinor } from "../domain/money.js";

export interface CurrencyDto {
  readonly Id: string;
  readonly Name: string;
  readonly Type: string;
  readonly Format: string;
  readonly FormatTemplate: string;
  readonly SignificantDigits: number;
}

export interface AccountBalanceDto {
  readonly CurrencyCode: string;
  readonly Currency: CurrencyDto | null;
  readonly Value: number;
  readonly Allocated: number;
  readonly Processing: number;
  readonly Available: number;
  readonly ValueDate: string;
}

function toCurrencyDto(currency: CurrencyRecord): CurrencyDto {
  return {
    Id: currency.Id,
    Name: currency.Name,
    Type: currency.Type,
    Format: currency.Format,
    FormatTemplate: currency.FormatTemplate,
    SignificantDigits: currency.SignificantDigits,
  };
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
