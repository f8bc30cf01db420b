/**
 * JSON Schema as REFERENCE.md shows it: a type in a compact TypeScript-like notation (`integer`, `string | null`,
 * `FeeDto[]`, `AccountDto | null`, `Record<string, string>`), named schemas by name; the constraints of a node
 * (`format`, `pattern`, `maxLength`, `enum`, ...) in one fixed order; the fields of an object schema one level deep
 * (its own properties and those of its `allOf` parts); and the rules that tie fields together (`oneOf` of required
 * sets, `if`/`then`, `not`, `x-conditional-rules`) as one line each. Reads schema nodes from the model, their
 * `$ref`s resolved in a `SchemaScope`.
 */
import type { SchemaModel } from "../../model/model.js";
import { componentRefName, isJsonObject, resolveRef, type JsonObject } from "../../json-pointer/json-pointer.js";
import { code } from "../../print/markdown.js";

/** Where schema `$ref`s point: `{ components: { schemas } }`, the model's component schemas (a bundle's schema refs all point there). */
export type SchemaScope = JsonObject;

export function schemaScope(schemas: readonly SchemaModel[]): SchemaScope {
  return { components: { schemas: Object.fromEntries(schemas.map((schema) => [schema.name, schema.schema])) } };
}

export interface FieldRow {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly constraints: readonly string[];
  readonly description: string;
}

/** Keywords that give a subschema a shape of its own (as opposed to one that only constrains, like `{ required }`). */
const shapeKeywords = [
  "$ref",
  "type",
  "properties",
  "items",
  "const",
  "enum",
  "oneOf",
  "anyOf",
  "allOf",
  "additionalProperties",
];

/** Constraint keywords, in the order they are listed. */
const constraintKeywords = [
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "exclusiveMinimum",
  "maximum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "enum",
  "const",
  "default",
  "contentMediaType",
  "contentEncoding",
  "readOnly",
  "writeOnly",
  "deprecated",
];

/** The schema a node stands for, `$ref`s followed (at most 16, so a cycle ends), and the component name it had. */
export function resolveSchema(
  scope: SchemaScope,
  node: unknown,
): { readonly node: JsonObject; readonly name?: string } {
  let current = node;
  let name: string | undefined;
  for (let depth = 0; isJsonObject(current) && typeof current["$ref"] === "string" && depth < 16; depth++) {
    name ??= componentRefName(current, "schemas");
    const resolved = resolveRef(scope, current["$ref"]);
    current = resolved.ok ? resolved.value : undefined;
  }
  const resolved = isJsonObject(current) ? current : {};
  return name === undefined ? { node: resolved } : { node: resolved, name };
}

export function typeText(scope: SchemaScope, node: unknown, depth = 0): string {
  if (!isJsonObject(node)) return node === false ? "never" : "any";
  const name = componentRefName(node, "schemas");
  if (name !== undefined) return name;
  if (typeof node["$ref"] === "string")
    return depth > 8 ? "any" : typeText(scope, resolveSchema(scope, node).node, depth + 1);
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const variants = shaped(node[keyword]);
    if (variants.length > 0) return unique(variants.map((variant) => typeText(scope, variant, depth + 1))).join(" | ");
  }
  const parts = shaped(node["allOf"]);
  const own = ownType(scope, node, depth);
  if (parts.length > 0) {
    const partTypes = parts.map((part) => typeText(scope, part, depth + 1));
    return unique(own === "any" || (own === "object" && !hasOwnFields(node)) ? partTypes : [own, ...partTypes]).join(
      " & ",
    );
  }
  return own;
}

