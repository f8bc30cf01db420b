// Primitive values as the query options compare them: a row's JSON value read through its declared kind, and one
// order shared by $filter's relational operators and $orderby (OData 4.01 URL Conventions §5.1.1.1.3-6: false
// before true, INF above every number, NaN equal to nothing; strings by UTF-16 code unit, as JavaScript orders them).

import type { PropertyKind } from "./entity-shape.js";
import { compareInstants, instantFromDate, parseInstant, type Instant } from "./instant.js";

export type Scalar = string | number | boolean | Instant;

/** The scalar kinds; "integer" properties compare as "number" (numeric promotion, §5.1.1.18). */
export type ScalarKind = "string" | "number" | "boolean" | "date-time";

export function scalarKindOf(kind: PropertyKind): ScalarKind | undefined {
  switch (kind) {
    case "string":
    case "boolean":
    case "date-time":
      return kind;
    case "integer":
    case "number":
      return "number";
    default:
      return undefined;
  }
}

/**
 * A row's value read as `kind`; null when absent, null, or not of the declared JSON type (a value the schema does
 * not allow cannot match anything, like a null). Date-times are ISO 8601 strings (or Date objects).
 */
export function scalarFromRow(kind: ScalarKind, value: unknown): Scalar | null {
  switch (kind) {
    case "string":
      return typeof value === "string" ? value : null;
    case "number":
      return typeof value === "number" ? value : null;
    case "boolean":
      return typeof value === "boolean" ? value : null;
    case "date-time":
      if (typeof value === "string") return parseInstant(value) ?? null;
      return value instanceof Date ? (instantFromDate(value) ?? null) : null;
  }
}

/** Negative, zero or positive; undefined when the two are unordered (NaN, or values of different kinds). */
export function compareScalars(a: Scalar, b: Scalar): number | undefined {
  if (typeof a === "number" && typeof b === "number") {
    if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  if ((typeof a === "string" && typeof b === "string") || (typeof a === "boolean" && typeof b === "boolean")) {
    return a === b ? 0 : a < b ? -1 : 1;
  }
  if (typeof a === "object" && typeof b === "object") return compareInstants(a, b);
  return undefined;
}
