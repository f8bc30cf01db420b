/**
 * IndustryId "required only for corporate beneficiaries held by the customer account; from /v1/Sectors"
 * (§ CreateWithdrawalBeneficiary). Whether the beneficiary is held by the customer account is not in the body
 * and the reference does not say how to tell, so the caller states it (`heldByCustomerAccount`). When a
 * sectors list is given, an IndustryId must be one of its Ids (`invalid_enum`, `params.allowed`).
 */
import { invalidEnum, requiredIssue, type Path } from "../../core/json-fields.js";
import { allOf, passed, sameText, unchecked, type RuleOutcome, type Sector } from "./rule-context.js";
import { findSector, sectorIds } from "./sectors.js";

export interface IndustryIdFacts {
  /** Whether the body has an IndustryId. */
  readonly present: boolean;
  /** The IndustryId when it is a valid int. */
  readonly industryId: number | undefined;
  /**
   * Whether IndustryId is required here: for a beneficiary, "a corporate beneficiary held by the customer
   * account" (see `industryIdRequired`); `false` where nothing requires it (the AssignDepositorDto Company).
   */
  readonly required: boolean | undefined;
  readonly sectors: readonly Sector[] | undefined;
  readonly path: Path;
}

/** The beneficiary condition: a Company held by the customer account (three-valued, see `allOf`). */
export function industryIdRequired(
  beneficiaryType: unknown,
  heldByCustomerAccount: boolean | undefined,
): boolean | undefined {
  return allOf(sameText(beneficiaryType, "Company"), heldByCustomerAccount);
}

export function industryIdRule(facts: IndustryIdFacts): RuleOutcome {
  if (facts.present) {
    if (facts.industryId === undefined) return passed("industry-id"); // its type issue is already reported
    if (facts.sectors === undefined) return unchecked("industry-id");
    if (findSector(facts.sectors, facts.industryId) !== undefined) return passed("industry-id");
    return passed("industry-id", [invalidEnum(facts.path, sectorIds(facts.sectors), facts.industryId)]);
  }
  if (facts.required === undefined) return unchecked("industry-id");
  if (!facts.required) return passed("industry-id");
  return passed("industry-id", [
    {
      ...requiredIssue(facts.path),
      message: "IndustryId is required for a company beneficiary held by the customer account.",
    },
  ]);
}
