/**
 * CreateAccountTransfer (§ "Request shapes"; POST /v1/Transfers/CreateAccountTransfer): an internal transfer
 * from an account to a transfer beneficiary. Its fields, which are required and their limits (Reference up to
 * 35 characters) are the spec's table (`generated/request-fields.ts`). Added here: the currency code read as
 * people type it, and a warning for an Amount that is not above 0 ("when empty the maximum transferable amount is
 * requested": left out or null, the spec's reading; null is left out of the value, as both mean the same). No
 * conditional rules.
 */
import { defineValidator } from "../core/define-validator.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import { createAccountTransferTable, type CreateAccountTransfer } from "../generated/request-fields.js";
import { currencyCode } from "./fields/currency-code.js";
import { positiveAmount } from "./fields/presence.js";
import { readRequest, type RequestReport } from "./request-result.js";

/** The transfer as the API takes it (the spec's CreateAccountTransfer). */
export interface CreateAccountTransferRequest extends CreateAccountTransfer {}

export type CreateAccountTransferOptions = WireFormOption;

export const validateCreateAccountTransfer = /* @__PURE__ */ defineValidator<
  CreateAccountTransferRequest,
  RequestReport,
  CreateAccountTransferOptions
>((input, options) =>
  readRequest<CreateAccountTransferRequest, typeof createAccountTransferTable>(
    input,
    createAccountTransferTable,
    { fields: { CurrencyCode: currencyCode, Amount: positiveAmount() } },
    contextOf(options),
  ),
);
