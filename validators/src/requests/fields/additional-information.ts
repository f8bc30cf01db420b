/**
 * CreateWithdrawalBeneficiary AdditionalInformation: "object of key/value strings" (§ CreateWithdrawalBeneficiary).
 * This module checks that shape: every value is a string (kept as typed, like all free text; a blank one is
 * dropped like any empty optional field). Which keys are required and what their values must match is the rule in
 * `../rules/additional-information.ts`. Keys are not restricted (the reference does not list them), and the
 * result is built with `Object.fromEntries`, so a key such as `__proto__` stays a plain key.
 */
import { invalidType, readObject, fail, ok, type FieldResult, type Path } from "../../core/json-fields.js";
import type { Issue } from "../../core/issue.js";

export type AdditionalInformation = Record<string, string>;

export function readAdditionalInformation(input: unknown, path: Path): FieldResult<AdditionalInformation> {
  const object = readObject(input, path);
  if (object.value === undefined) return { value: undefined, issues: object.issues };
  const entries: [string, string][] = [];
  const issues: Issue[] = [];
  for (const key of Object.keys(object.value)) {
    const value = object.value[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") issues.push(invalidType([...path, key], "a string", value));
    else if (value.trim() !== "") entries.push([key, value]);
  }
  return issues.length > 0 ? fail(issues) : ok(Object.fromEntries(entries));
}
