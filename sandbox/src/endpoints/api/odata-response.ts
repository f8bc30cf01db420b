/**
 * OData v4 JSON shaping of handler results: the collection envelope (`@odata.context`, `@odata.count`,
 * `@odata.nextLink`, `value`) and single entities (`@odata.context` with `/$entity`), per OData JSON Format §10.
 * A list's pages hold at most the request's `Prefer: odata.maxpagesize` (Protocol §8.2.8.5) and at most the
 * sandbox's own page size; an honoured preference is answered with `Preference-Applied` (§8.3.6).
 */
import type { ApiError } from "../../foundation/http/api-error.js";
import type { EntityShape } from "../../foundation/odata/index.js";
import {
  applyListQuery,
  applySelect,
  buildNextLink,
  identifyRows,
  maxPageSizePreference,
  parseEntityQuery,
  parseListQuery,
  preferenceApplied,
} from "../../foundation/odata/index.js";

const API_ROOT = "/api/v1/";

/** `/api/v1/Accounts(2001)/Balances` → `{base}/api/v1/$metadata#Accounts(2001)/Balances`. */
export function collectionContext(baseUrl: string, pathname: string): string {
  return `${baseUrl}${API_ROOT}$metadata#${encodeURI(pathname.slice(API_ROOT.length))}`;
}

/** `/api/v1/Accounts(2001)/Balances(GBP)` → `...$metadata#Accounts(2001)/Balances/$entity` (key dropped). */
export function entityContext(baseUrl: string, pathname: string): string {
  return `${baseUrl}${API_ROOT}$metadata#${encodeURI(pathname.slice(API_ROOT.length).replace(/\([^()]*\)$/, ""))}/$entity`;
}

export type Shaped =
  | { readonly ok: true; readonly body: unknown; readonly headers?: Readonly<Record<string, string>> }
  | { readonly ok: false; readonly error: ApiError };

export function shapeList(
  rows: readonly object[],
  shape: EntityShape,
  query: Readonly<Record<string, unknown>>,
  where: {
    readonly baseUrl: string;
    readonly pathname: string;
    readonly maxPageSize: number;
    /** The request's `Prefer` header. */
    readonly prefer?: string | readonly string[] | undefined;
  },
): Shaped {
  const options = odataOptions(query);
  const parsed = parseListQuery(options, shape);
  if (!parsed.ok) return { ok: false, error: { status: 400, ...parsed.error } };
  const preference = maxPageSizePreference(where.prefer);
  const maxPageSize = Math.min(where.maxPageSize, preference?.value ?? Infinity);
  const listQuery = identifyRows(parsed.value, shape, { ...where, addressing: "collection" });
  const page = applyListQuery(rows, listQuery, { maxPageSize });
  const body: Record<string, unknown> = { "@odata.context": collectionContext(where.baseUrl, where.pathname) };
  if (page.count !== undefined) body["@odata.count"] = page.count;
  if (page.next !== undefined)
    body["@odata.nextLink"] = buildNextLink(where.baseUrl, where.pathname, options, page.next);
  body["value"] = page.value;
  return preference === undefined
    ? { ok: true, body }
    : { ok: true, body, headers: { "preference-applied": preferenceApplied(preference) } };
}

export function shapeEntity(
  row: object,
  shape: EntityShape,
  query: Readonly<Record<string, unknown>>,
  where: { readonly baseUrl: string; readonly pathname: string },
): Shaped {
  const parsed = parseEntityQuery(odataOptions(query), shape);
  if (!parsed.ok) return { ok: false, error: { status: 400, ...parsed.error } };
  return {
    ok: true,
    body: {
      "@odata.context": entityContext(where.baseUrl, where.pathname),
      ...applySelect(row, identifyRows(parsed.value, shape, { ...where, addressing: "entity" })),
    },
  };
}

function odataOptions(query: Readonly<Record<string, unknown>>) {
  const options: {
    $filter?: string;
    $select?: string;
    $orderby?: string;
    $top?: number;
    $skip?: number;
    $count?: boolean;
  } = {};
  if (typeof query["$filter"] === "string") options.$filter = query["$filter"];
  if (typeof query["$select"] === "string") options.$select = query["$select"];
  if (typeof query["$orderby"] === "string") options.$orderby = query["$orderby"];
  if (typeof query["$top"] === "number") options.$top = query["$top"];
  if (typeof query["$skip"] === "number") options.$skip = query["$skip"];
  if (typeof query["$count"] === "boolean") options.$count = query["$count"];
  return options;
}
