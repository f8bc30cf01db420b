// $filter (OData 4.01 URL Conventions §5.1.2): the @odata/parser library parses the expression, and its token tree
// is type-checked against the entity shape and compiled once into a row predicate. Every failure — syntax, unknown
// property, type mismatch, unsupported construct, or the library throwing — comes back as an error value.

import { defaultParser } from "@odata/parser";
import { isEntityShape, type EntityShape } from "./entity-shape.js";
import { fail, ok, type Result } from "./errors.js";
import { calledFunctions, lowerCaseKeywords, prepareFilter, type PreparedFilter } from "./filter-source.js";
import {
  FilterError,
  asToken,
  constant,
  field,
  identifierName,
  isToken,
  own,
  truncate,
  type Expr,
  type Token,
} from "./filter-tree.js";
import { comparison, junction, negation, type ComparisonOperator } from "./filter-logic.js";
import { COMPARISONS, FUNCTIONS, NUMERIC_LITERALS, UNSUPPORTED, unsupportedFunction } from "./filter-vocabulary.js";
import { parseInstant } from "./instant.js";
import { readPath, resolvePath } from "./property-path.js";
import { scalarFromRow, scalarKindOf, type Scalar } from "./scalar.js";

/** True for the rows the $filter keeps: only those where the expression is true, not false or null (§5.1.2). */
export type RowPredicate = (row: object) => boolean;

const TARGET = "$filter";
// Bounds the compiler's recursion; prepareFilter's length and parenthesis limits keep real filters far below it.
const MAX_COMPILE_DEPTH = 128;

/** Parses and type-checks `source` against `shape`; the predicate it returns never throws on plain JSON rows. */
export function parseFilter(source: string, shape: EntityShape): Result<RowPredicate> {
  const prepared = prepareFilter(source);
  if (!prepared.ok) return prepared;
  try {
    const tree = parseTree(prepared.value.text);
    const compiler = new Compiler(shape, prepared.value);
    const expr = compiler.compile(tree, 0);
    if (expr.type !== "boolean") {
      throw new FilterError("type_mismatch", `$filter must be a boolean expression, not ${compiler.describe(expr)}`);
    }
    const evaluate = expr.evaluate;
    return ok((row: object) => evaluate(row) === true);
  } catch (error) {
    if (error instanceof FilterError) return fail(error.code, TARGET, error.message);
    if (error instanceof RangeError) return fail("query_too_complex", TARGET, "$filter is nested too deeply");
    return fail("invalid_filter_syntax", TARGET, "$filter could not be parsed");
  }
}

