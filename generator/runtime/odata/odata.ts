/**
 * OData v4.01 query options of the list and keyed GETs, typed from the entity: `$select` (narrowing the result to
 * the selected properties), `$filter` (a string, a `filter` expression or a callback building one, with paths and
 * literals checked), `$orderby`, `$top` (a cap on the total, as OData defines it), `$skip`, `$count`, and
 * `maxPageSize` (the page size asked of the server: `Prefer: odata.maxpagesize=N`, Protocol §8.2.8.5). Then
 * their serialisation into query-string values and the `Prefer` header.
 */
import { invalidArgument } from "../errors/errors.js";
import { ODataFilter, filter, type ODataFilterBuilder } from "./odata-filter.js";
import type {
  ODataCheckedTerms,
  ODataEntityPaths,
  ODataPath,
  ODataPathsOf,
  ODataSelectPath,
  ODataTermShape,
} from "./odata-paths.js";

export {
  filter,
  ODataFilter,
  odataLiteral,
  type ODataFilterBuilder,
  type ODataFilterFunctions,
  type TermsOf,
} from "./odata-filter.js";
export type {
  EntityKey,
  ODataCheckedTerms,
  ODataComplex,
  ODataEntityPaths,
  ODataLiteral,
  ODataPath,
  ODataPathsOf,
  ODataPathType,
  ODataProjection,
  ODataScalarPath,
  ODataSelected,
  ODataSelectPath,
  ODataTermShape,
  ODataTextPath,
  ODataValue,
  Selected,
} from "./odata-paths.js";

/** A primitive property, optionally followed by a direction: `"Amount"`, `"CreatedDate desc"`, `"Beneficiary/Name asc"`. */
export type ODataOrderBy<E, N extends ODataEntityPaths = ODataPathsOf<E>> =
  | N["primitive"]
  | `${N["primitive"]} asc`
  | `${N["primitive"]} desc`;

/**
 * A `$filter` expression whose comparisons `T` are checked against `E` (`ODataCheckedTerms`): a wrong literal or
 * path is an error that names what the path takes.
 */
export type ODataFilterOf<E, N extends ODataEntityPaths, T extends ODataTermShape> = ODataFilter<
  T,
  ODataCheckedTerms<E, N, T>
>;

/** Fields a filter may name: a property of the entity, or a path through one (`Beneficiary/Name`). */
export type ODataFilterField<E> = ODataPath<E>;

/**
 * Query options of a keyed GET (`Accounts({id})`). `S` is what `$select` names; the method infers it from the
 * call and narrows its result to those properties.
 */
export interface ODataEntityQuery<E, S extends string = ODataSelectPath<E>> {
  /**
   * Properties to return: `["Id", "Status"]`, paths into complex values (`"Beneficiary/Name"`) or `"*"`. The
   * result has only these (and `@odata.id` when the key is not among them, JSON Format §4.5.8).
   */
  readonly $select?: S | readonly S[];
}

/**
 * Query options of a list GET: `N` holds the entity's paths, `S` is what `$select` names and `T` the comparisons
 * of the `$filter` expression (the method infers both from the call).
 */
export interface ODataListQuery<
  E,
  N extends ODataEntityPaths = ODataPathsOf<E>,
  S extends string = "*" | N["all"],
  T extends ODataTermShape = ODataTermShape,
> extends ODataEntityQuery<E, S> {
  /**
   * A boolean expression: a string in OData syntax, a `filter` expression, or a callback that builds one with
   * the builder typed by the entity (`(f) => f.gt("Amount", 100)`). Paths and literals are checked against the
   * entity; a string is sent as it is.
   */
  readonly $filter?: string | ODataFilterOf<E, N, T> | ((filter: ODataFilterBuilder<E, N>) => ODataFilterOf<E, N, T>);
  readonly $orderby?: ODataOrderBy<E, N> | readonly ODataOrderBy<E, N>[];
  /**
   * At most this many entities in all (≥ 0): OData's `$top` caps the total, across every page; it does not size
   * the pages (that is `maxPageSize`).
   */
  readonly $top?: number;
  /** Skip this many entities (≥ 0). */
  readonly $skip?: number;
  /** Ask for the total count in `@odata.count`. */
  readonly $count?: boolean;
  /**
   * Entities per page (≥ 1), asked of the server as `Prefer: odata.maxpagesize=N` (OData 4.01 Protocol §8.2.8.5):
   * pages hold at most this many (the server may choose fewer) and `@odata.nextLink` leads to the rest. Not a cap
   * on the total: `.paginate(...)` still yields every entity.
   */
  readonly maxPageSize?: number;
}

