/**
 * What every routing type has in common (§ CreateWithdrawalBeneficiary, "Payment routing types"): a `Type`
 * and a `CountryCode` (ISO alpha-2, both required), a fixed country for the single-country types, and a set
 * of bank identifier properties. Which properties a type has, which it requires (IN: Bic and
 * IndianFinancialSystemCode; US: Bic or RoutingTransitNumber) and each one's pattern and format are the spec's,
 * in the type's field table (`generated/request-fields.ts`); each routing module adds what the spec cannot say:
 * the identifier validator that checks a property (by its format, or for an account number without one, by its
 * pattern) and which properties are the type's account identifier. `readRouting` applies both.
 *
 * The reference says "which listed properties are mandatory, other than where stated above: not shown", so only
 * the combinations it states are errors. A missing account identifier of the type (Iban for BicIban, SortCode and
 * AccountNumber for SortCodeAccountNumber, AccountNumber for the others) is a warning (`recommended`): a routing
 * without it can hardly route a payment, but the reference does not say the API refuses it, so the spec does not
 * either.
 *
 * Properties the type does not list are not reported and are left out of the normalised value (the spec
 * sets no `additionalProperties` restriction, and the value carries only what the type defines); `changes`
 * lists them, like every other difference between the input and the value.
 */
import type { ObjectTable } from "../core/field-table.js";
import { issue, splitIssues, type Issue } from "../core/issue.js";
import { normalizationOf, type Normalization } from "../core/normalization.js";
import {
  checkedBy,
  lenient,
  readTable,
  type FieldReader,
  type ReadContext,
  type TableReaders,
} from "../core/read-table.js";
import { failure, success, type Result } from "../core/result.js";
import {
  fail,
  invalidEnum,
  invalidType,
  isEmpty,
  isJsonObject,
  ok,
  readWith,
  requiredIssue,
} from "../core/json-fields.js";
import { validateCountryCode } from "../identifiers/country-code.js";
import type { PaymentRoutingType } from "./routing-types.js";

/**
 * Every normalised routing: its Type and CountryCode (the type's fixed country where it has one, e.g. `"GB"`).
 * Mutable, like every value this package returns: it is a fresh object the caller owns and may send as is.
 */
export interface RoutingBase<T extends PaymentRoutingType, C extends string = string> {
  Type: T;
  CountryCode: C;
}

/** A routing type's table: a `Type` const, and a `CountryCode` const or any country. */
export interface RoutingTable extends ObjectTable {
  readonly fields: {
    readonly Type: { readonly type: "string"; readonly const: string };
    readonly CountryCode: { readonly type: "string"; readonly const?: string };
  } & ObjectTable["fields"];
}

/** What a routing module adds to its table: checks by format and by property, and the type's account identifier. */
export type RoutingReaders<T extends RoutingTable> = Pick<TableReaders<T>, "formats" | "fields"> & {
  /** The type's account identifier: a missing one is a `recommended` warning. */
  readonly accountIdentifier: readonly (keyof T["fields"] & string)[];
};

/** Reads `Type`: required, a string, one of `allowed`. */
export function readRoutingType<T extends string>(input: unknown, allowed: readonly T[]): Issue[] {
  if (isEmpty(input)) return [requiredIssue(["Type"])];
  if (typeof input !== "string") return [invalidType(["Type"], "a string", input)];
  return (allowed as readonly string[]).includes(input) ? [] : [invalidEnum(["Type"], allowed, input)];
}

/**
 * Reads `CountryCode`: required, an assigned ISO 3166-1 alpha-2 code (`validateCountryCode`), and equal to the
 * type's fixed country when it has one (`country_mismatch`, `params.expected`).
 */
export function readRoutingCountry(
  input: unknown,
  fixed: string | undefined,
  type: string,
): {
  readonly value: string | undefined;
  readonly issues: readonly Issue[];
} {
  const country = readWith(input, ["CountryCode"], (value) => validateCountryCode(value), { required: true });
  if (country.value === undefined || fixed === undefined || country.value === fixed) return country;
  return {
    value: undefined,
    issues: [
      issue(
        "country_mismatch",
        `A ${type} routing is for ${fixed} only; CountryCode must be ${fixed}.`,
        ["CountryCode"],
        {
          expected: fixed,
          received: country.value,
        },
      ),
    ],
  };
}

/** A property checked by an identifier validator of its own (an account number by its routing type's pattern). */
export function checkedProperty(check: (input: unknown) => Result<string, object>): FieldReader {
  const read = checkedBy(check);
  return (input, path, reading) => (isEmpty(input) ? reading.standard() : read(input, path, reading.context));
}

/**
 * Validates `input` as a routing of `table` and returns it normalised, with what normalising changed: `V` is the
 * routing's type, which the table's value type is (generated with it).
 */
export function readRouting<V extends RoutingBase<PaymentRoutingType>, T extends RoutingTable = RoutingTable>(
  input: unknown,
  table: T,
  readers: RoutingReaders<T>,
  context: ReadContext = lenient,
): Result<V, Normalization> {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const type = table.fields.Type.const;
  const fields: { [name: string]: FieldReader | undefined } = {
    ...readers.fields,
    Type: (value) => {
      const found = readRoutingType(value, [type]);
      return found.length === 0 ? ok(type) : fail(found);
    },
    CountryCode: (value) => readRoutingCountry(value, table.fields.CountryCode.const, type),
  };
  const why = `a ${type} routing without it can hardly route a payment`;
  for (const name of readers.accountIdentifier) {
    const own = fields[name];
    fields[name] = (value, path, reading) =>
      isEmpty(value)
        ? reading.standard({ recommended: why })
        : own === undefined
          ? reading.standard()
          : own(value, path, reading);
  }
  const tableReaders = { noun: `a ${type} routing`, fields, formats: readers.formats } as unknown as TableReaders<T>;
  const read = readTable<T, V>(input, [], table, tableReaders, context);
  const { errors, warnings } = splitIssues(read.issues);
  if (errors.length > 0 || read.value === undefined) return failure(errors, warnings);
  return success(read.value, normalizationOf(input, read.value), warnings);
}
