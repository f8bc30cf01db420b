/**
 * The success result of a request validator with conditional rules: the normalised request plus
 * `uncheckedRules`, the rules that could not be decided because their context was not given.
 */
import type { Issue } from "../core/issue.js";
import { failure, success, type Result } from "../core/result.js";
import { combineOutcomes, type ConditionalRule, type RuleOutcome } from "./rules/rule-context.js";

export interface RuleReport {
  /** Conditional rules not checked for lack of context; the server may still refuse the request for them. */
  readonly uncheckedRules: readonly ConditionalRule[];
}

/** Fails with every issue found (field issues first, then rule issues), or succeeds with `build()`. */
export function requestResult<T>(
  fieldIssues: readonly Issue[],
  outcomes: readonly RuleOutcome[],
  build: () => T,
): Result<T, RuleReport> {
  const { issues, uncheckedRules } = combineOutcomes(outcomes);
  const all = [...fieldIssues, ...issues];
  return all.length > 0 ? failure(all) : success(build(), { uncheckedRules });
}
