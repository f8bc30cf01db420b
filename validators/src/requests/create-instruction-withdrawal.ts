/**
 * CreateInstructionWithdrawal (§ "Request shapes"; POST /v1/Withdrawals/CreateInstructionWithdrawal): a
 * withdrawal triggered when an instruction (an exchange instruction) completes. Its fields (InstructionId and
 * BeneficiaryId required, and the withdrawal details with "the same rules" as the account withdrawal) are the
 * spec's table.
 *
 * The body has no currency: the currency paid out is the instruction's, so the GBP and CNH conditions need
 * `options.currencyCode` (typically the TargetCurrencyCode of the exchange).
 */
import { defineValidator } from "../core/define-validator.js";
import { contextOf } from "../core/read-table.js";
import { createInstructionWithdrawalTable, type CreateInstructionWithdrawal } from "../generated/request-fields.js";
import { readCountryCode, readLei } from "../identifiers/format-readers.js";
import type { WithdrawalOptions } from "./create-account-withdrawal.js";
import { contextCurrencyCode } from "./fields/currency-code.js";
import { readRequest, type RequestReport } from "./request-result.js";
import { withdrawalRules } from "./rules/withdrawal-rules.js";

/** The instruction withdrawal as the API takes it (the spec's CreateInstructionWithdrawal). */
export interface CreateInstructionWithdrawalRequest extends CreateInstructionWithdrawal {}

export interface CreateInstructionWithdrawalOptions extends WithdrawalOptions {
  /** ISO 4217 code of the currency the instruction pays out (the body does not carry it). */
  readonly currencyCode?: string | null | undefined;
}

export const validateCreateInstructionWithdrawal = /* @__PURE__ */ defineValidator<
  CreateInstructionWithdrawalRequest,
  RequestReport,
  CreateInstructionWithdrawalOptions
>((input, options) =>
  readRequest<CreateInstructionWithdrawalRequest, typeof createInstructionWithdrawalTable>(
    input,
    createInstructionWithdrawalTable,
    { formats: { lei: readLei, "country-code": readCountryCode } },
    contextOf(options),
    {
      rules: (body) =>
        withdrawalRules(body, {
          // The context currency is read like a body one (trimmed, upper-cased); a malformed one counts as unknown.
          currency: contextCurrencyCode(options?.currencyCode),
          beneficiary: options?.beneficiary,
          account: options?.account,
        }),
    },
  ),
);
