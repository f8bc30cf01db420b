/**
 * Why a domain command refuses, in one place: every code a refusal can carry (the OData error's `code`), the
 * HTTP status the API answers it with (404 unknown, 410 can no longer move, 409 not yet, 400 a wrong attribute)
 * and, for the refusals several commands share, their wording, written once. Domain modules refuse only
 * through these constructors, so a code is never a free string.
 */

/** Every code a domain refusal carries. */
export type RefusalCode =
  // The entity addressed: another tenant's is "not found" too, worded alike (the reference's 404).
  | "not_found"
  | "gone"
  // A reference in the body the sandbox does not know, or the caller may not use (400, at that field).
  | "unknown_account"
  | "unknown_currency"
  | "unknown_beneficiary"
  | "unknown_instruction"
  | "unknown_payment_purpose"
  | "unknown_boe_purpose_code"
  | "unknown_subaccount"
  | "beneficiary_not_enabled"
  | "currency_mismatch"
  | "required"
  | "conflict"
  // Amounts and rates.
  | "insufficient_funds"
  | "invalid_amount"
  | "too_many_decimals"
  | "amount_too_small"
  | "no_rate"
  // The exchange an instruction withdrawal is paid from.
  | "instruction_closed"
  | "instruction_in_use"
  | "instruction_incomplete"
  | "instruction_not_completed"
  // MT103 confirmations.
  | "feature_not_enabled"
  | "withdrawal_not_completed";

/** Outcome of a state-changing command when it is refused: the HTTP status the API answers and why. */
export interface CommandRefusal {
  readonly ok: false;
  readonly status: 400 | 404 | 409 | 410;
  readonly code: RefusalCode;
  readonly message: string;
  /**
   * The body field refused, by name (`AccountId`; a nested one as an OData path, `UltimateOriginator/SubaccountNumber`);
   * the API answers it as a JSON pointer (`handlers/command-result.ts`).
   */
  readonly target?: string;
}

export const refuse = (
  status: CommandRefusal["status"],
  code: RefusalCode,
  message: string,
  target?: string,
): CommandRefusal =>
  target === undefined ? { ok: false, status, code, message } : { ok: false, status, code, message, target };

/** A 400 at the body's field `target`. */
export const badRequest = (code: RefusalCode, message: string, target: string): CommandRefusal =>
  refuse(400, code, message, target);

export const isRefusal = (value: object): value is CommandRefusal => "ok" in value && value.ok === false;

/** 404 for an entity that does not exist or is not the caller's (`what`: "Transfer 7"), in the reference's words. */
export const notFound = (what: string): CommandRefusal =>
  refuse(404, "not_found", `${what} does not exist, or you have no permission to view it.`);

/** 410: the entity can no longer make this move. */
export const gone = (message: string): CommandRefusal => refuse(410, "gone", message);

/** 400: the body's AccountId is not an account of the caller (another tenant's is worded alike). */
export const unknownAccount = (accountId: number): CommandRefusal =>
  badRequest(
    "unknown_account",
    `Account ${accountId} does not exist, or you have no permission to view it.`,
    "AccountId",
  );

/** 400: a currency code the sandbox does not list, at the body's field `target`. */
export const unknownCurrency = (currencyCode: string, target: string): CommandRefusal =>
  badRequest("unknown_currency", `The sandbox does not know the currency ${currencyCode}.`, target);

/** 400: a currency pair without a mid rate (no cross rates are derived). */
export const noRate = (source: string, target: string): CommandRefusal =>
  badRequest("no_rate", `There is no mid rate for ${source}/${target}.`, "TargetCurrencyCode");

/** 400: an amount with more decimal places than its currency has, at the body's field `target`. */
export const tooManyDecimals = (target: string, currencyCode: string): CommandRefusal =>
  badRequest("too_many_decimals", `${target} has more decimal places than ${currencyCode} allows.`, target);

/** `T` with the `fields` present. */
export type WithFields<T, K extends keyof T> = T & { [P in K]-?: Exclude<T[P], undefined> };

/**
 * 400 at the first of `fields` that is missing: the reference does not mark it required, but the sandbox's model
 * cannot carry the command out without it (`why` says what it is needed for). The sandbox's own business rule, as
 * the API may have one: the body is valid, and the validators only warn about it.
 */
export function requireFields<T extends object, K extends keyof T & string>(
  values: T,
  fields: readonly K[],
  why: string,
): { readonly ok: true; readonly value: WithFields<T, K> } | CommandRefusal {
  const absent = fields.find((field) => values[field] === undefined);
  return absent === undefined
    ? { ok: true, value: values as WithFields<T, K> }
    : badRequest("required", `The sandbox needs ${absent}: ${why}.`, absent);
}
