/**
 * Writes plain data (strings, numbers, booleans, arrays, objects) as a TypeScript literal through a ts-morph
 * writer: keys unquoted when they are identifiers, strings JSON-quoted, `undefined` members left out, a key named
 * `__proto__` computed (`["__proto__"]`) so that it stays an own property instead of setting the prototype.
 * `comments` adds a JSDoc line above a property, keyed by the property's path (`["listAccounts"]`).
 */
import type { CodeBlockWriter } from "ts-morph";
import { jsDocText } from "./typescript-file.js";

const identifier = /^[A-Za-z_$][\w$]*$/;

/** An expression written as it is (an identifier such as `validateAccountDto`), not as a string. */
export class Code {
  constructor(readonly text: string) {}
}

export type LiteralValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | Code
  | readonly LiteralValue[]
  | { readonly [key: string]: LiteralValue };

export type LiteralComments = (path: readonly string[]) => string | undefined;

/** Parsed JSON (a spec's schema or example) as a literal value; anything that is not JSON is left out as `undefined`. */
export function jsonLiteral(value: unknown): LiteralValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) return value.map((item: unknown) => jsonLiteral(item) ?? null);
  if (typeof value !== "object") return undefined;
  return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, jsonLiteral(member)]));
}

export function writeLiteral(
  writer: CodeBlockWriter,
  value: LiteralValue,
  comments: LiteralComments = () => undefined,
  path: readonly string[] = [],
): void {
  if (value instanceof Code) {
    writer.write(value.text);
    return;
  }
  if (value === null || typeof value !== "object") {
    writer.write(value === undefined ? "undefined" : JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    writer.write("[");
    value.forEach((item: LiteralValue, index) => {
      if (index > 0) writer.write(", ");
      writeLiteral(writer, item, comments, [...path, String(index)]);
    });
    writer.write("]");
    return;
  }
  const entries = Object.entries(value as { readonly [key: string]: LiteralValue }).filter(
    ([, member]) => member !== undefined,
  );
  if (entries.length === 0) {
    writer.write("{}");
    return;
  }
  // Objects with comments (and the outermost one) are written one member per line; the rest inline, for
  // prettier to break only where they do not fit (it keeps an object expanded when its first member is on a
  // new line).
  const memberComments = entries.map(([key]) => comments([...path, key]));
  const expanded = path.length === 0 || memberComments.some((comment) => comment !== undefined && comment !== "");
  writer.write(expanded ? "{" : "{ ");
  if (expanded) writer.newLine();
  entries.forEach(([key, member], index) => {
    const comment = memberComments[index];
    if (expanded && comment !== undefined && comment !== "")
      writer.writeLine(`/** ${jsDocText(comment).replaceAll("\n", " ")} */`);
    writer.write(`${key === "__proto__" ? '["__proto__"]' : identifier.test(key) ? key : JSON.stringify(key)}: `);
    writeLiteral(writer, member, comments, [...path, key]);
    writer.write(",");
    if (expanded) writer.newLine();
    else writer.write(" ");
  });
  writer.write("}");
}
