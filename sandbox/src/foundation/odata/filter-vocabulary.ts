// What $filter supports (OData 4.01 URL Conventions §5.1.1): its comparison operators, numeric literal types and
// canonical functions, and the constructs it names when it refuses them.

import type { ComparisonOperator } from "./filter-logic.js";
import { FilterError, type ExprType } from "./filter-tree.js";
import type { Scalar } from "./scalar.js";

export const COMPARISONS: Readonly<Record<string, ComparisonOperator>> = {
  EqualsExpression: "eq",
  NotEqualsExpression: "ne",
  GreaterThanExpression: "gt",
  GreaterOrEqualsExpression: "ge",
  LesserThanExpression: "lt",
  LesserOrEqualsExpression: "le",
};

export const NUMERIC_LITERALS = new Set([
  "Edm.SByte",
  "Edm.Byte",
  "Edm.Int16",
  "Edm.Int32",
  "Edm.Int64",
  "Edm.Decimal",
  "Edm.Double",
  "Edm.Single",
]);

export const UNSUPPORTED: Readonly<Record<string, string>> = {
  HasExpression: "the has operator",
  AddExpression: "arithmetic operators",
  SubExpression: "arithmetic operators",
  MulExpression: "arithmetic operators",
  DivExpression: "arithmetic operators",
  DivByExpression: "arithmetic operators",
  ModExpression: "arithmetic operators",
  NegateExpression: "negation of an expression",
  IsOfExpression: "the isof function",
  CastExpression: "the cast function",
  ParameterAlias: "parameter aliases",
  RootExpression: "$root",
  ImplicitVariableExpression: "$it",
  AnyExpression: "lambda operators (any, all)",
  AllExpression: "lambda operators (any, all)",
  LambdaVariableExpression: "lambda operators (any, all)",
  CountExpression: "$count in expressions",
  ArrayOrObject: "JSON array and object literals",
  Array: "JSON array and object literals",
  Object: "JSON array and object literals",
  Enum: "enumeration literals",
};

export interface FunctionSpec {
  readonly params: readonly ExprType[];
  /** Parameters after this many are optional. */
  readonly required: number;
  readonly result: ExprType;
  /** Called with non-null arguments of the declared types; a null argument makes the call null (§5.1.1.4). */
  readonly apply: (args: readonly Scalar[]) => Scalar | null;
}

const str = (args: readonly Scalar[], index: number): string => args[index] as string;
const num = (args: readonly Scalar[], index: number): number => args[index] as number;

// String functions of §5.1.1.5 and §5.1.1.7: case-sensitive, characters counted in UTF-16 code units.
export const FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  contains: {
    params: ["string", "string"],
    required: 2,
    result: "boolean",
    apply: (a) => str(a, 0).includes(str(a, 1)),
  },
  startswith: {
    params: ["string", "string"],
    required: 2,
    result: "boolean",
    apply: (a) => str(a, 0).startsWith(str(a, 1)),
  },
  endswith: {
    params: ["string", "string"],
    required: 2,
    result: "boolean",
    apply: (a) => str(a, 0).endsWith(str(a, 1)),
  },
  indexof: { params: ["string", "string"], required: 2, result: "number", apply: (a) => str(a, 0).indexOf(str(a, 1)) },
  concat: { params: ["string", "string"], required: 2, result: "string", apply: (a) => str(a, 0) + str(a, 1) },
  length: { params: ["string"], required: 1, result: "number", apply: (a) => str(a, 0).length },
  tolower: { params: ["string"], required: 1, result: "string", apply: (a) => str(a, 0).toLowerCase() },
  toupper: { params: ["string"], required: 1, result: "string", apply: (a) => str(a, 0).toUpperCase() },
  trim: { params: ["string"], required: 1, result: "string", apply: (a) => str(a, 0).trim() },
  substring: {
    params: ["string", "number", "number"],
    required: 2,
    result: "string",
    // Zero-based start; a negative start ("if supported") or length, or a fraction, yields null.
    apply: (a) => {
      const start = num(a, 1);
      const length = a.length > 2 ? num(a, 2) : undefined;
      if (!Number.isInteger(start) || start < 0) return null;
      if (length !== undefined && (!Number.isInteger(length) || length < 0)) return null;
      return str(a, 0).slice(start, length === undefined ? undefined : start + length);
    },
  },
};

export function unsupportedFunction(name: string): FilterError {
  const what = name === "any" || name === "all" ? "lambda operators (any, all)" : `the function ${name || "?"}()`;
  return new FilterError(
    "unsupported_filter",
    `$filter does not support ${what} (supported functions: ${Object.keys(FUNCTIONS).join(", ")})`,
  );
}