/** An OData collection response: `value` plus control information. */
export interface ODataCollection<E> {
  readonly value: readonly E[];
  readonly "@odata.context"?: string;
  readonly "@odata.count"?: number;
  readonly "@odata.nextLink"?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Serialisation

export type QueryValues = Record<string, string | number | boolean>;

export interface SerializedQuery {
  /** Query-string values; undefined when there are none. */
  readonly values: QueryValues | undefined;
  /** `maxPageSize`, checked: a positive integer, or undefined. */
  readonly maxPageSize: number | undefined;
}

/**
 * Turns the typed query into query-string values: lists joined with commas, filters rendered (with the entity's
 * date-time paths, `dateTimes`), `$top`/`$skip`/`maxPageSize` checked, `undefined` dropped; `maxPageSize` is kept
 * apart (it goes in the `Prefer` header). Parameters other than the OData options pass through.
 */
export function serializeQuery(query: object | undefined, dateTimes: ReadonlySet<string> = new Set()): SerializedQuery {
  if (query === undefined || query === null) return { values: undefined, maxPageSize: undefined };
  const values: QueryValues = {};
  let maxPageSize: number | undefined;
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    switch (name) {
      case "$select":
      case "$orderby": {
        const list = Array.isArray(value) ? value.map(String) : [String(value)];
        if (list.length > 0) values[name] = list.join(",");
        break;
      }
      case "$filter":
        values[name] = filterText(value, dateTimes);
        break;
      case "$top":
      case "$skip":
        values[name] = count(name, value, 0);
        break;
      case "maxPageSize":
        maxPageSize = count(name, value, 1);
        break;
      case "$count":
        values[name] = value === true;
        break;
      default:
        if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") values[name] = value;
        else if (value instanceof Date) values[name] = value.toISOString();
        else throw invalidArgument(`Query parameter ${name} must be a string, number or boolean`);
    }
  }
  return { values, maxPageSize };
}

function filterText(value: unknown, dateTimes: ReadonlySet<string>): string {
  const expression: unknown =
    typeof value === "function" ? (value as (builder: typeof filter) => unknown)(filter) : value;
  if (expression instanceof ODataFilter) return ODataFilter.render(expression, dateTimes);
  if (typeof expression === "string") return expression;
  throw invalidArgument("$filter must be a string, a filter expression or a function returning one");
}

/** The query's `maxPageSize`, checked; undefined when it has none. */
export function pageSizeOf(query: object | undefined): number | undefined {
  const value: unknown =
    query === undefined || query === null ? undefined : (query as { maxPageSize?: unknown }).maxPageSize;
  return value === undefined || value === null ? undefined : count("maxPageSize", value, 1);
}

function count(name: string, value: unknown, minimum: number): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < minimum) {
    throw invalidArgument(`${name} must be ${minimum === 0 ? "a non-negative" : "a positive"} integer`);
  }
  return value;
}

/**
 * The `Prefer` header of a request: `odata.maxpagesize=N` first, then the caller's own preferences. RFC 7240 §2
 * takes the first instance of a preference given twice, so the query's `maxPageSize` wins over one in `headers`.
 */
export function preferHeader(existing: string | undefined, maxPageSize: number | undefined): string | undefined {
  if (maxPageSize === undefined) return existing;
  const own = `odata.maxpagesize=${maxPageSize}`;
  return existing === undefined || existing.trim() === "" ? own : `${own}, ${existing}`;
}
