/**
 * AdditionalInformation against the RequiredAdditionalInformation response (§ CreateWithdrawalBeneficiary:
 * "keys come from the RequiredAdditionalInformation endpoint and each value is validated against the Rule
 * RegEx of its field"; § Other: "each item has Field (string) and Rule (list of objects with RegEx string)").
 *
 * - Every `Field` listed is required: `required` at `["AdditionalInformation", Field]`.
 * - A value must match every RegEx of its field (assumption: a list of rules means all of them); a value
 *   that does not is `pattern_mismatch` with `params.pattern`. Matching is unanchored, as .NET
 *   `Regex.IsMatch` (the rule anchors itself with `^…$` when it means the whole value).
 * - A RegEx that is not valid, or not safe to run (see `safe-regex.ts`), is `invalid_rule` at the field with
 *   `params.reason`; it is never run. A value longer than `MAX_TESTED_VALUE_LENGTH` is `too_long` instead of
 *   being run.
 * - Keys without a rule are kept and not checked. Without a rules list the rule is not checked.
 */
import { issue, type Issue } from "../../core/issue.js";
import { field, isEmpty, isJsonObject, requiredIssue, type Path } from "../../core/json-fields.js";
import { passed, unchecked, type RequiredAdditionalInformation, type RuleOutcome } from "./rule-context.js";
import { compileSafeRegex, MAX_TESTED_VALUE_LENGTH } from "./safe-regex.js";

export interface AdditionalInformationFacts {
  /** AdditionalInformation as given in the body (for presence). */
  readonly input: unknown;
  /** Its normalised values, when its shape is valid. */
  readonly values: Readonly<Record<string, string>> | undefined;
  /** The RequiredAdditionalInformation response for this beneficiary, when known. */
  readonly rules: readonly RequiredAdditionalInformation[] | undefined;
  readonly path: Path;
}

export function additionalInformationRule(facts: AdditionalInformationFacts): RuleOutcome {
  if (facts.rules === undefined) return unchecked("additional-information");
  if (!Array.isArray(facts.rules)) {
    return passed("additional-information", [
      issue("invalid_rule", "The RequiredAdditionalInformation rules are not a list.", facts.path, { reason: "syntax" }),
    ]);
  }
  const given = isJsonObject(facts.input) ? facts.input : {};
  const issues: Issue[] = [];
  const reportedMissing = new Set<string>();
  for (const item of facts.rules as readonly unknown[]) {
    if (!isJsonObject(item) || typeof item.Field !== "string" || item.Field.trim() === "") {
      issues.push(issue("invalid_rule", "A RequiredAdditionalInformation item has no Field name.", facts.path, { reason: "syntax" }));
      continue;
    }
    const name = item.Field;
    const path = [...facts.path, name];
    const raw = field(given, name);
    if (isEmpty(raw) && !reportedMissing.has(name)) {
      reportedMissing.add(name);
      issues.push({ ...requiredIssue(path), message: `${name} is required in AdditionalInformation.` });
    }
    const value = facts.values === undefined ? undefined : field(facts.values, name);
    issues.push(...checkValue(typeof value === "string" ? value : undefined, item.Rule, path));
  }
  return passed("additional-information", issues);
}

/** Runs every rule of one field on its value; rules are checked even when the value is missing. */
function checkValue(value: string | undefined, rules: unknown, path: Path): Issue[] {
  const list: readonly unknown[] = Array.isArray(rules) ? rules : rules === undefined || rules === null ? [] : [rules];
  const issues: Issue[] = [];
  let tooLongReported = false;
  for (const rule of list) {
    const source = isJsonObject(rule) ? rule.RegEx : undefined;
    if (typeof source !== "string") {
      issues.push(issue("invalid_rule", "A rule of this field has no RegEx.", path, { reason: "syntax" }));
      continue;
    }
    const compiled = compileSafeRegex(source);
    if (!compiled.ok) {
      issues.push(
        issue("invalid_rule", `The rule for this field cannot be used: ${compiled.message}`, path, {
          pattern: source.slice(0, 120),
          reason: compiled.reason,
        }),
      );
      continue;
    }
    if (value === undefined) continue;
    if (value.length > MAX_TESTED_VALUE_LENGTH) {
      if (!tooLongReported) {
        tooLongReported = true;
        issues.push(
          issue("too_long", `${String(path[path.length - 1])} must be at most ${MAX_TESTED_VALUE_LENGTH} characters long.`, path, {
            maximum: MAX_TESTED_VALUE_LENGTH,
            actual: value.length,
          }),
        );
      }
      continue;
    }
    if (!compiled.regex.test(value)) {
      issues.push(
        issue("pattern_mismatch", `${String(path[path.length - 1])} does not have the expected format.`, path, {
          pattern: source,
        }),
      );
    }
  }
  return issues;
}
