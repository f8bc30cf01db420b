/**
 * UltimateOriginator members by account kind (§ UltimateOriginator): "for non-PSP accounts Name and Address
 * are required by default; for PSP accounts only SubaccountNumber is used".
 *
 * - Non-PSP account (`account.isPsp === false`): an UltimateOriginator that is given must have Name and
 *   Address (`required` at `["UltimateOriginator", "Name"]` / `["UltimateOriginator", "Address"]`).
 * - PSP account (`account.isPsp === true`): SubaccountNumber is required, since it is the only member the
 *   service uses (assumption: an UltimateOriginator without it carries nothing). Name and Address are NOT
 *   reported: the reference says they are not used, not that they are refused, so they stay in the value
 *   and only their shape is checked.
 * - Unknown account kind: not checked.
 *
 * The UltimateOriginator itself stays optional ("only for a withdrawal on behalf of another party").
 */
import { field, isEmpty, isJsonObject, requiredIssue, type Path } from "../../core/json-fields.js";
import { passed, unchecked, type RuleOutcome } from "./rule-context.js";
import type { Issue } from "../../core/issue.js";

export interface UltimateOriginatorFacts {
  /** The UltimateOriginator as given in the body (its shape is checked by the field reader). */
  readonly input: unknown;
  readonly isPsp: boolean | undefined;
  readonly path: Path;
}

export function ultimateOriginatorRule(facts: UltimateOriginatorFacts): RuleOutcome {
  const originator = facts.input;
  if (!isJsonObject(originator)) return passed("ultimate-originator");
  if (facts.isPsp === undefined) return unchecked("ultimate-originator");
  const needed = facts.isPsp ? (["SubaccountNumber"] as const) : (["Name", "Address"] as const);
  const issues: Issue[] = [];
  for (const key of needed) {
    if (isEmpty(field(originator, key))) {
      const why = facts.isPsp ? "for a PSP account" : "for an account that is not a PSP account";
      issues.push({
        ...requiredIssue([...facts.path, key]),
        message: `UltimateOriginator ${key} is required ${why}.`,
        params: { isPsp: facts.isPsp },
      });
    }
  }
  return passed("ultimate-originator", issues);
}