/** The node's own `type` (or what its `const` or `enum` implies), arrays and maps spelt out. */
function ownType(scope: SchemaScope, node: JsonObject, depth: number): string {
  const declared = node["type"];
  const types = Array.isArray(declared)
    ? declared.filter((type): type is string => typeof type === "string")
    : typeof declared === "string"
      ? [declared]
      : [];
  if (types.length === 0) {
    const values = node["const"] !== undefined ? [node["const"]] : Array.isArray(node["enum"]) ? node["enum"] : [];
    if (values.length > 0) return unique(values.map(jsonType)).join(" | ");
    if (isJsonObject(node["properties"])) return "object";
    if (node["items"] !== undefined) return arrayOf(typeText(scope, node["items"], depth + 1));
    return "any";
  }
  return types
    .map((type) => {
      if (type === "array")
        return arrayOf(node["items"] === undefined ? "any" : typeText(scope, node["items"], depth + 1));
      const values = node["additionalProperties"];
      if (type === "object" && !hasOwnFields(node) && isJsonObject(values))
        return `Record<string, ${typeText(scope, values, depth + 1)}>`;
      return type;
    })
    .join(" | ");
}

function arrayOf(item: string): string {
  return item.includes(" ") ? `(${item})[]` : `${item}[]`;
}

