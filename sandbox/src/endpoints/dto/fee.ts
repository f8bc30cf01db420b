/**
 * FeeDto lists. The sandbox charges no fees: every Fees list (of a transfer, withdrawal, deposit or exchange)
 * is empty, and no fee appears on a statement, so the balances stay exactly what the payments moved.
 */
import type { FeeDto } from "@account-funds/client";

/** The fees charged for a payment: none in the sandbox. */
export function noFees(): FeeDto[] {
  return [];
}
