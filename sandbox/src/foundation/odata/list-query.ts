// The six system query options of a list GET as one query over an in-memory array: filter, count (of every match:
// the Protocol's $count ignores $top and $skip), order, skip and top, select; then server-driven paging (Protocol,
// "Server-Driven Paging") cuts pages of at most `maxPageSize` rows, continued by a next link.

import { shapeProperty, type EntityShape } from "./entity-shape.js";
import { fail, ok, type Result } from "./errors.js";
import { parseFilter, type RowPredicate } from "./filter.js";
import { orderRows, parseOrderBy, type OrderByItem } from "./orderby.js";
import { scalarKindOf } from "./scalar.js";
import { parseSelect, projectRow, type Selection } from "./select.js";

/** The system query options of a list GET, already typed by the HTTP layer (strings, int32 ≥ 0, boolean). */
export interface ListQueryOptions {
  readonly $filter?: string;
  readonly $select?: string;
  readonly $orderby?: string;
  readonly $top?: number;
  readonly $skip?: number;
  readonly $count?: boolean;
}

export interface ListQuery {
  readonly filter: RowPredicate | undefined;
  readonly selection: Selection | undefined;
  /** The requested order, else `Id` ascending when the entity has an `Id`, else none (input order). */
  readonly orderBy: readonly OrderByItem[];
  readonly top: number | undefined;
  readonly skip: number;
  readonly count: boolean;
}

/** Where the next page starts: repeat the request's options with this `$skip` and (when it had one) `$top`. */
export interface NextPage {
  readonly skip: number;
  readonly top?: number;
}

export interface ListPage {
  readonly value: object[];
  /** `@odata.count`: every row matching $filter, when `$count=true`. */
  readonly count?: number;
  /** Present when rows requested by $top (or all remaining rows) did not fit in this page. */
  readonly next?: NextPage;
}

export interface EntityQuery {
  readonly selection: Selection | undefined;
}

/** Parses the options against `shape`; the first invalid option (in the order above) is the error. */
export function parseListQuery(options: ListQueryOptions, shape: EntityShape): Result<ListQuery> {
  let filter: RowPredicate | undefined;
  if (options.$filter !== undefined) {
    const parsed = parseFilter(options.$filter, shape);
    if (!parsed.ok) return parsed;
    filter = parsed.value;
  }
  const entity = parseEntityQuery(options, shape);
  if (!entity.ok) return entity;
  let orderBy: readonly OrderByItem[] = defaultOrder(shape);
  if (options.$orderby !== undefined) {
    const parsed = parseOrderBy(options.$orderby, shape);
    if (!parsed.ok) return parsed;
    orderBy = parsed.value;
  }
  for (const name of ["$top", "$skip"] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) {
      return fail("invalid_query_option", name, `${name} must be a non-negative integer`);
    }
  }
  if (options.$count !== undefined && typeof options.$count !== "boolean") {
    return fail("invalid_query_option", "$count", "$count must be true or false");
  }
  return ok({
    filter,
    selection: entity.value.selection,
    orderBy,
    top: options.$top,
    skip: options.$skip ?? 0,
    count: options.$count === true,
  });
}

/** A single-entity GET takes `$select` only (other properties of `options` are ignored). */
export function parseEntityQuery(options: { readonly $select?: string }, shape: EntityShape): Result<EntityQuery> {
  if (options.$select === undefined) return ok({ selection: undefined });
  const parsed = parseSelect(options.$select, shape);
  return parsed.ok ? ok({ selection: parsed.value }) : parsed;
}

/** The entity as `$select` projects it; without `$select`, the row itself. */
export function applySelect<T extends object>(row: T, query: EntityQuery): object {
  return query.selection === undefined ? row : projectRow(row, query.selection);
}

/**
 * One page of `rows` for `query`: filter, count, order, then the window [$skip, $skip + $top) cut to at most
 * `maxPageSize` rows. `next` is set when the window holds more rows; following it repeatedly visits every row of the
 * window exactly once, in order (given unchanged rows). Unprojected rows are returned by reference.
 * Throws RangeError when `maxPageSize` is not a positive integer (a configuration error, not a query error).
 */
export function applyListQuery<T extends object>(
  rows: readonly T[],
  query: ListQuery,
  paging: { readonly maxPageSize: number },
): ListPage {
  const { maxPageSize } = paging;
  if (!Number.isSafeInteger(maxPageSize) || maxPageSize < 1) {
    throw new RangeError(`maxPageSize must be a positive integer, not ${maxPageSize}`);
  }
  const filter = query.filter;
  const matching = filter === undefined ? rows : rows.filter((row) => filter(row));
  const ordered = orderRows(matching, query.orderBy);
  const start = query.skip;
  const end = Math.min(ordered.length, query.top === undefined ? Infinity : start + query.top);
  const pageEnd = Math.min(end, start + maxPageSize);
  const selection = query.selection;
  const value = ordered
    .slice(start, pageEnd)
    .map((row) => (selection === undefined ? row : projectRow(row, selection)));
  let next: NextPage | undefined;
  if (pageEnd < end) {
    next = query.top === undefined ? { skip: pageEnd } : { skip: pageEnd, top: start + query.top - pageEnd };
  }
  return {
    value,
    ...(query.count ? { count: matching.length } : {}),
    ...(next === undefined ? {} : { next }),
  };
}

function defaultOrder(shape: EntityShape): readonly OrderByItem[] {
  const id = shapeProperty(shape, "Id");
  const kind = id === undefined || typeof id === "object" ? undefined : scalarKindOf(id);
  return kind === undefined ? [] : [{ path: ["Id"], descending: false, kind }];
}
