/**
 * Fields whose acceptance "depends on the account setup" (§ CreateAccountWithdrawal): UltimateOriginator and
 * PaymentChargesCode. The setup cannot be read from the API, so the caller states it in
 * `account.acceptsUltimateOriginator` / `account.acceptsPaymentChargesCode`; a field given while the account
 * does not accept it is `not_allowed`. Unknown setup: not checked.
 */
import { issue, type Issue } from "../../core/issue.js";
import type { Path } from "../../core/json-fields.js";
import { passed, type RuleOutcome } from "./rule-context.js";

export interface SetupDependentField {
  /** Whether the body has the field. */
  readonly present: boolean;
  /** Whether the account setup accepts it, when known. */
  readonly accepted: boolean | undefined;
  readonly path: Path;
}

export function accountSetupRule(fields: readonly SetupDependentField[]): RuleOutcome {
  const issues: Issue[] = [];
  let decided = true;
  for (const { present, accepted, path } of fields) {
    if (!present) continue;
    if (accepted === undefined) decided = false;
    else if (!accepted) {
      const name = String(path[path.length - 1]);
      issues.push(issue("not_allowed", `${name} is not accepted by the setup of this account.`, path));
    }
  }
  return decided ? passed("account-setup", issues) : { rule: "account-setup", checked: false, issues };
}
