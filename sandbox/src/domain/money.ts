/**
 * Amounts are held as integers in minor units (ISO 4217 exponent: 2 for GBP, 0 for JPY), so balances add up
 * exactly; the API's decimals are converted at the edges.
 */
import type { Store } from "../state/store.js";

/** Decimal places of a currency: the sandbox's CurrencyDto.SignificantDigits, 2 when unknown. */
export function decimalsOf(store: Store, currencyCode: string): number {
  return store.currencies.get(currencyCode)?.SignificantDigits ?? 2;
}

/** The amount in minor units, or undefined when it has more decimal places than the currency allows. */
export function toMinor(amount: number, decimals: number): number | undefined {
  const scaled = amount * 10 ** decimals;
  const rounded = Math.round(scaled);
  // Tolerate binary floating-point noise (0.1 + 0.2), not a real extra decimal place.
  return Math.abs(scaled - rounded) < 1e-6 * Math.max(1, Math.abs(scaled)) && Number.isSafeInteger(rounded)
    ? rounded
    : undefined;
}

export function fromMinor(minor: number, decimals: number): number {
  return Number((minor / 10 ** decimals).toFixed(decimals));
}