/** Runs the library; on failure retries with keywords lower-cased (4.01 case-insensitivity), then explains. */
function parseTree(text: string): Token {
  const attempt = (candidate: string): Token | undefined => {
    try {
      const tree: unknown = defaultParser.filter(candidate);
      return isToken(tree) ? tree : undefined;
    } catch (error) {
      if (error instanceof RangeError) throw error;
      return undefined;
    }
  };
  const tree = attempt(text);
  if (tree !== undefined) return tree;
  const lowered = lowerCaseKeywords(text);
  const retried = lowered === null ? undefined : attempt(lowered);
  if (retried !== undefined) return retried;
  // The library has no `in` operator (§5.1.1.1.11) and does not parse some canonical functions (matchesPattern,
  // case, ...): say that they are unsupported rather than report a syntax error.
  if (/(?:^|[\s)'])in[ \t]*[([]/i.test(text)) {
    throw new FilterError(
      "unsupported_filter",
      "$filter does not support the in operator: combine eq comparisons with or",
    );
  }
  const unsupported = calledFunctions(text).find((name) => !Object.hasOwn(FUNCTIONS, name));
  if (unsupported !== undefined) throw unsupportedFunction(unsupported);
  throw new FilterError("invalid_filter_syntax", "$filter is not a valid OData boolean expression");
}

class Compiler {
  constructor(
    private readonly shape: EntityShape,
    private readonly source: PreparedFilter,
  ) {}

  compile(node: unknown, depth: number): Expr {
    if (depth > MAX_COMPILE_DEPTH) throw new FilterError("query_too_complex", "$filter is nested too deeply");
    const token = asToken(node);
    switch (token.type) {
      case "CommonExpression":
      case "BoolParenExpression":
      case "ParenExpression":
        return this.compile(token.value, depth + 1);
      case "AndExpression":
      case "OrExpression":
      case "NotExpression":
        return this.compileLogical(token, depth);
      case "MethodCallExpression":
        return this.compileMethodCall(token, depth);
      case "FirstMemberExpression":
        return this.compilePath(token);
      case "Literal":
        return this.compileLiteral(token);
      default: {
        const comparison = own(COMPARISONS, token.type);
        if (comparison !== undefined) return this.compileComparison(comparison, token, depth);
        const what = own(UNSUPPORTED, token.type) ?? `'${this.show(token.raw)}'`;
        throw new FilterError("unsupported_filter", `$filter does not support ${what}`);
      }
    }
  }

  /** and/or/not with the §5.1.1.17 precedence (not > and > or) and §5.1.1.1.7-9 three-valued logic. */
  private compileLogical(root: Token, depth: number): Expr {
    // The library follows the ABNF, whose `notExpr = "not" RWS boolCommonExpr` makes `not A and B` mean
    // `not (A and B)`. Its tree keeps the source order, so the and/or/not layer is flattened back into a sequence
    // (explicit parentheses stay atoms) and re-parsed with the precedence of the operator table.
    const items: Array<"and" | "or" | "not" | Token> = [];
    const flatten = (node: unknown): void => {
      const token = asToken(node);
      if (token.type === "AndExpression" || token.type === "OrExpression") {
        flatten(field(token.value, "left"));
        items.push(token.type === "AndExpression" ? "and" : "or");
        flatten(field(token.value, "right"));
      } else if (token.type === "NotExpression") {
        items.push("not");
        flatten(token.value);
      } else if (token.type === "CommonExpression") {
        flatten(token.value);
      } else {
        items.push(token);
      }
    };
    flatten(root);

    let position = 0;
    const operand = (): Expr => {
      let negations = 0;
      while (items[position] === "not") {
        negations += 1;
        position += 1;
      }
      const item = items[position];
      if (item === undefined || typeof item === "string") {
        throw new FilterError("invalid_filter_syntax", "$filter has an operator without an operand");
      }
      position += 1;
      let expr = this.compile(item, depth + 1);
      for (let i = 0; i < negations; i += 1) expr = this.not(expr);
      return expr;
    };
    const sequence = (operator: "and" | "or", next: () => Expr): Expr => {
      const operands = [next()];
      while (items[position] === operator) {
        position += 1;
        operands.push(next());
      }
      return operands.length === 1 ? (operands[0] as Expr) : this.junction(operator, operands);
    };
    const expr = sequence("or", () => sequence("and", operand));
    if (position !== items.length) throw new FilterError("invalid_filter_syntax", "$filter has a dangling operator");
    return expr;
  }

  private not(operand: Expr): Expr {
    this.requireBoolean(operand, "not");
    return { type: "boolean", text: `not ${operand.text}`, evaluate: negation(operand.evaluate) };
  }

  private junction(operator: "and" | "or", operands: readonly Expr[]): Expr {
    for (const operand of operands) this.requireBoolean(operand, operator);
    return {
      type: "boolean",
      text: operands.map((operand) => operand.text).join(` ${operator} `),
      evaluate: junction(
        operator,
        operands.map((operand) => operand.evaluate),
      ),
    };
  }

  private requireBoolean(operand: Expr, operator: string): void {
    if (operand.type !== "boolean" && operand.type !== "null") {
      throw new FilterError(
        "type_mismatch",
        `the operand of ${operator} must be a boolean expression, not ${this.describe(operand)}`,
      );
    }
  }

  /** eq/ne/gt/ge/lt/le between two values of one type, or null (§5.1.1.1.1-6). */
  private compileComparison(operator: ComparisonOperator, token: Token, depth: number): Expr {
    const left = this.compile(field(token.value, "left"), depth + 1);
    const right = this.compile(field(token.value, "right"), depth + 1);
    if (left.type !== "null" && right.type !== "null") {
      if (left.type !== right.type) {
        throw new FilterError("type_mismatch", `cannot compare ${this.describe(left)} with ${this.describe(right)}`);
      }
      if (left.type === "object" || left.type === "array") {
        throw new FilterError(
          "type_mismatch",
          `'${left.text}' is a complex or collection value: it can only be compared with null (eq null, ne null)`,
        );
      }
    }
    // Values are Scalars of one kind or null here: the static check above matched the two types.
    const evaluate = comparison(operator, left.evaluate, right.evaluate);
    return { type: "boolean", text: this.show(token.raw), evaluate };
  }

  private compileMethodCall(token: Token, depth: number): Expr {
    const method = field(token.value, "method");
    const name = typeof method === "string" ? method.toLowerCase() : "";
    const spec = own(FUNCTIONS, name);
    if (spec === undefined) throw unsupportedFunction(name);
    const rawParameters = field(token.value, "parameters");
    const parameters = Array.isArray(rawParameters)
      ? rawParameters
      : rawParameters === undefined
        ? []
        : [rawParameters];
    if (parameters.length < spec.required || parameters.length > spec.params.length) {
      throw new FilterError(
        "invalid_filter_syntax",
        `${name}() takes ${spec.required} to ${spec.params.length} arguments`,
      );
    }
    const args = parameters.map((parameter: unknown) => this.compile(parameter, depth + 1));
    args.forEach((arg, index) => {
      const expected = spec.params[index];
      if (arg.type !== expected && arg.type !== "null") {
        throw new FilterError(
          "type_mismatch",
          `argument ${index + 1} of ${name}() must be a ${expected}, not ${this.describe(arg)}`,
        );
      }
    });
    const evaluators = args.map((arg) => arg.evaluate);
    const apply = spec.apply;
    return {
      type: spec.result,
      text: this.show(token.raw),
      evaluate: (row) => {
        const values: Scalar[] = [];
        for (const evaluate of evaluators) {
          const value = evaluate(row);
          if (value === null) return null;
          values.push(value as Scalar);
        }
        return apply(values);
      },
    };
  }

  /** A property path; `true`, `false` and `null` in other cases (`TRUE`) are literals (ABNF is case-insensitive). */
  private compilePath(token: Token): Expr {
    const segments = this.pathSegments(token);
    const text = segments.join("/");
    const resolution = resolvePath(this.shape, segments);
    if (!resolution.ok) {
      if (segments.length === 1 && /^(?:true|false|null)$/i.test(text)) {
        const lower = text.toLowerCase();
        return lower === "null" ? constant("null", null, "null") : constant("boolean", lower === "true", lower);
      }
      throw new FilterError("unknown_property", resolution.message);
    }
    const kind = resolution.kind;
    if (isEntityShape(kind) || kind === "object" || kind === "array") {
      return { type: kind === "array" ? "array" : "object", text, evaluate: (row) => readPath(row, segments) };
    }
    const scalarKind = scalarKindOf(kind);
    if (scalarKind === undefined) throw new FilterError("unsupported_filter", `'${text}' cannot be used in $filter`);
    return { type: scalarKind, text, evaluate: (row) => scalarFromRow(scalarKind, readPath(row, segments)) };
  }

  /** The identifiers of a FirstMemberExpression → MemberExpression → PropertyPathExpression chain. */
  private pathSegments(first: Token): string[] {
    const segments: string[] = [];
    let member: unknown = first.value;
    if (Array.isArray(member)) {
      // `$it/…` and lambda variables (`x/…`) come as a list of parts.
      const what = member
        .filter(isToken)
        .map((part) => own(UNSUPPORTED, part.type))
        .find((w) => w !== undefined);
      throw new FilterError("unsupported_filter", `$filter does not support ${what ?? `'${this.show(first.raw)}'`}`);
    }
    for (;;) {
      const memberToken = asToken(member);
      if (memberToken.type !== "MemberExpression") throw this.unsupportedPath(first, memberToken);
      const path = asToken(memberToken.value);
      if (path.type !== "PropertyPathExpression") throw this.unsupportedPath(first, path);
      if (isToken(path.value)) {
        segments.push(identifierName(path.value));
        return segments;
      }
      segments.push(identifierName(field(path.value, "current")));
      const next = asToken(field(path.value, "next"));
      if (next.type !== "SingleNavigationExpression") throw this.unsupportedPath(first, next);
      member = next.value;
    }
  }

  private unsupportedPath(first: Token, part: Token): FilterError {
    const what = own(UNSUPPORTED, part.type) ?? (isToken(part.value) ? own(UNSUPPORTED, part.value.type) : undefined);
    return new FilterError(
      "unsupported_filter",
      what === undefined
        ? `'${this.show(first.raw)}': $filter supports property paths such as Beneficiary/Name only`
        : `'${this.show(first.raw)}': $filter does not support ${what}`,
    );
  }

  private compileLiteral(token: Token): Expr {
    const edmType = token.value;
    const raw = token.raw;
    if (edmType === "Edm.String") {
      const index = /^'(\d+)'$/.exec(raw)?.[1];
      const value = index === undefined ? undefined : this.source.strings[Number(index)];
      if (value === undefined) throw new FilterError("invalid_filter_syntax", "malformed string literal");
      return constant("string", value, this.show(raw));
    }
    if (edmType === "Edm.Boolean") return constant("boolean", raw.toLowerCase() === "true", raw);
    if (edmType === "null") return constant("null", null, "null");
    if (typeof edmType === "string" && NUMERIC_LITERALS.has(edmType)) {
      const value = raw === "INF" ? Infinity : raw === "-INF" ? -Infinity : raw === "NaN" ? NaN : Number(raw);
      if (Number.isNaN(value) && raw !== "NaN")
        throw new FilterError("invalid_filter_syntax", `'${raw}' is not a number`);
      return constant("number", value, raw);
    }
    if (edmType === "Edm.DateTimeOffset") {
      const instant = parseInstant(raw);
      if (instant === undefined) throw new FilterError("invalid_filter_syntax", `'${raw}' is not a valid date-time`);
      return constant("date-time", instant, raw);
    }
    if (edmType === "Edm.Date") {
      throw new FilterError(
        "unsupported_filter",
        `date literals are not supported: compare with a date-time such as ${raw}T00:00:00Z`,
      );
    }
    throw new FilterError("unsupported_filter", `literals of type ${String(edmType)} ('${raw}') are not supported`);
  }

  describe(expr: Expr): string {
    const kind = expr.type === "object" ? "a complex value" : expr.type === "array" ? "a collection" : `a ${expr.type}`;
    return expr.type === "null" ? "null" : `'${truncate(expr.text)}' (${kind})`;
  }

  /** Source text with the string placeholders put back, for messages. */
  show(raw: string): string {
    return truncate(
      raw.replace(/'(\d+)'/g, (placeholder, index: string) => {
        const value = this.source.strings[Number(index)];
        return value === undefined ? placeholder : `'${value.replaceAll("'", "''")}'`;
      }),
    );
  }
}
