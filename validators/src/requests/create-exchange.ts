/**
 * CreateExchange (§ "Request shapes"; POST /v1/Exchanges/Create): AccountId, SourceCurrencyCode (disposed
 * of), TargetCurrencyCode (acquired), Goal (decimal, the amount bought or sold depending on GoalType),
 * GoalType (`Buy`/`Sell`), UseAvailableFunds (boolean), BoEPurposeCodeId (int) and ReceiverLei.
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
import { failure } from "../core/result.js";
import { currencyPairIssues, readCurrencyCode } from "./fields/currency-code.js";
import { goalTypes, type GoalType } from "./fields/enums.js";
import {
  collectIssues,
  definedFields,
  field,
  invalidType,
  isEmpty,
  isJsonObject,
  readBoolean,
  readDecimal,
  readEnum,
  readInt32,
} from "../core/json-fields.js";
import { readReceiverLei } from "./fields/receiver-lei.js";
import { requestResult, type RequestReport } from "./request-result.js";
import { boePurposeCodeRule } from "./rules/boe-purpose-code.js";
import { receiverLeiRule } from "./rules/receiver-lei.js";
import { passed, type BeneficiaryContext, type RuleOutcome } from "./rules/rule-context.js";

export interface CreateExchangeRequest {
  AccountId?: number;
  /** Currency disposed of. */
  SourceCurrencyCode?: string;
  /** Currency acquired. */
  TargetCurrencyCode?: string;
  /** Amount bought or sold, depending on GoalType. */
  Goal?: number;
  GoalType?: GoalType;
  /** True when available funds in the account are to be used. */
  UseAvailableFunds?: boolean;
  BoEPurposeCodeId?: number;
  ReceiverLei?: string;
}

export interface CreateExchangeOptions {
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
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const { take, add, issues } = collectIssues();
  const useAvailableFunds = field(input, "UseAvailableFunds") === true;
  const value = {
    AccountId: take(readInt32(field(input, "AccountId"), ["AccountId"], { recommended: TO_EXECUTE })),
    SourceCurrencyCode: take(
      readCurrencyCode(field(input, "SourceCurrencyCode"), ["SourceCurrencyCode"], { recommended: TO_EXECUTE }),
    ),
    TargetCurrencyCode: take(
      readCurrencyCode(field(input, "TargetCurrencyCode"), ["TargetCurrencyCode"], { recommended: TO_EXECUTE }),
    ),
    Goal: take(
      readDecimal(field(input, "Goal"), ["Goal"], {
        positive: true,
        ...(useAvailableFunds ? {} : { recommended: "an exchange has no amount without it or UseAvailableFunds" }),
      }),
    ),
    GoalType: take(
      readEnum(field(input, "GoalType"), ["GoalType"], goalTypes, {
        ...(isEmpty(field(input, "Goal")) ? {} : { recommended: "it says whether Goal is bought or sold" }),
      }),
    ),
    UseAvailableFunds: take(readBoolean(field(input, "UseAvailableFunds"), ["UseAvailableFunds"])),
    BoEPurposeCodeId: take(readInt32(field(input, "BoEPurposeCodeId"), ["BoEPurposeCodeId"])),
    ReceiverLei: take(readReceiverLei(field(input, "ReceiverLei"), ["ReceiverLei"])),
  };
  add(currencyPairIssues(value.SourceCurrencyCode, value.TargetCurrencyCode));
  const outcomes = exchangeRules(input, value.TargetCurrencyCode, options?.withdrawal);
  return requestResult(input, issues, outcomes, () => definedFields<CreateExchangeRequest>(value));
});

function exchangeRules(
  body: Readonly<Record<string, unknown>>,
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
