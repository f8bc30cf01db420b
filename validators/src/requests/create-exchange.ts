/**
 * CreateExchange (§ "Request shapes"; POST /v1/Exchanges/Create): AccountId, SourceCurrencyCode (disposed
 * of), TargetCurrencyCode (acquired), Goal (decimal, the amount bought or sold depending on GoalType),
 * GoalType (`Buy`/`Sell`), UseAvailableFunds (boolean), BoEPurposeCodeId (int) and ReceiverLei, as the spec's
 * table states them.
 *
 * The reference marks no field as required, so none is. Warnings (`recommended`): a missing AccountId or
 * currency; a missing Goal unless UseAvailableFunds is true (the available funds may then be the amount); a
 * missing GoalType when Goal is given (it says whether Goal is bought or sold). Also warnings: a Goal that is not
 * > 0, and two equal currencies.
 *
 * BoEPurposeCodeId is "required for GBP withdrawals" and ReceiverLei "when the beneficiary is a company with
 * vertical FI and industry Banks or Building Societies": both concern a withdrawal the exchange funds (an
 * instruction withdrawal of the acquired currency), which the body does not describe. So they are checked
 * only with `options.withdrawal`: `false` when the exchange funds no withdrawal (both rules hold), or the
 * withdrawal's beneficiary; the currency paid out is the TargetCurrencyCode. Without it they are unchecked.
 * The ReceiverLei rule has no currency condition here, as the reference states it for CreateExchange.
 */
import { defineValidator } from "../core/define-validator.js";
import { field, isEmpty, isJsonObject, type JsonObject } from "../core/json-fields.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import { createExchangeTable, type CreateExchange } from "../generated/request-fields.js";
import { readLei } from "../identifiers/format-readers.js";
import { currencyPairIssues, recommendedCurrencyCode } from "./fields/currency-code.js";
import { positiveAmount, recommended } from "./fields/presence.js";
import { readRequest, type RequestReport } from "./request-result.js";
import { boePurposeCodeRule } from "./rules/boe-purpose-code.js";
import { receiverLeiRule } from "./rules/receiver-lei.js";
import { passed, type BeneficiaryContext, type RuleOutcome } from "./rules/rule-context.js";

/** The exchange as the API takes it (the spec's CreateExchange). */
export interface CreateExchangeRequest extends CreateExchange {}

export interface CreateExchangeOptions extends WireFormOption {
  /**
   * The withdrawal this exchange funds: `false` for none; otherwise its beneficiary (type, vertical,
   * industry) for the ReceiverLei rule. The BoE rule only needs to know that there is one.
   */
  readonly withdrawal?: false | { readonly beneficiary?: BeneficiaryContext };
}

const TO_EXECUTE = "an exchange can hardly be executed without it";

export const validateCreateExchange = /* @__PURE__ */ defineValidator<
  CreateExchangeRequest,
  RequestReport,
  CreateExchangeOptions
>((input, options) => {
  const body: JsonObject = isJsonObject(input) ? input : {};
  const useAvailableFunds = field(body, "UseAvailableFunds") === true;
  return readRequest<CreateExchangeRequest, typeof createExchangeTable>(
    input,
    createExchangeTable,
    {
      fields: {
        AccountId: recommended(TO_EXECUTE),
        SourceCurrencyCode: recommendedCurrencyCode(TO_EXECUTE),
        TargetCurrencyCode: recommendedCurrencyCode(TO_EXECUTE),
        Goal: positiveAmount(
          useAvailableFunds ? {} : { recommended: "an exchange has no amount without it or UseAvailableFunds" },
        ),
        ...(isEmpty(field(body, "Goal")) ? {} : { GoalType: recommended("it says whether Goal is bought or sold") }),
      },
      formats: { lei: readLei },
    },
    contextOf(options),
    {
      issues: (_body, fields) => currencyPairIssues(fields.SourceCurrencyCode, fields.TargetCurrencyCode),
      rules: (body, fields) => exchangeRules(body, fields.TargetCurrencyCode, options?.withdrawal),
    },
  );
});

function exchangeRules(
  body: JsonObject,
  target: string | undefined,
  withdrawal: CreateExchangeOptions["withdrawal"],
): RuleOutcome[] {
  if (withdrawal === false) return [passed("boe-purpose-code"), passed("receiver-lei")];
  const known = typeof withdrawal === "object" && withdrawal !== null;
  const currency = known ? target : undefined;
  const beneficiary: BeneficiaryContext = (known ? withdrawal.beneficiary : undefined) ?? {};
  return [
    boePurposeCodeRule({ present: !isEmpty(field(body, "BoEPurposeCodeId")), currency, path: ["BoEPurposeCodeId"] }),
    receiverLeiRule({
      present: !isEmpty(field(body, "ReceiverLei")),
      currency,
      anyCurrency: true,
      beneficiaryType: beneficiary.type,
      vertical: beneficiary.vertical,
      industry: beneficiary.industry,
      path: ["ReceiverLei"],
    }),
  ];
}
