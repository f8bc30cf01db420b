/**
 * The `$filter` builder: comparisons, `in`, the string functions and the logical operators, with literals written
 * per the OData ABNF (URL Conventions §5.1.1). Each expression records, at the type level, the paths it names and
 * the literals it compares them with, so a list method refuses `filter.gt("Amount", "zero")` at compile time.
 * Rendering waits for the list method: it knows the entity's date-time properties, and sends a string compared with
 * one of them as an Edm.DateTimeOffset literal, not a string.
 */
import { invalidArgument } from "../errors/errors.js";
import type { ODataEntityPaths, ODataLiteral, ODataPathsOf, ODataTermShape, ODataValue } from "./odata-paths.js";

/** The comparisons an expression makes (its `T`). */
export type TermsOf<F> = F extends ODataFilter<infer T> ? T : never;

/** Binding strength of an expression's outermost operator: or < and < not < primary. */
type Precedence = 0 | 1 | 2 | 3;

/** Renders an expression; `dateTimes` are the entity's date-time paths (empty when unknown). */
type Render = (dateTimes: ReadonlySet<string>) => string;

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*$/;

// OData `dateTimeOffsetValue` (ABNF): the offset is required, seconds and fractions are optional.
const DATE_TIME_OFFSET = /^-?\d{4,}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
const DATE_TIME_WITHOUT_OFFSET = /^-?\d{4,}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

const NO_DATE_TIMES: ReadonlySet<string> = new Set();

/**
 * A `$filter` expression. `T` records the comparisons it makes (`[path, literal]`), so passing it to a list method
 * checks them against the entity: the method's parameter asks for `C`, the same comparisons in their checked form
 * (`ODataCheckedTerms`), and a wrong literal is an error that names what its path takes. Immutable: `and`, `or`
 * and `not` return new expressions.
 */
export class ODataFilter<T extends ODataTermShape = ODataTermShape, C = T> {
  /** Phantom: the comparisons the expression makes (type-level only). */
  declare readonly terms?: T;
  /** Phantom: what a list method checks `terms` against (type-level only; a separate parameter, so the check costs little). */
  declare readonly checked?: C;
  readonly #render: Render;
  readonly #precedence: Precedence;

  /** @internal use the `filter` functions. (`0 | 1 | 2 | 3` is `Precedence`, written out: the alias is not exported.) */
  constructor(render: (dateTimes: ReadonlySet<string>) => string, precedence: 0 | 1 | 2 | 3) {
    this.#render = render;
    this.#precedence = precedence;
  }

  and<F extends readonly ODataFilter<ODataTermShape, unknown>[]>(...others: F): ODataFilter<T | TermsOf<F[number]>> {
    return combine("and", [this, ...others]);
  }

  or<F extends readonly ODataFilter<ODataTermShape, unknown>[]>(...others: F): ODataFilter<T | TermsOf<F[number]>> {
    return combine("or", [this, ...others]);
  }

  not(): ODataFilter<T> {
    return new ODataFilter<T>((dateTimes) => `not ${operand(this, 3, dateTimes)}`, 2);
  }

  /**
   * The expression without the entity's knowledge: a date-time given as a string reads as a string literal here.
   * A list method renders it with the entity's date-time properties (`ODataFilter.render`).
   */
  toString(): string {
    return this.#render(NO_DATE_TIMES);
  }

  toJSON(): string {
    return this.toString();
  }

  /** @internal The expression for an entity whose date-time properties are `dateTimes`. */
  static render(expression: ODataFilter<ODataTermShape, unknown>, dateTimes: ReadonlySet<string>): string {
    return expression.#render(dateTimes);
  }

  /** @internal (`Precedence`, written out like the constructor's.) */
  static precedenceOf(expression: ODataFilter<ODataTermShape, unknown>): 0 | 1 | 2 | 3 {
    return expression.#precedence;
  }
}

function operand(
  expression: ODataFilter<ODataTermShape, unknown>,
  needed: Precedence,
  dateTimes: ReadonlySet<string>,
): string {
  const text = ODataFilter.render(expression, dateTimes);
  return ODataFilter.precedenceOf(expression) < needed ? `(${text})` : text;
}