function hasOwnFields(node: JsonObject): boolean {
  return isJsonObject(node["properties"]) && Object.keys(node["properties"]).length > 0;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** Subschemas of a `oneOf`/`anyOf`/`allOf` that have a shape (a `{ required: [...] }` alone is a rule, not a type). */
function shaped(list: unknown): JsonObject[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isJsonObject).filter((item) => shapeKeywords.some((keyword) => item[keyword] !== undefined));
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

/** The node's constraints as `keyword: value`, and its array items' as `items.keyword: value` (not through a `$ref`). */
export function constraints(node: unknown): string[] {
  if (!isJsonObject(node)) return [];
  const own = constraintKeywords
    .filter((keyword) => node[keyword] !== undefined)
    .map((keyword) => `${keyword}: ${constraintValue(keyword, node[keyword])}`);
  if (node["additionalProperties"] === false) own.push("additionalProperties: false");
  const items = node["items"];
  const fromItems =
    isJsonObject(items) && items["$ref"] === undefined ? constraints(items).map((text) => `items.${text}`) : [];
  return [...own, ...fromItems];
}

function constraintValue(keyword: string, value: unknown): string {
  if (keyword === "enum" && Array.isArray(value)) return value.map((item) => JSON.stringify(item)).join(", ");
  if (
    (keyword === "format" ||
      keyword === "pattern" ||
      keyword === "contentMediaType" ||
      keyword === "contentEncoding") &&
    typeof value === "string"
  )
    return value;
  return JSON.stringify(value) ?? String(value);
}

/**
 * The fields of an object schema, one level deep: its properties in the spec's order, then those its `allOf` parts
 * add (a `$ref` part followed); required from the schema and its parts.
 */
export function fields(scope: SchemaScope, node: unknown): FieldRow[] {
  const properties = new Map<string, unknown>();
  const required = new Set<string>();
  const collect = (schema: unknown, depth: number): void => {
    if (depth > 8) return;
    const resolved = resolveSchema(scope, schema).node;
    if (isJsonObject(resolved["properties"])) {
      for (const [name, property] of Object.entries(resolved["properties"]))
        if (!properties.has(name)) properties.set(name, property);
    }
    if (Array.isArray(resolved["required"]))
      for (const name of resolved["required"]) if (typeof name === "string") required.add(name);
    if (Array.isArray(resolved["allOf"])) for (const part of resolved["allOf"]) collect(part, depth + 1);
  };
  collect(node, 0);
  return [...properties].map(([name, property]) => ({
    name,
    type: typeText(scope, property),
    required: required.has(name),
    constraints: constraints(property),
    description: isJsonObject(property) && typeof property["description"] === "string" ? property["description"] : "",
  }));
}

/**
 * Rules on the schema as a whole, one line each: which of its `oneOf`/`anyOf` variants apply (and the discriminator),
 * `if`/`then`/`else`, `not`, `dependentRequired`, and the `x-conditional-rules` the validators implement.
 */
export function rules(scope: SchemaScope, node: unknown): string[] {
  const schema = resolveSchema(scope, node).node;
  const lines: string[] = [];
  for (const [keyword, wording] of [
    ["oneOf", "exactly one of"],
    ["anyOf", "at least one of"],
  ] as const) {
    const list = schema[keyword];
    if (!Array.isArray(list) || list.length === 0) continue;
    lines.push(`${code(keyword)}: ${wording}: ${list.map((variant) => ruleText(scope, variant)).join("; ")}`);
  }
  const discriminator = schema["discriminator"];
  if (isJsonObject(discriminator) && typeof discriminator["propertyName"] === "string") {
    const mapping = isJsonObject(discriminator["mapping"])
      ? Object.entries(discriminator["mapping"]).map(
          ([value, ref]) =>
            `${code(value)} → ${typeof ref === "string" ? code(componentRefName({ $ref: ref }, "schemas") ?? ref) : "?"}`,
        )
      : [];
    lines.push(
      `${code("discriminator")}: ${code(discriminator["propertyName"])}${mapping.length > 0 ? ` (${mapping.join(", ")})` : ""}`,
    );
  }
  if (schema["if"] !== undefined) {
    const branches = (["if", "then", "else"] as const).filter((keyword) => schema[keyword] !== undefined);
    lines.push(branches.map((keyword) => `${code(keyword)} (${ruleText(scope, schema[keyword])})`).join(" "));
  }
  if (schema["not"] !== undefined) lines.push(`${code("not")}: ${ruleText(scope, schema["not"])}`);
  if (isJsonObject(schema["dependentRequired"])) {
    for (const [name, list] of Object.entries(schema["dependentRequired"])) {
      if (Array.isArray(list))
        lines.push(`${code(name)} requires ${list.map((item) => code(String(item))).join(", ")}`);
    }
  }
  const conditional = schema["x-conditional-rules"];
  if (Array.isArray(conditional)) {
    for (const rule of conditional.filter(isJsonObject)) {
      const parts = [typeof rule["rule"] === "string" ? rule["rule"].trim() : JSON.stringify(rule)];
      if (typeof rule["when"] === "string") parts.push(`When: ${rule["when"].trim()}`);
      if (typeof rule["implementedBy"] === "string") parts.push(`(${code(rule["implementedBy"])})`);
      lines.push(`${code("x-conditional-rules")}: ${parts.join(" ")}`);
    }
  }
  return lines;
}

/** A subschema in a rule, in words where it is a common shape (`requires A, B`; `A is "GBP"`), else its type or JSON. */
function ruleText(scope: SchemaScope, node: unknown): string {
  if (!isJsonObject(node)) return code(JSON.stringify(node) ?? String(node));
  const name = componentRefName(node, "schemas");
  if (name !== undefined) return code(name);
  const words: string[] = [];
  const rest: { [key: string]: unknown } = {};
  for (const [key, value] of Object.entries(node)) {
    if (
      key === "description" ||
      key === "title" ||
      key.startsWith("x-") ||
      (key === "additionalProperties" && value === true)
    )
      continue;
    if (key === "required" && Array.isArray(value)) {
      words.push(`requires ${value.map((item) => code(String(item))).join(", ")}`);
    } else if (key === "properties" && isJsonObject(value)) {
      const other: { [key: string]: unknown } = {};
      for (const [property, schema] of Object.entries(value)) {
        if (isJsonObject(schema) && schema["const"] !== undefined)
          words.push(`${code(property)} is ${code(JSON.stringify(schema["const"]))}`);
        else if (isJsonObject(schema) && Array.isArray(schema["enum"]))
          words.push(`${code(property)} in ${schema["enum"].map((item) => code(JSON.stringify(item))).join(", ")}`);
        else if (isJsonObject(schema) && Object.keys(schema).every((key) => key === "description" || key === "title"))
          continue;
        else other[property] = schema;
      }
      if (Object.keys(other).length > 0) rest["properties"] = other;
    } else {
      rest[key] = value;
    }
  }
  if (Object.keys(rest).length > 0) {
    words.push(
      shapeKeywords.some((keyword) => rest[keyword] !== undefined) &&
        Object.keys(rest).every((key) => shapeKeywords.includes(key))
        ? code(typeText(scope, rest))
        : code(JSON.stringify(rest)),
    );
  }
  return words.length === 0 ? "any" : words.join(", ");
}
