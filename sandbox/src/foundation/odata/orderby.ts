// $orderby (OData 4.01 URL Conventions §5.1.5, semantics in the Protocol's "System Query Option $orderby"): property
// paths, each `asc` (the default) or `desc`; nulls first ascending and last descending; ties keep the input order.

import { isEntityShape, type EntityShape } from "./entity-shape.js";
import { fail, ok, type Result } from "./errors.js";
import { readPath, resolvePath } from "./property-path.js";
import { compareScalars, scalarFromRow, scalarKindOf, type Scalar, type ScalarKind } from "./scalar.js";

export interface OrderByItem {
  readonly path: readonly string[];
  readonly descending: boolean;
  readonly kind: ScalarKind;
}

const TARGET = "$orderby";
const MAX_ORDERBY_LENGTH = 2000;
// `asc`/`desc` in any case: 4.01 services MUST accept them case-insensitively.
const ITEM = /^([A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*)(?:[ \t]+(asc|desc))?$/i;

/** Parses `$orderby` against `shape`: only primitive properties (or paths to them) can order a collection. */
export function parseOrderBy(text: string, shape: EntityShape): Result<readonly OrderByItem[]> {
  if (text.length > MAX_ORDERBY_LENGTH) {
    return fail("query_too_complex", TARGET, `$orderby is longer than ${MAX_ORDERBY_LENGTH} characters`);
  }
  const items: OrderByItem[] = [];
  for (const rawItem of text.split(",")) {
    const item = rawItem.trim();
    const match = ITEM.exec(item);
    if (match === null) {
      if (item.includes("(") || /[ \t](?:add|sub|mul|div|mod)[ \t]/i.test(item)) {
        return fail("unsupported_orderby", TARGET, `'${item}': $orderby supports property paths only, not expressions`);
      }
      return fail(
        "invalid_orderby",
        TARGET,
        item === "" ? "$orderby has an empty item" : `'${item}' is not a property path followed by asc or desc`,
      );
    }
    const segments = (match[1] ?? "").split("/");
    const resolution = resolvePath(shape, segments);
    if (!resolution.ok) return fail("unknown_property", TARGET, resolution.message);
    const kind = isEntityShape(resolution.kind) ? undefined : scalarKindOf(resolution.kind);
    if (kind === undefined) {
      return fail("unsupported_orderby", TARGET, `'${match[1]}' is a complex or collection property: it cannot order`);
    }
    items.push({ path: segments, descending: match[2]?.toLowerCase() === "desc", kind });
  }
  return ok(items);
}

/** The rows sorted by `items`, stably: rows whose keys are all equal keep their relative input order. */
export function orderRows<T extends object>(rows: readonly T[], items: readonly OrderByItem[]): T[] {
  if (items.length === 0) return rows.slice();
  // Keys are read once per row, not once per comparison (date-times are parsed here).
  const decorated = rows.map((row, index) => ({
    row,
    index,
    keys: items.map((item) => scalarFromRow(item.kind, readPath(row, item.path))),
  }));
  decorated.sort((a, b) => {
    for (const [i, item] of items.entries()) {
      const order = compareKeys(a.keys[i] ?? null, b.keys[i] ?? null);
      if (order !== 0) return item.descending ? -order : order;
    }
    return a.index - b.index;
  });
  return decorated.map((entry) => entry.row);
}

/** Ascending order of two keys, null before any value (so after every value once reversed for `desc`). */
function compareKeys(a: Scalar | null, b: Scalar | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return compareScalars(a, b) ?? 0;
}
