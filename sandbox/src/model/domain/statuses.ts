/**
 * StatusCode → Status text of every resource, as the spec's `x-assumed-values` state them (the reference shows
 * only the transfer beneficiary's E/Enabled). DTO mappers derive Status from StatusCode through these tables, so
 * the two never disagree; domain code compares StatusCode against the named codes below.
 */

/** One resource's status codes and their texts. */
export type StatusTable = Readonly<Record<string, string>>;

/** Transfers and withdrawals share the approval workflow P → A → C, with R and X as the other final states. */
export const paymentStatuses = {
  P: "Pending",
  A: "Approved",
  C: "Completed",
  R: "Rejected",
  X: "Cancelled",
} as const satisfies StatusTable;

export const transferStatuses = paymentStatuses;
export const withdrawalStatuses = paymentStatuses;

export const exchangeStatuses = {
  P: "Pending",
  L: "Allocated",
  A: "Approved",
  C: "Completed",
  R: "Rejected",
  X: "Cancelled",
} as const satisfies StatusTable;

/** Withdrawal beneficiaries (Enable, Suspend and Cancel commands). */
export const beneficiaryStatuses = {
  E: "Enabled",
  S: "Suspended",
  X: "Cancelled",
} as const satisfies StatusTable;

/** The reference's one known value; transfer beneficiaries have no commands, so the sandbox uses only E. */
export const transferBeneficiaryStatuses = {
  E: "Enabled",
} as const satisfies StatusTable;

export const depositStatuses = {
  P: "Pending",
  C: "Completed",
} as const satisfies StatusTable;

export const accountStatuses = {
  A: "Active",
} as const satisfies StatusTable;

export const depositorStatuses = {
  E: "Enabled",
} as const satisfies StatusTable;

export type PaymentStatusCode = keyof typeof paymentStatuses;
export type TransferStatusCode = keyof typeof transferStatuses;
export type WithdrawalStatusCode = keyof typeof withdrawalStatuses;
export type ExchangeStatusCode = keyof typeof exchangeStatuses;
export type BeneficiaryStatusCode = keyof typeof beneficiaryStatuses;

/** Transfer and withdrawal states from which no approve, reject or cancel is possible (the API answers 410). */
export const finalPaymentStatuses: readonly string[] = ["C", "R", "X"];

/** The Status text of a code; a code the table does not know is shown as it is rather than hidden. */
export function statusText(table: StatusTable, code: string): string {
  return table[code] ?? code;
}
