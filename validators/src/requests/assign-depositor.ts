/**
 * AssignDepositorDto (§ "Request shapes"; POST /v1/Deposits/{depositId}/AssignDepositor): IsThirdParty
 * (boolean), Individual (FirstName, MiddleName, LastName, PhoneNumber, Address), Company (Name, PhoneNumber,
 * Website, IndustryId int, IndustryDetails, Address), SupportingDocuments (Name, MediaType, StreamLength int64),
 * as the spec's tables state them.
 *
 * The reference marks no field as required, so none is; warnings say what a depositor can hardly be identified
 * without: one of Individual and Company (`recommended` at `["Individual"]` with `params.anyOf` when neither,
 * `conflict` at `["Company"]` when both: a depositor is one or the other), an Individual's FirstName and
 * LastName, a Company's Name. An Address has the reference's AddressDto fields, all optional (the spec's
 * AssignDepositorAddress). With `options.sectors`, a Company's IndustryId that is no known sector, and a
 * missing IndustryDetails when its industry starts with "Other", are warnings too: the reference states these
 * rules for withdrawal beneficiaries only, and the Company has the same pair of fields.
 */
import { defineValidator } from "../core/define-validator.js";
import { asWarning, issue, type Issue } from "../core/issue.js";
import { field, isEmpty, isJsonObject, readInt32, type JsonObject } from "../core/json-fields.js";
import { contextOf, type WireFormOption } from "../core/read-table.js";
import {
  assignDepositorDtoTable,
  type AssignDepositorAddress,
  type AssignDepositorCompany,
  type AssignDepositorDto,
  type AssignDepositorIndividual,
  type SupportingDocument,
} from "../generated/request-fields.js";
import { recommended } from "./fields/presence.js";
import { readRequest, type RequestReport } from "./request-result.js";
import { industryDetailsRule } from "./rules/industry-details.js";
import { industryIdRule } from "./rules/industry-id.js";
import { passed, type RuleOutcome, type Sector } from "./rules/rule-context.js";

export type { AssignDepositorCompany, AssignDepositorIndividual, SupportingDocument };

/** A depositor's address: the reference's AddressDto fields, all optional (the spec's AssignDepositorAddress). */
export interface DepositorAddress extends AssignDepositorAddress {}

/** One of Individual and Company is expected (a warning otherwise, see the module comment); the reference requires neither. */
export interface AssignDepositorRequest extends AssignDepositorDto {}

const TO_IDENTIFY = "a depositor can hardly be identified without it";

export interface AssignDepositorOptions extends WireFormOption {
  /** The /v1/Sectors list: checks Company.IndustryId and the "Other…" IndustryDetails rule. */
  readonly sectors?: readonly Sector[] | null | undefined;
}

/** One of Individual and Company: warnings (see the module comment). */
function depositorKindIssues(body: JsonObject): Issue[] {
  const individual = !isEmpty(field(body, "Individual"));
  const company = !isEmpty(field(body, "Company"));
  if (individual && company) {
    return [
      asWarning(
        issue("conflict", "Individual and Company are both given: a depositor is one or the other.", ["Company"], {
          other: ["Individual"],
        }),
      ),
    ];
  }
  if (!individual && !company) {
    return [
      asWarning(
        issue(
          "recommended",
          "Neither Individual nor Company is given: a depositor can hardly be identified without one (the API reference does not say it is required).",
          ["Individual"],
          { anyOf: ["Individual", "Company"] },
        ),
      ),
    ];
  }
  return [];
}

/**
 * The withdrawal beneficiary's industry rules, applied to the Company as warnings: the reference states them for
 * beneficiaries only, and the Company has the same pair of fields.
 */
function companyRules(body: JsonObject, sectors: readonly Sector[] | undefined): RuleOutcome[] {
  const raw = field(body, "Company");
  if (!isJsonObject(raw)) return [passed("industry-id"), passed("industry-details")];
  // Read again on its own: the rules apply even when another Company field is wrong.
  const industryId = readInt32(field(raw, "IndustryId"), []).value;
  const outcomes = [
    industryIdRule({
      present: !isEmpty(field(raw, "IndustryId")),
      industryId,
      required: false,
      sectors,
      path: ["Company", "IndustryId"],
    }),
    industryDetailsRule({
      present: !isEmpty(field(raw, "IndustryDetails")),
      industryId,
      sectors,
      path: ["Company", "IndustryDetails"],
    }),
  ];
  // Warnings only: a rule that cannot be checked without the sectors is no rule the server may refuse by, so it is
  // not listed in uncheckedRules either.
  return outcomes.map((outcome) => ({ ...outcome, checked: true, issues: outcome.issues.map(asWarning) }));
}

export const validateAssignDepositor = /* @__PURE__ */ defineValidator<
  AssignDepositorRequest,
  RequestReport,
  AssignDepositorOptions
>((input, options) =>
  readRequest<AssignDepositorRequest, typeof assignDepositorDtoTable>(
    input,
    assignDepositorDtoTable,
    {
      tables: {
        AssignDepositorIndividual: { FirstName: recommended(TO_IDENTIFY), LastName: recommended(TO_IDENTIFY) },
        AssignDepositorCompany: { Name: recommended(TO_IDENTIFY) },
      },
    },
    contextOf(options),
    {
      issues: (body) => depositorKindIssues(body),
      rules: (body) => companyRules(body, options?.sectors ?? undefined),
    },
  ),
);
