/**
 * AdditionalInformation against the RequiredAdditionalInformation response (§ CreateWithdrawalBeneficiary:
 * "keys come from the RequiredAdditionalInformation endpoint and each value is validated against the Rule
 * RegEx of its field"; § Other: "each item has Field (string) and Rule (list of objects with RegEx string)").
 *
 * - Every `Field` listed is required: `required` at `["AdditionalInformation", Field]`.
 * - A value must match every RegEx of its field (assumption: a list of rules means all of them); a value
 *   that does not is `pattern_mismatch` with `params.pattern`. Matching is unanchored, as .NET
 *   `Regex.IsMatch` (the rule anchors itself with `^…$` when it means the whole value).
 * - A RegEx runs on a linear-time engine (`regex/`); one it cannot run is `invalid_rule` at the field with
 *   `params.reason`. A value longer than `MAX_TESTED_VALUE_LENGTH` is `too_long` instead of being run.
 * - Keys without a rule are kept and not checked. Without a rules list the rule is not checked; while the
 *   engine is still loading (a browser, first use) the RegEx items are not run and the rule is listed as
 *   unchecked, and Standard Schema's `validate` waits for the engine (core/waiting-validator.ts).
 */
import { appendIssues, issue, type Issue } from "../../core/issue.js";
import { field, isEmpty, isJsonObject, requiredIssue, type Path } from "../../core/json-fields.js";
import { answerAfter } from "../../core/waiting-validator.js";
import { checkFieldRules } from "./regex/check-field-rules.js";
import { loadRegexEngine } from "./regex/engine.js";
import { passed, unchecked, type RequiredAdditionalInformation, type RuleOutcome } from "./rule-context.js";

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
      issue("invalid_rule", "The RequiredAdditionalInformation rules are not a list.", facts.path, {
        reason: "syntax",
      }),
    ]);
  }
  const given = isJsonObject(facts.input) ? facts.input : {};
  const issues: Issue[] = [];
  const reportedMissing = new Set<string>();
  let waitingForEngine = false;
  for (const item of facts.rules as readonly unknown[]) {
    if (!isJsonObject(item) || typeof item.Field !== "string" || item.Field.trim() === "") {
      issues.push(
        issue("invalid_rule", "A RequiredAdditionalInformation item has no Field name.", facts.path, {
          reason: "syntax",
        }),
      );
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
    const checked = checkFieldRules(typeof value === "string" ? value : undefined, item.Rule, path);
    appendIssues(issues, checked.issues);
    waitingForEngine ||= checked.waitingForEngine;
  }
  if (!waitingForEngine) return passed("additional-information", issues);
  answerAfter(loadRegexEngine());
  return { rule: "additional-information", checked: false, issues };
}
