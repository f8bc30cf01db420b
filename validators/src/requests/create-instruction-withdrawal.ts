/**
 * CreateInstructionWithdrawal (§ "Request shapes"; POST /v1/Withdrawals/CreateInstructionWithdrawal): a
 * withdrawal triggered when an instruction (an exchange instruction) completes. Fields: InstructionId and
 * BeneficiaryId (required) and the withdrawal details with "the same rules" as the account withdrawal.
 *
 * The body has no currency: the currency paid out is the instruction's, so the GBP and CNH conditions need
 * `options.currencyCode` (typically the TargetCurrencyCode of the exchange).
 */
import { defineValidator } from "../core/define-validator.js";
import { failure } from "../core/result.js";
import type { WithdrawalOptions } from "./create-account-withdrawal.js";
import { readCurrencyCode } from "./fields/currency-code.js";
import { collectIssues, definedFields, field, invalidType, isJsonObject, readInt32 } from "../core/json-fields.js";
import { readWithdrawalDetails, type WithdrawalDetails } from "./fields/withdrawal-details.js";
import { requestResult, type RequestReport } from "./request-result.js";
import { withdrawalRules } from "./rules/withdrawal-rules.js";

export interface CreateInstructionWithdrawalRequest extends WithdrawalDetails {
  /** The instruction whose completion triggers the withdrawal. */
  InstructionId: number;
  BeneficiaryId: number;
}

export interface CreateInstructionWithdrawalOptions extends WithdrawalOptions {
  /** ISO 4217 code of the currency the instruction pays out (the body does not carry it). */
  readonly currencyCode?: string | null | undefined;
}

export const validateCreateInstructionWithdrawal = /* @__PURE__ */ defineValidator<
  CreateInstructionWithdrawalRequest,
  RequestReport,
  CreateInstructionWithdrawalOptions
>((input, options) => {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const { take, add, issues } = collectIssues();
  const InstructionId = take(readInt32(field(input, "InstructionId"), ["InstructionId"], { required: true }));
  const BeneficiaryId = take(readInt32(field(input, "BeneficiaryId"), ["BeneficiaryId"], { required: true }));
  const details = readWithdrawalDetails(input);
  add(details.issues);

  // The context currency is read like a body one (trimmed, upper-cased); a malformed one counts as unknown.
  const currency = readCurrencyCode(options?.currencyCode, ["currencyCode"]).value;
  const outcomes = withdrawalRules(input, { currency, beneficiary: options?.beneficiary, account: options?.account });
  return requestResult(input, issues, outcomes, () =>
    definedFields<CreateInstructionWithdrawalRequest>({ InstructionId, BeneficiaryId, ...details.value }),
  );
});
