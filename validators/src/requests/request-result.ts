/**
 * The success result of every request validator: the normalised request (the wire form to send), what
 * normalising changed (`normalized`, `changes`), and `uncheckedRules`, the conditional rules that could not be
 * decided because their context was not given.
 */
import { splitIssues, type Issue } from "../core/issue.js";
import { normalizationOf, type Normalization } from "../core/normalization.js";
import { failure, success, type Result } from "../core/result.js";
import { combineOutcomes, type ConditionalRule, type RuleOutcome } from "./rules/rule-context.js";

export interface RuleReport {
  /** Conditional rules not checked for lack of context; the server may still refuse the request for them. */
  readonly uncheckedRules: readonly ConditionalRule[];
}

/** What a request validator reports beside the value. */
export interface RequestReport extends RuleReport, Normalization {}

/**
 * Fails with every error found (field issues first, then rule issues), or succeeds with `build()` and how it
 * differs from `input`; either way with the warnings found (checks stricter than the reference: never a refusal).
 */
export function requestResult<T>(
  input: unknown,
  fieldIssues: readonly Issue[],
  outcomes: readonly RuleOutcome[],
  build: () => T,
): Result<T, RequestReport> {
  const { issues, uncheckedRules } = combineOutcomes(outcomes);
  const { errors, warnings } = splitIssues([...fieldIssues, ...issues]);
  if (errors.length > 0) return failure(errors, warnings);
  const value = build();
  return success(value, { uncheckedRules, ...normalizationOf(input, value) }, warnings);
}
