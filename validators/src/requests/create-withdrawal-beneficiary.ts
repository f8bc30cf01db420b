/**
 * CreateWithdrawalBeneficiary (§ "Request shapes"; POST /v1/Beneficiaries/CreateWithdrawalBeneficiary): a bank
 * account outside the system that withdrawals can pay.
 *
 * Fields: AccountId, Name, CurrencyCode, PaymentRouting, BeneficiaryType, Address (required);
 * AccountHolderName ("when empty it equals Name"; left absent, the server fills it), AlternatePaymentRouting
 * (list, items as PaymentRouting), IntermediaryPaymentRouting (list of `{ Type: "Bic", Bic }`), IndustryId,
 * Website, IndustryDetails, AdditionalInformation (object of strings), Reference (≤ 35), ReceiverLei.
 *
 * Conditional rules, with the context of `CreateWithdrawalBeneficiaryOptions`:
 * - receiver-lei: GBP (body CurrencyCode), Company (body BeneficiaryType), vertical FI (`options.vertical`)
 *   and industry Banks / Building Societies (the sector of IndustryId in `options.sectors`);
 * - industry-id: required for a Company when `options.heldByCustomerAccount`; a known sector with `sectors`;
 * - industry-details: required when the sector of IndustryId starts with "Other" (needs `sectors`);
 * - additional-information: keys and RegEx rules of `options.additionalInformationRules`.
 */
import { defineWaitingValidator } from "../core/waiting-validator.js";
import { failure, type Result } from "../core/result.js";
import {
  validateIntermediaryPaymentRouting,
  type IntermediaryPaymentRouting,
} from "../routing/intermediary-payment-routing.js";
import { validatePaymentRouting, type PaymentRouting } from "../routing/payment-routing.js";
import { readAdditionalInformation, type AdditionalInformation } from "./fields/additional-information.js";
import { readCurrencyCode } from "./fields/currency-code.js";
import { beneficiaryTypes, type BeneficiaryType } from "./fields/enums.js";
import { readPostalAddress, type PostalAddress } from "./fields/postal-address.js";
import {
  collectIssues,
  definedFields,
  field,
  invalidType,
  isEmpty,
  isJsonObject,
  readEnum,
  readInt32,
  readItems,
  readString,
  readWith,
  type FieldResult,
  type JsonObject,
  type Path,
} from "../core/json-fields.js";
import { readReceiverLei } from "./fields/receiver-lei.js";
import { readReference } from "./fields/reference.js";
import { requestResult, type RequestReport } from "./request-result.js";
import { additionalInformationRule } from "./rules/additional-information.js";
import { industryDetailsRule } from "./rules/industry-details.js";
import { industryIdRequired, industryIdRule } from "./rules/industry-id.js";
import { receiverLeiRule } from "./rules/receiver-lei.js";
import { knownFlag, type RequiredAdditionalInformation, type RuleOutcome, type Sector } from "./rules/rule-context.js";
import { findSector } from "./rules/sectors.js";

export interface CreateWithdrawalBeneficiaryRequest {
  AccountId: number;
  /** Friendly name, used only on the platform. */
  Name: string;
  /** Official account holder name sent to the bank; the server uses Name when it is absent. */
  AccountHolderName?: string;
  /** Currency of the bank account. */
  CurrencyCode: string;
  PaymentRouting: PaymentRouting;
  /** Alternate routings of the same beneficiary, for payment optimisations. */
  AlternatePaymentRouting?: PaymentRouting[];
  /** Intermediary or corresponding banks. */
  IntermediaryPaymentRouting?: IntermediaryPaymentRouting[];
  BeneficiaryType: BeneficiaryType;
  Address: PostalAddress;
  /** Id from /v1/Sectors. */
  IndustryId?: number;
  Website?: string;
  IndustryDetails?: string;
  AdditionalInformation?: AdditionalInformation;
  Reference?: string;
  ReceiverLei?: string;
}

export interface CreateWithdrawalBeneficiaryOptions {
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

/** A list of routings, each checked like PaymentRouting; issues at `[name, index, …]`. */
function readRoutingList<T>(
  input: unknown,
  path: Path,
  validate: (item: unknown) => Result<T, object>,
): FieldResult<T[]> {
  return readItems(input, path, (item, itemPath) => readWith(item, itemPath, validate, { required: true }));
}

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
>((input, options) => {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const { take, issues } = collectIssues();
  const value = {
    AccountId: take(readInt32(field(input, "AccountId"), ["AccountId"], { required: true })),
    Name: take(readString(field(input, "Name"), ["Name"], { required: true })),
    AccountHolderName: take(readString(field(input, "AccountHolderName"), ["AccountHolderName"])),
    CurrencyCode: take(readCurrencyCode(field(input, "CurrencyCode"), ["CurrencyCode"], { required: true })),
    PaymentRouting: take(
      readWith(field(input, "PaymentRouting"), ["PaymentRouting"], validatePaymentRouting, { required: true }),
    ),
    AlternatePaymentRouting: take(
      readRoutingList(field(input, "AlternatePaymentRouting"), ["AlternatePaymentRouting"], validatePaymentRouting),
    ),
    IntermediaryPaymentRouting: take(
      readRoutingList(
        field(input, "IntermediaryPaymentRouting"),
        ["IntermediaryPaymentRouting"],
        validateIntermediaryPaymentRouting,
      ),
    ),
    BeneficiaryType: take(
      readEnum(field(input, "BeneficiaryType"), ["BeneficiaryType"], beneficiaryTypes, { required: true }),
    ),
    Address: take(readPostalAddress(field(input, "Address"), ["Address"], { required: true })),
    IndustryId: take(readInt32(field(input, "IndustryId"), ["IndustryId"])),
    Website: take(readString(field(input, "Website"), ["Website"])),
    IndustryDetails: take(readString(field(input, "IndustryDetails"), ["IndustryDetails"])),
    AdditionalInformation: take(
      readAdditionalInformation(field(input, "AdditionalInformation"), ["AdditionalInformation"]),
    ),
    Reference: take(readReference(field(input, "Reference"), ["Reference"])),
    ReceiverLei: take(readReceiverLei(field(input, "ReceiverLei"), ["ReceiverLei"])),
  };
  const outcomes = beneficiaryRules(
    input,
    { currency: value.CurrencyCode, type: value.BeneficiaryType, additionalInformation: value.AdditionalInformation },
    options,
  );
  return requestResult(input, issues, outcomes, () => definedFields<CreateWithdrawalBeneficiaryRequest>(value));
});
