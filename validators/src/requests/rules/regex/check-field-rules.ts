/**
 * One AdditionalInformation field's `Rule` list run on its value: every RegEx must match (assumption: a list of
 * rules means all of them). A rule that cannot be used is an `invalid_rule` issue and is never run; a value
 * longer than MAX_TESTED_VALUE_LENGTH is `too_long` instead of being run. While the engine is not loaded the
 * rules are not run and the field is reported as unchecked.
 */
import { issue, type Issue, type PathSegment } from "../../../core/issue.js";
import { isJsonObject } from "../../../core/json-fields.js";
import { compileSafeRegex, MAX_TESTED_VALUE_LENGTH } from "./compile-rule.js";

export interface FieldRulesOutcome {
  readonly issues: readonly Issue[];
  /** Some RegEx could not be run because the engine is not loaded yet. */
  readonly waitingForEngine: boolean;
}

function fieldName(path: readonly PathSegment[]): string {
  const last = path[path.length - 1];
  return typeof last === "string" ? last : "Value";
}

/** Runs every rule of one field on its value (`undefined` when missing); the rules are checked even then. */
export function checkFieldRules(
  value: string | undefined,
  rules: unknown,
  path: readonly PathSegment[],
): FieldRulesOutcome {
  const list: readonly unknown[] = Array.isArray(rules) ? rules : rules === undefined || rules === null ? [] : [rules];
  const issues: Issue[] = [];
  let waitingForEngine = false;
  let tooLongReported = false;
  for (const rule of list) {
    const source = isJsonObject(rule) ? rule.RegEx : undefined;
    if (typeof source !== "string") {
      issues.push(issue("invalid_rule", "A rule of this field has no RegEx.", path, { reason: "syntax" }));
      continue;
    }
    const compiled = compileSafeRegex(source);
    if (!compiled.ok) {
      if (compiled.reason === "engine_unavailable") waitingForEngine = true;
      else {
        issues.push(
          issue("invalid_rule", `The rule for this field cannot be used: ${compiled.message}`, path, {
            pattern: source.slice(0, 120),
            reason: compiled.reason,
          }),
        );
      }
      continue;
    }
    if (value === undefined) continue;
    if (value.length > MAX_TESTED_VALUE_LENGTH) {
      if (!tooLongReported) {
        tooLongReported = true;
        issues.push(
          issue("too_long", `${fieldName(path)} must be at most ${MAX_TESTED_VALUE_LENGTH} characters long.`, path, {
            maximum: MAX_TESTED_VALUE_LENGTH,
            actual: value.length,
          }),
        );
      }
      continue;
    }
    if (!compiled.regex.test(value)) {
      issues.push(
        issue("pattern_mismatch", `${fieldName(path)} does not have the expected format.`, path, { pattern: source }),
      );
    }
  }
  return { issues, waitingForEngine };
}
