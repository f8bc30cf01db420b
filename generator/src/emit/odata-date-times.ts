/**
 * The date-time properties of an OData entity, as `$filter` paths (`CreatedDate`, `Beneficiary/ValueDate`), read
 * from the model's entity shape — the kinds the sandbox checks `$filter` with, so client and server agree on what
 * a date-time is. The client types a `Date` or an ISO 8601 string as their literal and sends a string compared
 * with one of them as an Edm.DateTimeOffset, not as a string (OData 4.01 URL Conventions §5.1.1.1: a date-time
 * compares with a date-time). Paths go through complex values at most four segments deep, like the client's
 * `ODataPath` type.
 */
import type { EntityShape } from "../model/model.js";

const maxSegments = 4;

export function odataDateTimePaths(shape: EntityShape): string[] {
  const paths: string[] = [];
  const visit = (current: EntityShape, prefix: string, depth: number): void => {
    for (const [name, kind] of Object.entries(current.properties)) {
      if (kind === "date-time") paths.push(`${prefix}${name}`);
      else if (typeof kind === "object" && depth < maxSegments) visit(kind, `${prefix}${name}/`, depth + 1);
    }
  };
  visit(shape, "", 1);
  return paths;
}
