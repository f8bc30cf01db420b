/**
 * OData v4.01 system query options for the list and keyed GETs: typed `$select` and `$orderby` (keys of the
 * entity), `$filter` as a string or built with `filter` (literals escaped per the OData ABNF), `$top`, `$skip`,
 * `$count`; and paging that follows `@odata.nextLink` — never to another origin, so the token stays with the API.
 */
import { AccountFundsError } from "./errors.js";

/** Property names of an entity. */
export type EntityKey<E> = Extract<keyof E, string>;

/** A property, optionally followed by a direction: `"Name"`, `"CreatedDate desc"`. */
export type ODataOrderBy<E> = EntityKey<E> | `${EntityKey<E>} asc` | `${EntityKey<E>} desc`;

/** Fields a filter may name: an entity property, or a path through one (`Beneficiary/Name`). */
export type ODataFilterField<E> = EntityKey<E> | `${EntityKey<E>}/${string}`;

/** Query options of a keyed GET (`Accounts({id})`). */
export interface ODataEntityQuery<E> {
  /** Properties to return: `["Id", "Status"]`. */
  readonly $select?: EntityKey<E> | readonly EntityKey<E>[];
}

/** Query options of a list GET. */
export interface ODataListQuery<E> extends ODataEntityQuery<E> {
  /** A boolean expression: a string in OData syntax, or built with `filter` (checked against the entity's keys). */
  readonly $filter?: string | ODataFilter<ODataFilterField<E>>;
  readonly $orderby?: ODataOrderBy<E> | readonly ODataOrderBy<E>[];
  /** At most this many entities (≥ 0). */
  readonly $top?: number;
  /** Skip this many entities (≥ 0). */
  readonly $skip?: number;
  /** Ask for the total count in `@odata.count`. */
  readonly $count?: boolean;
}

/** An OData collection response: `value` plus control information. */
export interface ODataCollection<E> {
  readonly value: readonly E[];
  readonly "@odata.context"?: string;
  readonly "@odata.count"?: number;
  readonly "@odata.nextLink"?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// $filter builder

/** Values `filter` can compare with; each becomes an OData literal. */
export type ODataLiteral = string | number | bigint | boolean | null | Date;

/** Binding strength of an expression's outermost operator: or < and < not < primary. */
type Precedence = 0 | 1 | 2 | 3;

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*$/;

/**
 * A `$filter` expression. `F` is the union of the fields it names, so passing it to a list method checks them
 * against the entity. Immutable: `and`, `or` and `not` return new expressions.
 */
export class ODataFilter<F extends string = string> {
  /** Phantom: the fields the expression names (type-level only). */
  declare readonly fields?: F;
  readonly #text: string;
  readonly #precedence: Precedence;

  /** @internal use the `filter` functions. (`0 | 1 | 2 | 3` is `Precedence`, written out: the alias is not exported.) */
  constructor(text: string, precedence: 0 | 1 | 2 | 3) {
    this.#text = text;
    this.#precedence = precedence;
  }

  and<G extends string>(...others: readonly ODataFilter<G>[]): ODataFilter<F | G> {
    return combine<F | G>("and", [this, ...others]);
  }

  or<G extends string>(...others: readonly ODataFilter<G>[]): ODataFilter<F | G> {
    return combine<F | G>("or", [this, ...others]);
  }

  not(): ODataFilter<F> {
    return new ODataFilter<F>(`not ${operand(this, 3)}`, 2);
  }

  toString(): string {
    return this.#text;
  }

  toJSON(): string {
    return this.#text;
  }

  /** @internal (`Precedence`, written out like the constructor's.) */
  static precedenceOf(expression: ODataFilter<string>): 0 | 1 | 2 | 3 {
    return expression.#precedence;
  }
}

function operand(expression: ODataFilter<string>, needed: Precedence): string {
  const text = expression.toString();
  return ODataFilter.precedenceOf(expression) < needed ? `(${text})` : text;
}

function combine<F extends string>(operator: "and" | "or", parts: readonly ODataFilter<string>[]): ODataFilter<F> {
  if (parts.length === 0) throw new TypeError(`filter.${operator}() needs at least one expression`);
  if (parts.length === 1) return parts[0] as ODataFilter<F>;
  const precedence: Precedence = operator === "and" ? 1 : 0;
  // `a or b` inside an `and` needs parentheses; operands of the same operator do not.
  const text = parts.map((part) => operand(part, precedence)).join(` ${operator} `);
  return new ODataFilter<F>(text, precedence);
}

function field(name: string): string {
  if (typeof name !== "string" || !FIELD.test(name)) {
    throw new TypeError(`Not an OData property path: ${JSON.stringify(name)}`);
  }
  return name;
}

/**
 * An OData literal (OData ABNF, URL conventions): strings single-quoted with `'` doubled, numbers as decimals
 * (`NaN`, `INF`, `-INF` for non-finite values), booleans, `null`, and dates as DateTimeOffset in UTC.
 */
export function odataLiteral(value: ODataLiteral): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return `'${value.replaceAll("'", "''")}'`;
    case "boolean":
      return value ? "true" : "false";
    case "bigint":
      return value.toString();
    case "number":
      if (Number.isNaN(value)) return "NaN";
      if (value === Infinity) return "INF";
      if (value === -Infinity) return "-INF";
      return Object.is(value, -0) ? "0" : String(value);
    default:
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) throw new TypeError("Invalid Date in an OData filter");
        return value.toISOString();
      }
      throw new TypeError(`Not an OData literal: ${typeof value}`);
  }
}

