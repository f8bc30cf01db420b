// The evaluators of $filter's logical operators and comparisons, over values that are Scalars or null: three-valued
// logic (OData 4.01 URL Conventions §5.1.1.1.7-9) and the null rules of comparisons (§5.1.1.1.1-6).

import { compareScalars, type Scalar } from "./scalar.js";

type Evaluate = (row: object) => unknown;

export type ComparisonOperator = "eq" | "ne" | "gt" | "ge" | "lt" | "le";

/** `not`: null stays null (unknown), true and false swap. */
export function negation(evaluate: Evaluate): Evaluate {
  return (row) => {
    const value = evaluate(row);
    return value === null ? null : value !== true;
  };
}

/** `and`: false wins, else null (unknown) wins, else true; `or` dually (§5.1.1.1.7, §5.1.1.1.8). */
export function junction(operator: "and" | "or", evaluators: readonly Evaluate[]): Evaluate {
  const decisive = operator === "or";
  return (row) => {
    let result: boolean | null = !decisive;
    for (const evaluate of evaluators) {
      const value = evaluate(row);
      if (value === decisive) return decisive;
      if (value === null) result = null;
    }
    return result;
  };
}

/**
 * A comparison of two values of one kind (the compiler checked their types): null equals only null, and an
 * ordering with null is false.
 */
export function comparison(operator: ComparisonOperator, left: Evaluate, right: Evaluate): (row: object) => boolean {
  const order = (row: object): { a: unknown; b: unknown; c: number | undefined } => {
    const a = left(row);
    const b = right(row);
    return { a, b, c: a === null || b === null ? undefined : compareScalars(a as Scalar, b as Scalar) };
  };
  switch (operator) {
    case "eq":
      return (row) => {
        const { a, b, c } = order(row);
        return a === null || b === null ? a === b : c === 0;
      };
    case "ne":
      return (row) => {
        const { a, b, c } = order(row);
        return a === null || b === null ? a !== b : c !== 0;
      };
    case "gt":
      return (row) => order(row).c === 1;
    case "lt":
      return (row) => order(row).c === -1;
    case "ge":
      return (row) => {
        const { a, b, c } = order(row);
        return a === null || b === null ? a === b : c === 0 || c === 1;
      };
    case "le":
      return (row) => {
        const { a, b, c } = order(row);
        return a === null || b === null ? a === b : c === 0 || c === -1;
      };
  }
}
