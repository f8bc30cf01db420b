/**
 * CreateAccountWithdrawal (§ "Request shapes"; POST /v1/Withdrawals/CreateAccountWithdrawal, the JSON body or
 * the `Request` part of the multipart form): an ad-hoc withdrawal to a withdrawal beneficiary.
 *
 * Its fields, which are required, their limits (Reference ≤ 35, Description ≤ 140, the UltimateOriginator's Name
 * ≤ 35), PaymentChargesCode's values and the shapes of UltimateOriginator and its Address are the spec's table
 * (`generated/request-fields.ts`). Added here: the currency code read as people type it, a warning for an Amount
 * that is not above 0 ("when empty the maximum withdrawable amount is requested": left out or null, null left out
 * of the value), and the conditional rules (`rules/withdrawal-rules.ts`): BoEPurposeCodeId when CurrencyCode is GBP
 * (body only); PaymentPurposeId, ReceiverLei, UltimateOriginator members and account-setup fields (need the
 * context).
 */
import { defineValidator } from "../core/define-validator.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import { createAccountWithdrawalTable, type CreateAccountWithdrawal } from "../generated/request-fields.js";
import { readCountryCode, readLei } from "../identifiers/format-readers.js";
import { currencyCode } from "./fields/currency-code.js";
import { positiveAmount } from "./fields/presence.js";
import { readRequest, type RequestReport } from "./request-result.js";
import type { AccountContext, BeneficiaryContext } from "./rules/rule-context.js";
import { withdrawalRules } from "./rules/withdrawal-rules.js";

/** The withdrawal as the API takes it (the spec's CreateAccountWithdrawal). */
export interface CreateAccountWithdrawalRequest extends CreateAccountWithdrawal {}

/** The optional or conditional fields the account withdrawal and the instruction withdrawal share. */
export type WithdrawalDetails = Pick<
  CreateAccountWithdrawal,
  "PaymentPurposeId" | "UltimateOriginator" | "PaymentChargesCode" | "BoEPurposeCodeId" | "ReceiverLei"
>;

/** Context for the rules the body alone cannot decide. */
export interface WithdrawalOptions extends WireFormOption {
  /** The beneficiary of BeneficiaryId: bank country (payment purpose), type, vertical, industry (receiver LEI). */
  readonly beneficiary?: BeneficiaryContext;
  /** The account of AccountId: PSP or not (ultimate originator), what its setup accepts. */
  readonly account?: AccountContext;
}

export type CreateAccountWithdrawalOptions = WithdrawalOptions;

export const validateCreateAccountWithdrawal = /* @__PURE__ */ defineValidator<
  CreateAccountWithdrawalRequest,
  RequestReport,
  CreateAccountWithdrawalOptions
>((input, options) =>
  readRequest<CreateAccountWithdrawalRequest, typeof createAccountWithdrawalTable>(
    input,
    createAccountWithdrawalTable,
    {
      fields: { CurrencyCode: currencyCode, Amount: positiveAmount() },
      formats: { lei: readLei, "country-code": readCountryCode },
    },
    contextOf(options),
    {
      rules: (body, fields) =>
        withdrawalRules(body, {
          // An invalid CurrencyCode is already an issue; the rules then treat the currency as unknown.
          currency: fields.CurrencyCode,
          beneficiary: options?.beneficiary,
          account: options?.account,
        }),
    },
  ),
);
