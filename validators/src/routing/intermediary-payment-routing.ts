/**
 * IntermediaryPaymentRouting items (§ CreateWithdrawalBeneficiary: "each item has Type `Bic` and Bic (BIC of
 * the intermediary or corresponding bank)"). Both are required, as the spec states: the Type has a single value
 * and the Bic is the item's only content.
 */
import { defineValidator } from "../core/define-validator.js";
import { splitIssues } from "../core/issue.js";
import { fail, invalidType, isJsonObject, ok } from "../core/json-fields.js";
import { normalizationOf, type Normalization } from "../core/normalization.js";
import { contextOf, readTable, type WireFormOption } from "../core/read-table.js";
import { failure, success } from "../core/result.js";
import { intermediaryPaymentRoutingTable, type IntermediaryPaymentRouting } from "../generated/request-fields.js";
import { readBic } from "../identifiers/format-readers.js";
import { readRoutingType } from "./read-routing.js";

export type { IntermediaryPaymentRouting };

/** The values of an intermediary routing's Type (the spec's const). */
export const intermediaryRoutingTypes = /* @__PURE__ */ Object.freeze([
  intermediaryPaymentRoutingTable.fields.Type.const,
] as const);

export const validateIntermediaryPaymentRouting = /* @__PURE__ */ defineValidator<
  IntermediaryPaymentRouting,
  Normalization,
  WireFormOption
>((input, options) => {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const type = intermediaryPaymentRoutingTable.fields.Type.const;
  const read = readTable<typeof intermediaryPaymentRoutingTable, IntermediaryPaymentRouting>(
    input,
    [],
    intermediaryPaymentRoutingTable,
    {
      fields: {
        Type: (value) => {
          const found = readRoutingType(value, intermediaryRoutingTypes);
          return found.length === 0 ? ok(type) : fail(found);
        },
      },
      formats: { bic: readBic },
    },
    contextOf(options),
  );
  const { errors, warnings } = splitIssues(read.issues);
  if (errors.length > 0 || read.value === undefined) return failure(errors, warnings);
  return success(read.value, normalizationOf(input, read.value), warnings);
});
