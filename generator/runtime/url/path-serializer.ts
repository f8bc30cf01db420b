/**
 * The path of a request: `{name}` slots of an operation's path template filled with percent-encoded values
 * (RFC 3986), single quotes doubled inside an OData string literal (`'{CountryCode}'`, OData ABNF).
 */
import { invalidArgument } from "../errors/errors.js";

/**
 * Fills `{name}` in the path. Values are percent-encoded; inside an OData string literal (`'{CountryCode}'`)
 * single quotes are doubled first. A missing or empty value is an error, not an empty key segment.
 */
export function serializePath(url: string, params: Record<string, unknown>): string {
  const { literals, slots } = pathTemplate(url);
  let serialized = literals[0]!;
  for (let index = 0; index < slots.length; index++)
    serialized += pathValue(slots[index]!, params) + literals[index + 1]!;
  return serialized;
}

/** A `{name}` of a path template, and whether it sits in quotes (`'{name}'`, an OData string literal). */
interface PathSlot {
  readonly name: string;
  readonly open: string;
  readonly close: string;
}

/** A path template split once into the literal text around its slots: `literals` has one more entry than `slots`. */
interface PathTemplate {
  readonly literals: readonly string[];
  readonly slots: readonly PathSlot[];
}

/** Templates by URL: a handful per client (one per operation and base URL); bounded all the same. */
const pathTemplates = new Map<string, PathTemplate>();

function pathTemplate(url: string): PathTemplate {
  const known = pathTemplates.get(url);
  if (known !== undefined) return known;
  // split() with the pattern's three groups gives: literal, quote, name, quote, literal, ...
  const pieces = url.split(/(')?\{([^{}]+)\}(')?/);
  const literals: string[] = [];
  const slots: PathSlot[] = [];
  for (let index = 0; index < pieces.length; index += 4) {
    literals.push(pieces[index] ?? "");
    if (index + 2 < pieces.length)
      slots.push({ name: pieces[index + 2]!, open: pieces[index + 1] ?? "", close: pieces[index + 3] ?? "" });
  }
  if (pathTemplates.size >= 1024) pathTemplates.clear();
  const template = { literals, slots };
  pathTemplates.set(url, template);
  return template;
}

function pathValue({ name, open, close }: PathSlot, params: Record<string, unknown>): string {
  const value = params[name];
  if (value === undefined || value === null || value === "")
    throw invalidArgument(`Path parameter ${name} is required`);
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "bigint") {
    throw invalidArgument(`Path parameter ${name} must be a string or a number`);
  }
  if (typeof value === "number" && !Number.isFinite(value))
    throw invalidArgument(`Path parameter ${name} must be finite`);
  const text = String(value);
  const quoted = open !== "" && close !== "";
  const encoded = encodeURIComponent(quoted ? text.replaceAll("'", "''") : text).replaceAll("'", "%27");
  return quoted ? `'${encoded}'` : `${open}${encoded}${close}`;
}
