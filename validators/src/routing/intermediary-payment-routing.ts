/**
 * IntermediaryPaymentRouting items (§ CreateWithdrawalBeneficiary: "each item has Type `Bic` and Bic (BIC of
 * the intermediary or corresponding bank)"). Both are required: the Type has a single value and the Bic is
 * the item's only content.
 */
import { defineValidator } from "../core/define-validator.js";
import { normalizationOf, type Normalization } from "../core/normalization.js";
import { splitIssues } from "../core/issue.js";
import { failure, success } from "../core/result.js";
import { validateBic } from "../identifiers/bic.js";
import { collectIssues, field, invalidType, isJsonObject, readWith } from "../core/json-fields.js";
import { readRoutingType } from "./read-routing.js";

export const intermediaryRoutingTypes = ["Bic"] as const;

export interface IntermediaryPaymentRouting {
  Type: "Bic";
  Bic: string;
}

export const validateIntermediaryPaymentRouting = /* @__PURE__ */ defineValidator<
  IntermediaryPaymentRouting,
  Normalization
>((input) => {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const { take, add, issues } = collectIssues();
  add(readRoutingType(field(input, "Type"), intermediaryRoutingTypes));
  const Bic = take(readWith(field(input, "Bic"), ["Bic"], (value) => validateBic(value), { required: true }));
  const { errors, warnings } = splitIssues(issues);
  if (errors.length > 0 || Bic === undefined) return failure(errors, warnings);
  const value: IntermediaryPaymentRouting = { Type: "Bic", Bic };
  return success(value, normalizationOf(input, value), warnings);
});