function combine(operator: "and" | "or", parts: readonly ODataFilter<ODataTermShape, unknown>[]): ODataFilter<never> {
  if (parts.length === 0) throw invalidArgument(`filter.${operator}() needs at least one expression`);
  if (parts.length === 1) return parts[0] as ODataFilter<never>;
  for (const part of parts)
    if (!(part instanceof ODataFilter)) throw invalidArgument(`filter.${operator}() takes filter expressions`);
  const precedence: Precedence = operator === "and" ? 1 : 0;
  // `a or b` inside an `and` needs parentheses; operands of the same operator do not.
  return new ODataFilter<never>(
    (dateTimes) => parts.map((part) => operand(part, precedence, dateTimes)).join(` ${operator} `),
    precedence,
  );
}

function field(name: string): string {
  if (typeof name !== "string" || !FIELD.test(name)) {
    throw invalidArgument(`Not an OData property path: ${JSON.stringify(name)}`);
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
        if (Number.isNaN(value.getTime())) throw invalidArgument("Invalid Date in an OData filter");
        return value.toISOString();
      }
      throw invalidArgument(`Not an OData literal: ${typeof value}`);
  }
}

/** The literal of `value` compared with `path`: a string for a date-time property is an Edm.DateTimeOffset. */
function literalFor(path: string, value: ODataLiteral, dateTimes: ReadonlySet<string>): string {
  if (typeof value !== "string" || !dateTimes.has(path)) return odataLiteral(value);
  const text = value.trim();
  if (DATE_TIME_OFFSET.test(text)) return text;
  const reason = DATE_TIME_WITHOUT_OFFSET.test(text)
    ? "has no UTC offset (an OData date-time literal needs Z or ±hh:mm): add one, or pass a Date"
    : "is not an ISO 8601 date-time such as 2025-01-31T00:00:00Z";
  throw invalidArgument(`${path} is a date-time: ${JSON.stringify(value)} ${reason}`);
}

function comparison(operator: string) {
  return (path: string, value: ODataLiteral): ODataFilter<never> => {
    const name = field(path);
    literalFor(name, value, NO_DATE_TIMES); // refuse a value that is no literal now, not when the filter is sent
    return new ODataFilter<never>((dateTimes) => `${name} ${operator} ${literalFor(name, value, dateTimes)}`, 3);
  };
}

function stringFunction(name: string) {
  return (path: string, value: string): ODataFilter<never> => {
    const property = field(path);
    const literal = odataLiteral(String(value));
    return new ODataFilter<never>(() => `${name}(${property},${literal})`, 3);
  };
}

/**
 * The `filter` functions, on any entity: each records the path and literal it is given, and the list method
 * the expression is passed to checks them against its entity (`ODataTerm`).
 */
export interface ODataFilterFunctions {
  eq<P extends string, V extends ODataLiteral>(path: P, value: V): ODataFilter<readonly [P, V]>;
  ne<P extends string, V extends ODataLiteral>(path: P, value: V): ODataFilter<readonly [P, V]>;
  gt<P extends string, V extends ODataLiteral>(path: P, value: V): ODataFilter<readonly [P, V]>;
  ge<P extends string, V extends ODataLiteral>(path: P, value: V): ODataFilter<readonly [P, V]>;
  lt<P extends string, V extends ODataLiteral>(path: P, value: V): ODataFilter<readonly [P, V]>;
  le<P extends string, V extends ODataLiteral>(path: P, value: V): ODataFilter<readonly [P, V]>;
  /** `Path in ('a','b')` (OData 4.01). */
  in<P extends string, V extends ODataLiteral>(path: P, values: readonly V[]): ODataFilter<readonly [P, V]>;
  contains<P extends string>(path: P, value: string): ODataFilter<readonly [P, string, "text"]>;
  startsWith<P extends string>(path: P, value: string): ODataFilter<readonly [P, string, "text"]>;
  endsWith<P extends string>(path: P, value: string): ODataFilter<readonly [P, string, "text"]>;
  and<F extends readonly ODataFilter<ODataTermShape, unknown>[]>(...expressions: F): ODataFilter<TermsOf<F[number]>>;
  or<F extends readonly ODataFilter<ODataTermShape, unknown>[]>(...expressions: F): ODataFilter<TermsOf<F[number]>>;
  not<T extends ODataTermShape>(expression: ODataFilter<T>): ODataFilter<T>;
  /** An expression written by hand, used as is (no checks): for functions the builder lacks. */
  raw(expression: string): ODataFilter<never>;
}

/**
 * The same functions typed by the entity `E` (its paths `N`): what a `$filter` callback receives, so each path is
 * completed and each literal checked where it is written: `$filter: (f) => f.gt("Amount", 100)`.
 */
