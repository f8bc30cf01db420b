/**
 * The shape of an entity type as the OData query options see it: property names and primitive kinds, nested
 * shapes for complex properties (OData 4.01 URL Conventions §5.1.1.15 path expressions such as
 * `Beneficiary/Name`). Derived here once from the entity's schema, so a server of the contract (the sandbox)
 * checks `$filter`, `$select` and `$orderby` without reading JSON Schema.
 */
import { isJsonObject, resolveRef, type JsonObject } from "../json-pointer/json-pointer.js";
import { isDateTimeFormat } from "./date-time-formats.js";
import type { EntityPropertyKind, EntityShape } from "./model.js";

// Nested complex properties deeper than this are opaque "object"s: paths that long are not worth the size of the
// shape, and the limit (with the ref-cycle guard) bounds the work on any schema graph.
const maxNesting = 8;
const maxSchemaVisits = 20_000;

interface Entry {
  readonly schema: unknown;
  /** The `$ref`s being expanded around this schema: meeting one again is a cycle. */
  readonly refs: ReadonlySet<string>;
}

interface Flat {
  readonly types: Set<string>;
  readonly required: Set<string>;
  /** The entity's key properties (`x-odata-key`), from the first schema that names them. */
  key: readonly string[] | undefined;
  format: string | undefined;
  readonly properties: Map<string, Entry[]>;
}

/**
 * Derives the shape of an entity from its OpenAPI 3.1 schema: `properties` (not `@` annotations), `x-odata-key`,
 * `type: [x, "null"]`, a date-time `format` (date-time-formats.ts), `$ref` (resolved in `document`), `allOf`
 * (properties of all members), `oneOf`/`anyOf` (properties of every non-null branch, so
 * `oneOf: [{$ref}, {type: "null"}]` is the referenced shape). A `$ref` met again inside its own
 * expansion becomes an opaque "object", so recursive schemas terminate; one that does not resolve (the loader has
 * reported it) adds nothing.
 */
export function entityShapeFromSchema(document: JsonObject, schema: unknown): EntityShape {
  const state = { visits: 0 };
  // `definite`: the node always applies (the root, `$ref`, `allOf`), so its `required` holds for every instance.
  const flatten = (entry: Entry, into: Flat, definite = true): void => {
    state.visits += 1;
    const { schema: node, refs } = entry;
    if (!isJsonObject(node) || state.visits > maxSchemaVisits) return;
    const ref = node["$ref"];
    if (typeof ref === "string") {
      const resolved = resolveRef(document, ref);
      if (refs.has(ref)) into.types.add("object"); // a cycle: the recursive member stays opaque
      else if (resolved.ok) flatten({ schema: resolved.value, refs: new Set([...refs, ref]) }, into, definite);
    }
    for (const type of typeNames(node)) into.types.add(type);
    if (into.format === undefined && typeof node["format"] === "string") into.format = node["format"];
    const required = node["required"];
    if (definite && Array.isArray(required))
      for (const name of required) if (typeof name === "string") into.required.add(name);
    const key = node["x-odata-key"];
    if (definite && into.key === undefined && Array.isArray(key))
      into.key = key.filter((name): name is string => typeof name === "string");
    const properties = node["properties"];
    if (isJsonObject(properties)) {
      for (const [name, member] of Object.entries(properties)) {
        // `@odata.id` and other instance annotations are control information, not properties a query can name.
        if (name.startsWith("@")) continue;
        if (typeof member !== "boolean" && !isJsonObject(member)) continue;
        const list = into.properties.get(name);
        if (list === undefined) into.properties.set(name, [{ schema: member, refs }]);
        else list.push({ schema: member, refs });
      }
    }
    // allOf: every member applies; oneOf/anyOf: any branch may apply, so the union of their properties is what a
    // path may reach. A `{type: "null"}` branch contributes nothing, which makes nullable refs transparent.
    for (const keyword of ["allOf", "oneOf", "anyOf"]) {
      const members = node[keyword];
      if (!Array.isArray(members)) continue;
      for (const member of members) flatten({ schema: member, refs }, into, definite && keyword === "allOf");
    }
  };

  const describe = (entries: readonly Entry[], depth: number): EntityPropertyKind | EntityShape => {
    const flat = newFlat();
    for (const entry of entries) flatten(entry, flat);
    if (flat.properties.size > 0) return depth >= maxNesting ? "object" : shapeOf(flat, depth);
    return kindOf(flat);
  };

  const shapeOf = (flat: Flat, depth: number): EntityShape => {
    // Object.fromEntries defines own properties: one named `__proto__` stays an ordinary key.
    const properties = Object.fromEntries(
      [...flat.properties].map(([name, entries]) => [name, describe(entries, depth + 1)]),
    );
    const required = [...flat.required].filter((name) => flat.properties.has(name)).sort();
    const key = flat.key?.filter((name) => flat.properties.has(name));
    return {
      properties,
      ...(required.length > 0 ? { required } : {}),
      ...(key === undefined || key.length === 0 ? {} : { key }),
    };
  };

  const root = newFlat();
  flatten({ schema, refs: new Set() }, root);
  return shapeOf(root, 0);
}

function newFlat(): Flat {
  return { types: new Set(), required: new Set(), key: undefined, format: undefined, properties: new Map() };
}

/** The non-null JSON types a schema node admits: `type` (string or array), else inferred from `const`/`enum`. */
function typeNames(node: JsonObject): string[] {
  const type = node["type"];
  if (typeof type === "string") return type === "null" ? [] : [type];
  if (Array.isArray(type)) return type.filter((name): name is string => typeof name === "string" && name !== "null");
  const values: readonly unknown[] =
    "const" in node ? [node["const"]] : Array.isArray(node["enum"]) ? node["enum"] : [];
  return values.flatMap((value) => {
    if (value === null) return [];
    if (typeof value === "string" || typeof value === "boolean") return [typeof value];
    if (typeof value === "number") return [Number.isInteger(value) ? "integer" : "number"];
    return Array.isArray(value) ? ["array"] : ["object"];
  });
}

function kindOf(flat: Flat): EntityPropertyKind {
  const types = [...flat.types];
  // No type keyword: only a date-time format tells us anything; otherwise the value is opaque.
  if (types.length === 0) return isDateTimeFormat(flat.format) ? "date-time" : "object";
  if (types.every((type) => type === "integer")) return "integer";
  if (types.every((type) => type === "integer" || type === "number")) return "number";
  if (types.length === 1) {
    switch (types[0]) {
      case "string":
        return isDateTimeFormat(flat.format) ? "date-time" : "string";
      case "boolean":
        return "boolean";
      case "array":
        return "array";
      default:
        return "object";
    }
  }
  // Several unrelated types (e.g. string or boolean): nothing but `eq null` can be checked statically.
  return "object";
}
