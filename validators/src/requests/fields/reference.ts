/**
 * Free-text fields with a length limit in the reference (§ "Limits"): Reference (transfer, withdrawal and
 * beneficiary, up to 35 characters) and the withdrawal Description (up to 140). Lengths count code points,
 * as JSON Schema `maxLength` does, of the text as typed (free text is never trimmed).
 */
import { readString, type FieldResult, type Path } from "../../core/json-fields.js";

export const REFERENCE_MAX_LENGTH = 35;
export const DESCRIPTION_MAX_LENGTH = 140;

/** Optional Reference, up to 35 characters. */
export function readReference(input: unknown, path: Path): FieldResult<string> {
  return readString(input, path, { maxLength: REFERENCE_MAX_LENGTH });
}

/** Optional withdrawal Description, up to 140 characters. */
export function readDescription(input: unknown, path: Path): FieldResult<string> {
  return readString(input, path, { maxLength: DESCRIPTION_MAX_LENGTH });
}