export interface ODataFilterBuilder<E, N extends ODataEntityPaths = ODataPathsOf<E>> {
  eq<P extends N["all"]>(
    path: P,
    value: ODataValue<E, P, N["dateTime"]>,
  ): ODataFilter<readonly [P, ODataValue<E, P, N["dateTime"]>]>;
  ne<P extends N["all"]>(
    path: P,
    value: ODataValue<E, P, N["dateTime"]>,
  ): ODataFilter<readonly [P, ODataValue<E, P, N["dateTime"]>]>;
  gt<P extends N["all"]>(
    path: P,
    value: ODataValue<E, P, N["dateTime"]>,
  ): ODataFilter<readonly [P, ODataValue<E, P, N["dateTime"]>]>;
  ge<P extends N["all"]>(
    path: P,
    value: ODataValue<E, P, N["dateTime"]>,
  ): ODataFilter<readonly [P, ODataValue<E, P, N["dateTime"]>]>;
  lt<P extends N["all"]>(
    path: P,
    value: ODataValue<E, P, N["dateTime"]>,
  ): ODataFilter<readonly [P, ODataValue<E, P, N["dateTime"]>]>;
  le<P extends N["all"]>(
    path: P,
    value: ODataValue<E, P, N["dateTime"]>,
  ): ODataFilter<readonly [P, ODataValue<E, P, N["dateTime"]>]>;
  /** `Path in ('a','b')` (OData 4.01). */
  in<P extends N["all"]>(
    path: P,
    values: readonly ODataValue<E, P, N["dateTime"]>[],
  ): ODataFilter<readonly [P, ODataValue<E, P, N["dateTime"]>]>;
  contains<P extends N["text"]>(path: P, value: string): ODataFilter<readonly [P, string, "text"]>;
  startsWith<P extends N["text"]>(path: P, value: string): ODataFilter<readonly [P, string, "text"]>;
  endsWith<P extends N["text"]>(path: P, value: string): ODataFilter<readonly [P, string, "text"]>;
  and<F extends readonly ODataFilter<ODataTermShape, unknown>[]>(...expressions: F): ODataFilter<TermsOf<F[number]>>;
  or<F extends readonly ODataFilter<ODataTermShape, unknown>[]>(...expressions: F): ODataFilter<TermsOf<F[number]>>;
  not<T extends ODataTermShape>(expression: ODataFilter<T>): ODataFilter<T>;
  /** An expression written by hand, used as is (no checks): for functions the builder lacks. */
  raw(expression: string): ODataFilter<never>;
}

/**
 * Builds `$filter` expressions with escaped literals:
 * `filter.eq("StatusCode", "P").and(filter.ge("Amount", 100))` → `StatusCode eq 'P' and Amount ge 100`.
 * A list method checks each path and literal against its entity; in a `$filter` callback (`(f) => f.eq(...)`)
 * the same functions are typed by the entity, and paths complete in an editor.
 */
export const filter: ODataFilterFunctions = {
  eq: comparison("eq"),
  ne: comparison("ne"),
  gt: comparison("gt"),
  ge: comparison("ge"),
  lt: comparison("lt"),
  le: comparison("le"),
  in(path: string, values: readonly ODataLiteral[]): ODataFilter<never> {
    const name = field(path);
    if (!Array.isArray(values) || values.length === 0) throw invalidArgument("filter.in() needs at least one value");
    for (const value of values) literalFor(name, value, NO_DATE_TIMES);
    const list = [...values];
    return new ODataFilter<never>(
      (dateTimes) => `${name} in (${list.map((value) => literalFor(name, value, dateTimes)).join(",")})`,
      3,
    );
  },
  contains: stringFunction("contains"),
  startsWith: stringFunction("startswith"),
  endsWith: stringFunction("endswith"),
  and(...expressions: readonly ODataFilter<ODataTermShape, unknown>[]): ODataFilter<never> {
    return combine("and", expressions);
  },
  or(...expressions: readonly ODataFilter<ODataTermShape, unknown>[]): ODataFilter<never> {
    return combine("or", expressions);
  },
  not<T extends ODataTermShape>(expression: ODataFilter<T>): ODataFilter<T> {
    if (!(expression instanceof ODataFilter)) throw invalidArgument("filter.not() takes a filter expression");
    return expression.not();
  },
  raw(expression: string): ODataFilter<never> {
    const text = String(expression);
    return new ODataFilter<never>(() => `(${text})`, 3);
  },
};
