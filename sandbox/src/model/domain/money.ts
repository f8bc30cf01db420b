/**
 * Amounts are held as integers in minor units (ISO 4217 exponent: 2 for GBP, 0 for JPY), so balances add up
 * exactly; the API's decimals are converted at the edges.
 */
import type { Store } from "../../foundation/state/store.js";

/** Decimal places of a currency: the sandbox's CurrencyDto.SignificantDigits, 2 when unknown. */
export function decimalsOf(store: Store, currencyCode: string): number {
  return store.currencies.get(currencyCode)?.SignificantDigits ?? 2;
}

/**
 * The amount in minor units, or undefined when its decimal form has more places than the currency allows (or is
 * too large to count exactly). Only exact amounts pass: 100000.001 GBP or 5e-324 are refused, never rounded.
 */
export function toMinor(amount: number, decimals: number): number | undefined {
  if (!Number.isFinite(amount)) return undefined;
  const { numerator, denominator } = exactFraction(amount);
  const scale = 10n ** BigInt(decimals);
  if ((numerator * scale) % denominator !== 0n) return undefined;
  const minor = Number((numerator * scale) / denominator);
  return Number.isSafeInteger(minor) ? minor : undefined;
}

export function fromMinor(minor: number, decimals: number): number {
  return Number((minor / 10 ** decimals).toFixed(decimals));
}

/** A decimal number as an exact fraction of integers (`1.08696` → 108696/100000), from its shortest text form. */
export function exactFraction(value: number): { readonly numerator: bigint; readonly denominator: bigint } {
  const [mantissa = "0", exponentText = "0"] = value.toString().toLowerCase().split("e");
  const [whole = "0", fraction = ""] = mantissa.split(".");
  const exponent = Number(exponentText) - fraction.length;
  const digits = BigInt(`${whole}${fraction}`);
  return exponent >= 0
    ? { numerator: digits * 10n ** BigInt(exponent), denominator: 1n }
    : { numerator: digits, denominator: 10n ** BigInt(-exponent) };
}

/**
 * `minor` units of one currency times `rate`, in minor units of another, rounded half up, computed exactly in
 * integers (binary floating point would put 187.5 × 1.08696 = 203.805 just below the half and round it down).
 */
export function convertMinor(
  minor: number,
  rate: number,
  fromDecimals: number,
  toDecimals: number,
  direction: "multiply" | "divide",
): number {
  const { numerator, denominator } = exactFraction(rate);
  const [times, by] = direction === "multiply" ? [numerator, denominator] : [denominator, numerator];
  const top = BigInt(minor) * times * 10n ** BigInt(toDecimals);
  const bottom = by * 10n ** BigInt(fromDecimals);
  return Number((2n * top + bottom) / (2n * bottom));
}
