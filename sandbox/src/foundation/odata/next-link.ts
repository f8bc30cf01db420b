// `@odata.nextLink` without `$skiptoken` (the spec declares only the six options): the same request with `$skip`
// advanced and `$top` reduced. Values are percent-encoded once, as query option values are decoded exactly once
// (OData 4.01 URL Conventions §2.1); `+` is encoded because form decoders read it as a space.

import type { ListQueryOptions, NextPage } from "./list-query.js";

// Characters allowed unencoded in a query (RFC 3986 pchar / "/" / "?") that encodeURIComponent escapes anyway;
// leaving them readable keeps links like `$select=Id,Beneficiary/Name` legible.
const READABLE: Readonly<Record<string, string>> = { "%24": "$", "%2C": ",", "%2F": "/", "%3A": ":", "%40": "@" };

/**
 * The URL of the next page: `baseUrl` (scheme and authority, e.g. `http://localhost:4010`) + `path` (as in the
 * request, already percent-encoded) + the request's options in the order $filter, $select, $orderby, $top, $skip,
 * $count, with `$skip`/`$top` taken from `next`.
 */
export function buildNextLink(baseUrl: string, path: string, options: ListQueryOptions, next: NextPage): string {
  const parameters: Array<readonly [string, string]> = [];
  if (options.$filter !== undefined) parameters.push(["$filter", options.$filter]);
  if (options.$select !== undefined) parameters.push(["$select", options.$select]);
  if (options.$orderby !== undefined) parameters.push(["$orderby", options.$orderby]);
  if (next.top !== undefined) parameters.push(["$top", String(next.top)]);
  parameters.push(["$skip", String(next.skip)]);
  if (options.$count !== undefined) parameters.push(["$count", String(options.$count)]);
  const query = parameters.map(([name, value]) => `${name}=${encodeValue(value)}`).join("&");
  const base = baseUrl.replace(/\/+$/, "");
  return `${base}${path.startsWith("/") ? path : `/${path}`}?${query}`;
}

function encodeValue(value: string): string {
  // encodeURIComponent throws on lone surrogates; they cannot come from a decoded URL, but never throw here.
  const wellFormed = value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  return encodeURIComponent(wellFormed).replace(/%(?:24|2C|2F|3A|40)/g, (escape) => READABLE[escape] ?? escape);
}
