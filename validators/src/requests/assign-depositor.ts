/**
 * AssignDepositorDto (§ "Request shapes"; POST /v1/Deposits/{depositId}/AssignDepositor): IsThirdParty
 * (boolean), Individual (FirstName, MiddleName, LastName, PhoneNumber, Address), Company (Name, PhoneNumber,
 * Website, IndustryId int, IndustryDetails, Address), SupportingDocuments (Name, MediaType, StreamLength int64).
 *
 * The reference marks no field as required, so none is; warnings say what a depositor can hardly be identified
 * without: one of Individual and Company (`recommended` at `["Individual"]` with `params.anyOf` when neither,
 * `conflict` at `["Company"]` when both: a depositor is one or the other), an Individual's FirstName and
 * LastName, a Company's Name. An Address has the reference's AddressDto fields, all optional
 * (fields/depositor-address.ts). With `options.sectors`, a Company's IndustryId that is no known sector, and a
 * missing IndustryDetails when its industry starts with "Other", are warnings too: the reference states these
 * rules for withdrawal beneficiaries only, and the Company has the same pair of fields.
 */
import { defineValidator } from "../core/define-validator.js";
import { asWarning, issue, type Issue } from "../core/issue.js";
import { failure } from "../core/result.js";
import { readDepositorAddress, type DepositorAddress } from "./fields/depositor-address.js";
import {
  collectIssues,
  definedFields,
  field,
  invalidType,
  isEmpty,
  isJsonObject,
  readBoolean,
  readFields,
  readInt32,
  readInt64,
  readItems,
  readString,
  type FieldResult,
  type JsonObject,
  type Path,
} from "../core/json-fields.js";
import { requestResult, type RequestReport } from "./request-result.js";
import { industryDetailsRule } from "./rules/industry-details.js";
import { industryIdRule } from "./rules/industry-id.js";
import { passed, type RuleOutcome, type Sector } from "./rules/rule-context.js";

export interface AssignDepositorIndividual {
  FirstName?: string;
  MiddleName?: string;
  LastName?: string;
  PhoneNumber?: string;
  Address?: DepositorAddress;
}

export interface AssignDepositorCompany {
  Name?: string;
  PhoneNumber?: string;
  Website?: string;
  /** Id from /v1/Sectors. */
  IndustryId?: number;
  IndustryDetails?: string;
  Address?: DepositorAddress;
}

export interface SupportingDocument {
  Name?: string;
  MediaType?: string;
  /** Size in bytes (int64, limited to JavaScript's safe integers). */
  StreamLength?: number;
}

/** One of Individual and Company is expected (a warning otherwise, see the module comment); the reference requires neither. */
export interface AssignDepositorRequest {
  IsThirdParty?: boolean;
  Individual?: AssignDepositorIndividual;
  Company?: AssignDepositorCompany;
  SupportingDocuments?: SupportingDocument[];
}

const TO_IDENTIFY = "a depositor can hardly be identified without it";

export interface AssignDepositorOptions {
  /** The /v1/Sectors list: checks Company.IndustryId and the "Other…" IndustryDetails rule. */
  readonly sectors?: readonly Sector[] | null | undefined;
}

function readIndividual(input: unknown, path: Path): FieldResult<AssignDepositorIndividual> {
  return readFields<AssignDepositorIndividual>(input, path, (body, take) => ({
    FirstName: take(readString(field(body, "FirstName"), [...path, "FirstName"], { recommended: TO_IDENTIFY })),
    MiddleName: take(readString(field(body, "MiddleName"), [...path, "MiddleName"])),
    LastName: take(readString(field(body, "LastName"), [...path, "LastName"], { recommended: TO_IDENTIFY })),
    PhoneNumber: take(readString(field(body, "PhoneNumber"), [...path, "PhoneNumber"])),
    Address: take(readDepositorAddress(field(body, "Address"), [...path, "Address"])),
  }));
}

function readCompany(input: unknown, path: Path): FieldResult<AssignDepositorCompany> {
  return readFields<AssignDepositorCompany>(input, path, (body, take) => ({
    Name: take(readString(field(body, "Name"), [...path, "Name"], { recommended: TO_IDENTIFY })),
    PhoneNumber: take(readString(field(body, "PhoneNumber"), [...path, "PhoneNumber"])),
    Website: take(readString(field(body, "Website"), [...path, "Website"])),
    IndustryId: take(readInt32(field(body, "IndustryId"), [...path, "IndustryId"])),
    IndustryDetails: take(readString(field(body, "IndustryDetails"), [...path, "IndustryDetails"])),
    Address: take(readDepositorAddress(field(body, "Address"), [...path, "Address"])),
  }));
}

function readSupportingDocuments(input: unknown, path: Path): FieldResult<SupportingDocument[]> {
  const readDocument = (item: unknown, itemPath: Path): FieldResult<SupportingDocument> =>
    readFields<SupportingDocument>(
      item,
      itemPath,
      (object, take) => ({
        Name: take(readString(field(object, "Name"), [...itemPath, "Name"])),
        MediaType: take(readString(field(object, "MediaType"), [...itemPath, "MediaType"])),
        StreamLength: take(readInt64(field(object, "StreamLength"), [...itemPath, "StreamLength"], { minimum: 0 })),
      }),
      { required: true },
    );
  return readItems(input, path, readDocument);
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
>((input, options) => {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const { take, add, issues } = collectIssues();
  const IsThirdParty = take(readBoolean(field(input, "IsThirdParty"), ["IsThirdParty"]));
  const Individual = take(readIndividual(field(input, "Individual"), ["Individual"]));
  const Company = take(readCompany(field(input, "Company"), ["Company"]));
  const SupportingDocuments = take(
    readSupportingDocuments(field(input, "SupportingDocuments"), ["SupportingDocuments"]),
  );
  add(depositorKindIssues(input));
  const outcomes = companyRules(input, options?.sectors ?? undefined);
  return requestResult(input, issues, outcomes, () =>
    definedFields<AssignDepositorRequest>({ IsThirdParty, Individual, Company, SupportingDocuments }),
  );
});
