/**
 * IndustryDetails "required when the chosen industry starts with `Other`" (§ CreateWithdrawalBeneficiary;
 * applied to the AssignDepositorDto Company too, which has the same IndustryId/IndustryDetails pair). The
 * industry is the Name of the sector whose Id is the IndustryId, so the sectors list must be given as
 * context. "Starts with Other" is matched as written: case-sensitive, after trimming.
 */
import { requiredIssue, type Path } from "../../core/json-fields.js";
import { passed, unchecked, type RuleOutcome, type Sector } from "./rule-context.js";
import { findSector } from "./sectors.js";

export const OTHER_INDUSTRY_PREFIX = "Other";

export interface IndustryDetailsFacts {
  readonly present: boolean;
  /** The IndustryId chosen, when it is a valid int. */
  readonly industryId: number | undefined;
  readonly sectors: readonly Sector[] | undefined;
  readonly path: Path;
}

export function industryDetailsRule(facts: IndustryDetailsFacts): RuleOutcome {
  if (facts.present || facts.industryId === undefined) return passed("industry-details");
  if (facts.sectors === undefined) return unchecked("industry-details");
  const sector = findSector(facts.sectors, facts.industryId);
  if (sector === undefined) return passed("industry-details");
  // A listed sector without a name: whether its industry starts with "Other" is not known.
  if (typeof sector.Name !== "string") return unchecked("industry-details");
  const industry = sector.Name.trim();
  if (!industry.startsWith(OTHER_INDUSTRY_PREFIX)) return passed("industry-details");
  return passed("industry-details", [
    {
      ...requiredIssue(facts.path),
      message: `IndustryDetails is required when the industry is "${industry}".`,
      params: { industry },
    },
  ]);
}
