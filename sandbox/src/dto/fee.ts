/**
 * FeeDto lists. The sandbox charges no fees: every Fees list (of a transfer, withdrawal, deposit or exchange)
 * is empty, and no fee appears on a statement, so the balances stay exactly what the payments moved.
 */

export interface FeeDto {
  readonly Id: number;
  readonly Narative: string | null;
  readonly CurrencyCode: string | null;
  readonly Amount: number | null;
  readonly DefinitionAmount: number | null;
  readonly BaseAmount: number | null;
  readonly TieredFeeBaseValue: number | null;
  readonly Percentage: number | null;
  readonly PaymentScheme: string | null;
  readonly ConfiguredCurrency: string | null;
  readonly ConfiguredAmount: number | null;
  readonly ConfiguredPercentage: number | null;
  readonly ExchangeRate: number | null;
  readonly Cancelled: boolean | null;
  readonly CanBeCancelled: boolean | null;
}

/** The fees charged for a payment: none in the sandbox. */
export function noFees(): FeeDto[] {
  return [];
}
