/**
 * `validatePaymentRouting`: one routing object of any of the 10 routing types (§ CreateWithdrawalBeneficiary,
 * "PaymentRouting", "AlternatePaymentRouting … same as PaymentRouting items"). It dispatches on `Type` to the
 * validator of that type. An unknown or missing Type is reported at `["Type"]` (`invalid_enum` with
 * `params.allowed`, or `required`), together with what can still be checked without it: the CountryCode.
 */
import { defineValidator } from "../core/define-validator.js";
import { splitIssues } from "../core/issue.js";
import type { Normalization } from "../core/normalization.js";
import type { WireFormOption } from "../core/read-table.js";
import { failure, type Result } from "../core/result.js";
import { field, invalidType, isJsonObject } from "../core/json-fields.js";
import type { PaymentRouting } from "../generated/request-fields.js";
import { validateBankStateBranchAccountNumberPaymentRouting } from "./bank-state-branch-account-number.js";
import { validateBicAccountNumberPaymentRouting } from "./bic-account-number.js";
import { validateBicClabePaymentRouting } from "./bic-clabe.js";
import { validateBicIbanPaymentRouting } from "./bic-iban.js";
import { validateBicNubanPaymentRouting } from "./bic-nuban.js";
import { validateIndianFinancialSystemCodeAccountNumberPaymentRouting } from "./indian-financial-system-code-account-number.js";
import { validateNewZealandAccountNumberPaymentRouting } from "./new-zealand-account-number.js";
import { readRoutingCountry, readRoutingType } from "./read-routing.js";
import { validateRoutingTransitNumberAccountNumberPaymentRouting } from "./routing-transit-number-account-number.js";
import { paymentRoutingTypes, isPaymentRoutingType, type PaymentRoutingType } from "./routing-types.js";
import { validateSortCodeAccountNumberPaymentRouting } from "./sort-code-account-number.js";
import { validateTransitNumberAccountNumberPaymentRouting } from "./transit-number-account-number.js";

/** A normalised payment routing of any type, discriminated on `Type` (the spec's PaymentRouting). */
export type { PaymentRouting };

type RoutingValidator = (input: unknown, options?: WireFormOption) => Result<PaymentRouting, Normalization>;

const validators: Readonly<Record<PaymentRoutingType, RoutingValidator>> = {
  BicIban: validateBicIbanPaymentRouting,
  SortCodeAccountNumber: validateSortCodeAccountNumberPaymentRouting,
  RoutingTransitNumberAccountNumber: validateRoutingTransitNumberAccountNumberPaymentRouting,
  TransitNumberAccountNumber: validateTransitNumberAccountNumberPaymentRouting,
  BankStateBranchAccountNumber: validateBankStateBranchAccountNumberPaymentRouting,
  NewZealandAccountNumber: validateNewZealandAccountNumberPaymentRouting,
  IndianFinancialSystemCodeAccountNumber: validateIndianFinancialSystemCodeAccountNumberPaymentRouting,
  BicNuban: validateBicNubanPaymentRouting,
  BicClabe: validateBicClabePaymentRouting,
  BicAccountNumber: validateBicAccountNumberPaymentRouting,
};

export const validatePaymentRouting = /* @__PURE__ */ defineValidator<PaymentRouting, Normalization, WireFormOption>(
  (input, options) => {
    if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
    const type = field(input, "Type");
    if (isPaymentRoutingType(type)) return validators[type](input, options);
    const found = splitIssues([
      ...readRoutingType(type, paymentRoutingTypes),
      ...readRoutingCountry(field(input, "CountryCode"), undefined, "payment").issues,
    ]);
    return failure(found.errors, found.warnings);
  },
);
