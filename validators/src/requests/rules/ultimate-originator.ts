/**
 * UltimateOriginator members by account kind (§ UltimateOriginator): "for non-PSP accounts Name and Address
 * are required by default; for PSP accounts only SubaccountNumber is used".
 *
 * - Non-PSP account (`account.isPsp === false`): an UltimateOriginator that is given must have Name and
 *   Address, and the Address its Street, Town and CountryCode ("Address fields: Street (required), ...";
 *   `required` at their paths).
 * - PSP account (`account.isPsp === true`): nothing is required. Name and Address are NOT reported, nor is a
 *   partial Address: the reference says they are not used, not that they are refused, so they stay in the
 *   value and only their shape is checked. A missing SubaccountNumber, the only member the service uses, is a
 *   warning (`recommended`).
 * - Unknown account kind: not checked.
 *
 * The UltimateOriginator itself stays optional ("only for a withdrawal on behalf of another party").
 */
import { field, isEmpty, isJsonObject, recommendedIssue, requiredIssue, type Path } from "../../core/json-fields.js";
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
  if (facts.isPsp) {
    const missing = isEmpty(field(originator, "SubaccountNumber"));
    return passed(
      "ultimate-originator",
      missing
        ? [recommendedIssue([...facts.path, "SubaccountNumber"], "it is the only member used for a PSP account")]
        : [],
    );
  }
  const issues: Issue[] = [];
  const requireAt = (at: readonly string[]): void => {
    issues.push({
      ...requiredIssue([...facts.path, ...at]),
      message: `UltimateOriginator ${at.join(".")} is required for an account that is not a PSP account.`,
      params: { isPsp: false },
    });
  };
  for (const key of ["Name", "Address"]) if (isEmpty(field(originator, key))) requireAt([key]);
  const address = field(originator, "Address");
  if (isJsonObject(address)) {
    for (const key of ["Street", "Town", "CountryCode"]) if (isEmpty(field(address, key))) requireAt(["Address", key]);
  }
  return passed("ultimate-originator", issues);
}
