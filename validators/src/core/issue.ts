/**
 * A validation issue is data, never an exception: a stable machine `code`, an English default `message`
 * and the `path` of the offending field, so a form can show the message beside it.
 *
 * An issue is an error (the value is refused) unless it says `severity: "warning"`: a check stricter than the
 * API reference states (national IBAN check digits, the NZ bank table, ...), whose value is still valid and sent;
 * the user is told. Warnings are listed apart, in a result's `warnings`, and never fail a validation.
 */
import type { IssueCode } from "./issue-codes.js";

/** One step of a path into the validated value: a property name or an array index. */
export type PathSegment = string | number;

export interface Issue {
  /** Stable, machine-readable code; see `issue-codes.ts`. */
  readonly code: IssueCode;
  /** English default message; translate by `code` and `params`, not by parsing this text. */
  readonly message: string;
  /** Where in the input the issue is; `[]` for the value itself. */
  readonly path: readonly PathSegment[];
  /** Values the message was built from (expected length, allowed values, ...). */
  readonly params?: Readonly<Record<string, unknown>>;
  /** `"warning"`: the value is valid and sent, the user is told; absent: an error, the value is refused. */
  readonly severity?: "warning";
}

export function issue(
  code: IssueCode,
  message: string,
  path: readonly PathSegment[] = [],
  params?: Readonly<Record<string, unknown>>,
): Issue {
  return params === undefined ? { code, message, path } : { code, message, path, params };
}

/** The same issue as a warning: stricter than the reference, so reported but never a refusal. */
export function asWarning(found: Issue): Issue {
  return { ...found, severity: "warning" };
}

export function isWarning(found: Issue): boolean {
  return found.severity === "warning";
}

/** Whether `found` holds an error (an issue that is not a warning). */
export function hasErrors(found: readonly Issue[]): boolean {
  for (let i = 0; i < found.length; i++) if ((found[i] as Issue).severity !== "warning") return true;
  return false;
}

/** Splits issues into errors and warnings, each in the order found. */
export function splitIssues(found: readonly Issue[]): { errors: Issue[]; warnings: Issue[] } {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  for (let i = 0; i < found.length; i++) {
    const item = found[i] as Issue;
    (item.severity === "warning" ? warnings : errors).push(item);
  }
  return { errors, warnings };
}

/** Re-roots issues found in a nested value under `prefix` (e.g. `["PaymentRouting"]`). */
export function prefixIssues(prefix: readonly PathSegment[], issues: readonly Issue[]): Issue[] {
  return issues.map((found) => ({ ...found, path: [...prefix, ...found.path] }));
}

/**
 * Appends `found` to `target` one by one. Never `target.push(...found)`: spreading a list into a call passes
 * every item as an argument, and 200,000 of them (one per item of a long list in the input) overflow the stack.
 */
export function appendIssues(target: Issue[], found: readonly Issue[]): void {
  for (let i = 0; i < found.length; i++) target.push(found[i] as Issue);
}
