/**
 * What every routing type has in common (§ CreateWithdrawalBeneficiary, "Payment routing types"): a `Type`
 * and a `CountryCode` (ISO alpha-2, both required), a fixed country for the single-country types, and a set
 * of bank identifier properties, each checked by the identifier validator of this package that owns its
 * rule. Each routing module describes its type with a `RoutingSpec`; `readRouting` applies it.
 *
 The reference says "which listed properties are mandatory, other than where stated above: not shown", so only
 * the combinations it states are errors (US: Bic or RoutingTransitNumber; IN: Bic and IndianFinancialSystemCode).
 * A missing account identifier of the type (Iban for BicIban, SortCode and AccountNumber for
 * SortCodeAccountNumber, AccountNumber for the others) is a warning (`recommended`): a routing without it can
 * hardly route a payment, but the reference does not say the API refuses it, so the spec does not either.
 *
 * Properties the type does not list are not reported and are left out of the normalised value (the spec
 * sets no `additionalProperties` restriction, and the value carries only what the type defines); `changes`
 * lists them, like every other difference between the input and the value.
 */
import { validateCountryCode } from "../identifiers/country-code.js";
import { issue, splitIssues, type Issue } from "../core/issue.js";
import { normalizationOf, type Normalization } from "../core/normalization.js";
import { failure, success, type Result } from "../core/result.js";
import {
  collectIssues,
  field,
  invalidEnum,
  invalidType,
  isEmpty,
  isJsonObject,
  readWith,
  recommendedIssue,
  requiredIssue,
} from "../core/json-fields.js";
import type { PaymentRoutingType } from "./routing-types.js";

/** An identifier check: one of the `validateX` functions of `identifiers/`, possibly with its options bound. */
export type IdentifierCheck = (input: unknown) => Result<string, object>;

export interface RoutingPropertySpec {
  readonly check: IdentifierCheck;
  /**
   * `true`: the reference says it is required (an error when missing); `"recommended"`: the type's account
   * identifier, whose absence is a warning; `false`: optional.
   */
  readonly required: boolean | "recommended";
}

/** The properties of a routing value besides Type and CountryCode (of every member, for the US union). */
export type RoutingProperty<V> = V extends unknown ? Exclude<keyof V, "Type" | "CountryCode"> & string : never;

export interface RoutingSpec<V extends RoutingBase<PaymentRoutingType>> {
  readonly type: V["Type"];
  /** The CountryCode the type requires, or undefined when any destination country is allowed. */
  readonly country: string | undefined;
  /** The type's properties besides Type and CountryCode, in the order of the normalised value. */
  readonly properties: { readonly [K in RoutingProperty<V>]: RoutingPropertySpec };
  /** Groups of properties of which at least one is required; the issue is placed at the last of the group. */
  readonly anyOf?: readonly (readonly RoutingProperty<V>[])[];
}

/**
 * Every normalised routing: its Type and CountryCode (the type's fixed country where it has one, e.g. `"GB"`).
 * Mutable, like every value this package returns: it is a fresh object the caller owns and may send as is.
 */
export interface RoutingBase<T extends PaymentRoutingType, C extends string = string> {
  Type: T;
  CountryCode: C;
}

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

/**
 * Validates `input` as the routing `spec` describes and returns it normalised, with what normalising changed:
 * `V` is the routing's type, whose properties are exactly `spec.properties` (the compiler holds them in sync).
 */
export function readRouting<V extends RoutingBase<PaymentRoutingType>>(
  input: unknown,
  spec: RoutingSpec<V>,
): Result<V, Normalization> {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const { take, add, issues } = collectIssues();
  add(readRoutingType(field(input, "Type"), [spec.type]));
  const CountryCode = take(readRoutingCountry(field(input, "CountryCode"), spec.country, spec.type));

  const properties: Record<string, string> = {};
  for (const [key, property] of Object.entries<RoutingPropertySpec>(spec.properties)) {
    const given = field(input, key);
    if (property.required === "recommended" && isEmpty(given)) {
      add(recommendedIssue([key], `a ${spec.type} routing without it can hardly route a payment`));
      continue;
    }
    const value = take(readWith(given, [key], property.check, { required: property.required === true }));
    if (value !== undefined) properties[key] = value;
  }
  for (const group of spec.anyOf ?? []) {
    if (group.every((key) => isEmpty(field(input, key)))) {
      const last = group[group.length - 1] as string;
      add(
        issue("required", `Either ${group.join(" or ")} is required for a ${spec.type} routing.`, [last], {
          anyOf: group,
        }),
      );
    }
  }
  const { errors, warnings } = splitIssues(issues);
  if (errors.length > 0 || CountryCode === undefined) return failure(errors, warnings);
  // The object has exactly the checked properties of `spec`, each a string, which is what `V` declares.
  const value = { Type: spec.type, CountryCode, ...properties } as unknown as V;
  return success(value, normalizationOf(input, value), warnings);
}
