/**
 * Looking up an IndustryId in the /v1/Sectors list the caller passes as context ("the Id is used as
 * IndustryId", § OData query endpoints). The list comes from the server at run time, so it is read
 * defensively: items without a numeric Id are skipped; a Name that is not a string counts as unknown.
 */
import type { Sector } from "./rule-context.js";

export function findSector(sectors: readonly Sector[], id: number): Sector | undefined {
  if (!Array.isArray(sectors)) return undefined;
  return sectors.find((sector: unknown) => isSector(sector) && sector.Id === id);
}

export function sectorIds(sectors: readonly Sector[]): number[] {
  return Array.isArray(sectors) ? sectors.filter(isSector).map((sector) => sector.Id) : [];
}

function isSector(value: unknown): value is Sector {
  if (typeof value !== "object" || value === null) return false;
  return typeof (value as { readonly Id?: unknown }).Id === "number";
}
