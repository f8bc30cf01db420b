/**
 * The README's sections on reading data: listing, filtering and paging an OData collection (the query typed from
 * the entity, `.paginate(...)`), and what a date-time field holds.
 */
import { isDateTimeFormat } from "../../model/date-time-formats.js";
import type { ApiModel, OperationModel } from "../../model/model.js";
import { codeBlock } from "../../print/markdown.js";
import { isJsonObject } from "../../json-pointer/json-pointer.js";
import { call, methodPath, pathArguments, successExample } from "./snippets.js";

/** `operators`: the filter builder's functions (runtime-facts.ts). */
export function listSection(list: OperationModel, operators: readonly string[]): string[] {
  const entity = firstEntity(successExample(list));
  const text = Object.entries(entity ?? {}).find(([key, value]) => typeof value === "string" && !key.startsWith("@"));
  const number = Object.entries(entity ?? {}).find(([key, value]) => typeof value === "number" && !key.startsWith("@"));
  const query =
    text !== undefined && number !== undefined
      ? [
          "{",
          `  $select: [${JSON.stringify(text[0])}, ${JSON.stringify(number[0])}],`,
          `  $filter: (f) => f.eq(${JSON.stringify(text[0])}, ${JSON.stringify(text[1])}).or(f.gt(${JSON.stringify(number[0])}, 0)),`,
          `  $orderby: ${JSON.stringify(`${number[0]} desc`)},`,
          "  $top: 50,",
          "  $count: true,",
          "}",
        ].join("\n")
      : undefined;
  const path = pathArguments(list);
  const method = methodPath(list);
  return [
    "### List, filter and page",
    "",
    ...codeBlock([
      `const page = await ${call(list, query === undefined ? path : [...path, query])};`,
      query === undefined
        ? "console.log(page.value);"
        : `console.log(page["@odata.count"], page.value); // entities with ${text?.[0]} and ${number?.[0]} only`,
      "",
      "// Every entity of every page, following @odata.nextLink to the last page, at most 100 per page:",
      `for await (const entity of ${method}.paginate(${[...path, "{ maxPageSize: 100 }"].join(", ")})) console.log(entity);`,
    ]),
    "The query is typed from the entity. `$select` takes its property paths (`Beneficiary/Name` too) and narrows the result",
    "to them: reading a property that was not selected does not compile (an entity whose key was not selected carries its",
    "`@odata.id` instead, OData JSON Format §4.5.8). `$filter` takes a string, a `filter` expression (`import { filter }`),",
    "or a callback building one with the builder typed by the entity: paths complete, and each literal must fit its",
    "property — a number for a number, text for text, a `Date` or ISO 8601 text with an offset for a date-time, a boolean",
    "for a boolean, `null` only where the value may be null. `$orderby` takes primitive paths. The builder's functions",
    `(${operators.map((operator) => `\`${operator}\``).join(", ")}) quote and escape literals.`,
    "",
    "`.paginate(...)` follows `@odata.nextLink` to the last page and yields every entity of every page; a next link to",
    "another origin is refused, and so are pages past `maxPages` (its last argument, `{ maxPages: 50 }`; see",
    "[Retries, redirects and limits](#retries-redirects-and-limits)). `$top` keeps its OData meaning, a cap on the total: `$top: 5` yields at most 5 entities in",
    "all. `maxPageSize` is the page size, asked of the server as `Prefer: odata.maxpagesize=N` on every page (a server",
    "may choose smaller pages); it never caps the total.",
    "",
  ];
}

/** What a date-time field holds, when the spec has a named date-time schema (`DateTime`, format date-time-formats.ts). */
export function dateTimeSection(model: ApiModel): string[] {
  const schema = model.schemas.find(
    (candidate) => isJsonObject(candidate.schema) && isDateTimeFormat(candidate.schema["format"]),
  );
  if (schema === undefined) return [];
  return [
    "### Dates and times",
    "",
    `A date-time field (typed \`${schema.name}\`, a \`string\`) holds the text the API sent, not a \`Date\`. ${schema.description}`,
    "`validateResponses` checks it as such. The client converts nothing: `new Date(text)` reads a date-time without an",
    "offset as local time, so parse it as your domain needs.",
    "",
  ];
}

/** The first entity of a collection example (`{ value: [entity, ...] }`). */
function firstEntity(example: unknown): { readonly [key: string]: unknown } | undefined {
  const value = isJsonObject(example) ? example["value"] : undefined;
  const first: unknown = Array.isArray(value) ? value[0] : undefined;
  return isJsonObject(first) ? first : undefined;
}
