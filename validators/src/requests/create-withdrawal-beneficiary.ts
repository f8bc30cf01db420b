/**
 * CreateWithdrawalBeneficiary (§ "Request shapes"; POST /v1/Beneficiaries/CreateWithdrawalBeneficiary): a bank
 * account outside the system that withdrawals can pay.
 *
 * Fields, as the spec's table states them: AccountId, Name, CurrencyCode, PaymentRouting, BeneficiaryType, Address
 * (required); AccountHolderName ("when empty it equals Name"; left absent, the server fills it),
 * AlternatePaymentRouting (list, items as PaymentRouting), IntermediaryPaymentRouting (list of
 * `{ Type: "Bic", Bic }`), IndustryId, Website, IndustryDetails, AdditionalInformation (object of strings),
 * Reference (≤ 35), ReceiverLei. A routing is read by its type's validator (`routing/`).
 *
 * Conditional rules, with the context of `CreateWithdrawalBeneficiaryOptions`:
 * - receiver-lei: GBP (body CurrencyCode), Company (body BeneficiaryType), vertical FI (`options.vertical`)
 *   and industry Banks / Building Societies (the sector of IndustryId in `options.sectors`);
 * - industry-id: required for a Company when `options.heldByCustomerAccount`; a known sector with `sectors`;
 * - industry-details: required when the sector of IndustryId starts with "Other" (needs `sectors`);
 * - additional-information: keys and RegEx rules of `options.additionalInformationRules`.
 */
import { defineWaitingValidator } from "../core/waiting-validator.js";
import { fail, field, isEmpty, ok, readInt32, type JsonObject } from "../core/json-fields.js";
import { checkedBy, contextOf, type FieldReader, type WireFormOption } from "../core/read-table.js";
import { createWithdrawalBeneficiaryTable, type CreateWithdrawalBeneficiary } from "../generated/request-fields.js";
import { readBic, readCountryCode, readLei } from "../identifiers/format-readers.js";
import { intermediaryRoutingTypes } from "../routing/intermediary-payment-routing.js";
import { validatePaymentRouting } from "../routing/payment-routing.js";
import { readRoutingType } from "../routing/read-routing.js";
import { prefixIssues } from "../core/issue.js";
import { currencyCode } from "./fields/currency-code.js";
import { readRequest, type RequestReport } from "./request-result.js";
import { additionalInformationRule } from "./rules/additional-information.js";
import { industryDetailsRule } from "./rules/industry-details.js";
import { industryIdRequired, industryIdRule } from "./rules/industry-id.js";
import { receiverLeiRule } from "./rules/receiver-lei.js";
import { knownFlag, type RequiredAdditionalInformation, type RuleOutcome, type Sector } from "./rules/rule-context.js";
import { findSector } from "./rules/sectors.js";

/** The beneficiary as the API takes it (the spec's CreateWithdrawalBeneficiary). */
export interface CreateWithdrawalBeneficiaryRequest extends CreateWithdrawalBeneficiary {}

/** AdditionalInformation: the key/value strings of a beneficiary. */
export type AdditionalInformation = NonNullable<CreateWithdrawalBeneficiary["AdditionalInformation"]>;

export interface CreateWithdrawalBeneficiaryOptions extends WireFormOption {
  /** The beneficiary's vertical (e.g. `"FI"`), which the body does not carry; for the ReceiverLei rule. */
  readonly vertical?: string | null | undefined;
  /** The /v1/Sectors list: names the IndustryId (ReceiverLei, IndustryDetails rules) and checks it exists. */
  readonly sectors?: readonly Sector[] | null | undefined;
  /**
   * Whether the beneficiary is held by the customer account itself: IndustryId is "required only for
   * corporate beneficiaries held by the customer account". The reference does not say how to tell.
   */
  readonly heldByCustomerAccount?: boolean;
  /**
   * The /v1/Beneficiaries/{CurrencyCode}/RequiredAdditionalInformation response for this beneficiary
   * (queried with its address country, bank country and type).
   */
  readonly additionalInformationRules?: readonly RequiredAdditionalInformation[] | null | undefined;
}

/** A routing of any type (PaymentRouting, an AlternatePaymentRouting item), by its type's validator. */
const readPaymentRouting = /* @__PURE__ */ checkedBy((value, context) =>
  validatePaymentRouting(value, { wireForm: context.wireForm }),
);

/** An IntermediaryPaymentRouting item's Type, as its validator reads it: the spec's const, spelled exactly. */
const intermediaryType: FieldReader = (value, path) => {
  const found = readRoutingType(value, intermediaryRoutingTypes);
  return found.length === 0 ? ok(value) : fail(prefixIssues(path.slice(0, -1), found));
};

function beneficiaryRules(
  body: JsonObject,
  facts: {
    readonly currency: string | undefined;
    readonly type: string | undefined;
    readonly additionalInformation: AdditionalInformation | undefined;
  },
  options: CreateWithdrawalBeneficiaryOptions | undefined,
): RuleOutcome[] {
  const present = (key: string) => !isEmpty(field(body, key));
  const sectors = options?.sectors ?? undefined;
  const industryId = readInt32(field(body, "IndustryId"), []).value;
  const sector = sectors === undefined || industryId === undefined ? undefined : findSector(sectors, industryId);
  return [
    receiverLeiRule({
      present: present("ReceiverLei"),
      currency: facts.currency,
      beneficiaryType: facts.type,
      vertical: options?.vertical,
      // The industry is the Name of the IndustryId's sector: unknown without IndustryId or sectors.
      industry: sector?.Name,
      path: ["ReceiverLei"],
    }),
    industryIdRule({
      present: present("IndustryId"),
      industryId,
      required: industryIdRequired(facts.type, knownFlag(options?.heldByCustomerAccount)),
      sectors,
      path: ["IndustryId"],
    }),
    industryDetailsRule({ present: present("IndustryDetails"), industryId, sectors, path: ["IndustryDetails"] }),
    additionalInformationRule({
      input: field(body, "AdditionalInformation"),
      values: facts.additionalInformation,
      rules: options?.additionalInformationRules ?? undefined,
      path: ["AdditionalInformation"],
    }),
  ];
}

export const validateCreateWithdrawalBeneficiary = /* @__PURE__ */ defineWaitingValidator<
  CreateWithdrawalBeneficiaryRequest,
  RequestReport,
  CreateWithdrawalBeneficiaryOptions
>((input, options) =>
  readRequest<CreateWithdrawalBeneficiaryRequest, typeof createWithdrawalBeneficiaryTable>(
    input,
    createWithdrawalBeneficiaryTable,
    {
      fields: { CurrencyCode: currencyCode },
      tables: { IntermediaryPaymentRouting: { Type: intermediaryType } },
      formats: { lei: readLei, "country-code": readCountryCode, bic: readBic },
      unions: { PaymentRouting: readPaymentRouting },
    },
    contextOf(options),
    {
      rules: (body, fields) =>
        beneficiaryRules(
          body,
          {
            currency: fields.CurrencyCode,
            type: fields.BeneficiaryType,
            additionalInformation: fields.AdditionalInformation,
          },
          options,
        ),
    },
  ),
);
