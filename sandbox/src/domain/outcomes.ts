/**
 * What a domain command returns instead of throwing: done, refused with the HTTP status the API answers
 * (404 unknown, 410 can no longer move, 400 a wrong attribute), or refused by the validators with their issues.
 */
import type { Issue } from "@account-funds/validators";
/** Outcome of a state-changing command when it is refused: the HTTP status the API answers and why. */
export interface CommandRefusal {
  readonly ok: false;
  readonly status: 400 | 404 | 409 | 410;
  readonly code: string;
  readonly message: string;
  readonly target?: string;
}

/** A request the validators refused: the handler answers 400 with one detail per issue. */
export interface InvalidRequest {
  readonly ok: false;
  readonly status: 400;
  readonly issues: readonly Issue[];
}

export type Done = { readonly ok: true };
export const done: Done = { ok: true };

export const refuse = (
  status: CommandRefusal["status"],
  code: string,
  message: string,
  target?: string,
): CommandRefusal =>
  target === undefined ? { ok: false, status, code, message } : { ok: false, status, code, message, target };

export const isRefusal = (value: object): value is CommandRefusal => "ok" in value && value.ok === false;
