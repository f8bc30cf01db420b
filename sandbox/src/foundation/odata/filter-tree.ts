// The token tree @odata/parser returns for a $filter, as the compiler reads it, and the typed expressions the
// compiler makes of it. A tree that is not what is expected is an error value, never a crash.

import type { ODataQueryErrorCode } from "./errors.js";
import type { Scalar } from "./scalar.js";

export type ExprType = "string" | "number" | "boolean" | "date-time" | "null" | "object" | "array";

export interface Expr {
  readonly type: ExprType;
  /** The value for a row: a Scalar or null; booleans are three-valued (true, false, null). */
  readonly evaluate: (row: object) => unknown;
  /** Source text, for messages. */
  readonly text: string;
}

export interface Token {
  readonly type: string;
  readonly raw: string;
  readonly value: unknown;
}

/** A $filter the compiler refuses; `parseFilter` turns it into an error value. */
export class FilterError extends Error {
  constructor(
    readonly code: ODataQueryErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function own<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export function constant(type: ExprType, value: Scalar | null, text: string): Expr {
  return { type, text, evaluate: () => value };
}

export function truncate(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

export function isToken(node: unknown): node is Token {
  return (
    typeof node === "object" &&
    node !== null &&
    typeof (node as { type?: unknown }).type === "string" &&
    typeof (node as { raw?: unknown }).raw === "string"
  );
}

export function asToken(node: unknown): Token {
  if (!isToken(node)) throw new FilterError("invalid_filter_syntax", "$filter could not be parsed");
  return node;
}

export function field(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

export function identifierName(node: unknown): string {
  const token = asToken(node);
  const name = field(token.value, "name");
  if (token.type !== "ODataIdentifier" || typeof name !== "string") {
    throw new FilterError("unsupported_filter", `'${token.raw}' is not a property name`);
  }
  return name;
}