function comparison(operator: string) {
  return <K extends string>(name: K, value: ODataLiteral): ODataFilter<K> =>
    new ODataFilter<K>(`${field(name)} ${operator} ${odataLiteral(value)}`, 3);
}

function stringFunction(name: string) {
  return <K extends string>(property: K, value: string): ODataFilter<K> =>
    new ODataFilter<K>(`${name}(${field(property)},${odataLiteral(String(value))})`, 3);
}

/**
 * Builds `$filter` expressions with escaped literals:
 * `filter.eq("StatusCode", "P").and(filter.ge("Amount", 100))` → `StatusCode eq 'P' and Amount ge 100`.
 */
export const filter = {
  eq: comparison("eq"),
  ne: comparison("ne"),
  gt: comparison("gt"),
  ge: comparison("ge"),
  lt: comparison("lt"),
  le: comparison("le"),
  /** `Field in ('a','b')` (OData 4.01). */
  in<K extends string>(name: K, values: readonly ODataLiteral[]): ODataFilter<K> {
    if (values.length === 0) throw new TypeError("filter.in() needs at least one value");
    return new ODataFilter<K>(`${field(name)} in (${values.map(odataLiteral).join(",")})`, 3);
  },
  contains: stringFunction("contains"),
  startsWith: stringFunction("startswith"),
  endsWith: stringFunction("endswith"),
  and<K extends string>(...expressions: readonly ODataFilter<K>[]): ODataFilter<K> {
    return combine<K>("and", expressions);
  },
  or<K extends string>(...expressions: readonly ODataFilter<K>[]): ODataFilter<K> {
    return combine<K>("or", expressions);
  },
  not<K extends string>(expression: ODataFilter<K>): ODataFilter<K> {
    return expression.not();
  },
  /** An expression written by hand, used as is (no field checks): for functions the builder lacks. */
  raw(expression: string): ODataFilter<never> {
    return new ODataFilter<never>(`(${expression})`, 3);
  },
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Query serialisation

export type SerializedQuery = Record<string, string | number | boolean>;

/**
 * Turns the typed query into query-string values: lists joined with commas, filters rendered, `$top`/`$skip`
 * checked, `undefined` dropped. Parameters other than the OData options pass through.
 */
export function serializeQuery(query: object | undefined): SerializedQuery | undefined {
  if (query === undefined || query === null) return undefined;
  const out: SerializedQuery = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    switch (name) {
      case "$select":
      case "$orderby": {
        const list = Array.isArray(value) ? value.map(String) : [String(value)];
        if (list.length > 0) out[name] = list.join(",");
        break;
      }
      case "$filter":
        out[name] = String(value);
        break;
      case "$top":
      case "$skip":
        if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
          throw new TypeError(`${name} must be a non-negative integer`);
        }
        out[name] = value;
        break;
      case "$count":
        out[name] = value === true;
        break;
      default:
        if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") out[name] = value;
        else if (value instanceof Date) out[name] = value.toISOString();
        else throw new TypeError(`Query parameter ${name} must be a string, number or boolean`);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Paging

/**
 * The next page's URL, or undefined on the last page. A relative `@odata.nextLink` is resolved against the
 * page's `@odata.context` (OData JSON format §4.6) or, without one, the page's request URL. A link to another
 * origin than the API's is refused: following it would send the access token there.
 */
export function nextLinkOf(page: unknown, requestUrl: string, apiBaseUrl: string): string | undefined {
  if (typeof page !== "object" || page === null) return undefined;
  const link = (page as Record<string, unknown>)["@odata.nextLink"];
  if (typeof link !== "string" || link.trim() === "") return undefined;
  const context = (page as Record<string, unknown>)["@odata.context"];
  let base = requestUrl;
  if (typeof context === "string") {
    try {
      base = new URL(context, requestUrl).href;
    } catch {
      // keep the request URL
    }
  }
  let next: URL;
  try {
    next = new URL(link, base);
  } catch {
    throw pagingError("invalid_next_link", "The @odata.nextLink of the page is not a URL");
  }
  if (next.origin !== new URL(apiBaseUrl).origin) {
    throw pagingError(
      "unsafe_next_link",
      `The @odata.nextLink points to another origin (${next.origin}); it is not followed, so the access token is not sent there`,
    );
  }
  return next.href;
}

export interface Page {
  /** The parsed collection body. */
  readonly data: unknown;
  /** The URL the page was requested from. */
  readonly url: string;
}

/** Yields every entity of every page, fetching the next page only when the previous one is used up. */
export async function* paginate<E>(
  first: () => Promise<Page>,
  next: (url: string) => Promise<Page>,
  apiBaseUrl: string,
): AsyncGenerator<E, void, undefined> {
  let page = await first();
  const seen = new Set<string>([page.url]);
  for (;;) {
    const value = (page.data as { value?: unknown } | undefined)?.value;
    if (!Array.isArray(value)) throw pagingError("invalid_collection", "The page is not an OData collection (no value array)");
    yield* value as E[];
    const link = nextLinkOf(page.data, page.url, apiBaseUrl);
    if (link === undefined) return;
    if (seen.has(link)) throw pagingError("next_link_loop", "The @odata.nextLink repeats a page already read");
    seen.add(link);
    page = await next(link);
  }
}

function pagingError(code: string, message: string): AccountFundsError {
  return new AccountFundsError({ code, message });
}
