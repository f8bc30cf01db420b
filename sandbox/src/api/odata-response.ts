/**
 * OData v4 JSON shaping of handler results: the collection envelope (`@odata.context`, `@odata.count`,
 * `@odata.nextLink`, `value`) and single entities (`@odata.context` with `/$entity`), per OData JSON Format §10.
 */
import type { ApiError } from "../http/api-error.js";
import type { EntityShape } from "../odata/index.js";
import { applyListQuery, applySelect, buildNextLink, parseEntityQuery, parseListQuery } from "../odata/index.js";

const API_ROOT = "/api/v1/";

/** `/api/v1/Accounts(2001)/Balances` → `{base}/api/v1/$metadata#Accounts(2001)/Balances`. */
export function collectionContext(baseUrl: string, pathname: string): string {
  return `${baseUrl}${API_ROOT}$metadata#${encodeURI(pathname.slice(API_ROOT.length))}`;
}

/** `/api/v1/Accounts(2001)/Balances(GBP)` → `...$metadata#Accounts(2001)/Balances/$entity` (key dropped). */
export function entityContext(baseUrl: string, pathname: string): string {
  return `${baseUrl}${API_ROOT}$metadata#${encodeURI(pathname.slice(API_ROOT.length).replace(/\([^()]*\)$/, ""))}/$entity`;
}

export type Shaped = { readonly ok: true; readonly body: unknown } | { readonly ok: false; readonly error: ApiError };

export function shapeList(
  rows: readonly object[],
  shape: EntityShape,
  query: Readonly<Record<string, unknown>>,
  where: { readonly baseUrl: string; readonly pathname: string; readonly maxPageSize: number },
): Shaped {
  const options = odataOptions(query);
  const parsed = parseListQuery(options, shape);
  if (!parsed.ok) return { ok: false, error: { status: 400, ...parsed.error } };
  const page = applyListQuery(rows, parsed.value, { maxPageSize: where.maxPageSize });
  const body: Record<string, unknown> = { "@odata.context": collectionContext(where.baseUrl, where.pathname) };
  if (page.count !== undefined) body["@odata.count"] = page.count;
  if (page.next !== undefined)
    body["@odata.nextLink"] = buildNextLink(where.baseUrl, where.pathname, options, page.next);
  body["value"] = page.value;
  return { ok: true, body };
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
    body: { "@odata.context": entityContext(where.baseUrl, where.pathname), ...applySelect(row, parsed.value) },
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
