/**
 * The copy of the document handed to openapi-typescript, with each `anyOf`/`oneOf` whose branches only add
 * `required` (JSON Schema 2020-12 §10.2.1) turned into alternatives typed from the parent's `properties`.
 *
 * The spec says "either Bic or RoutingTransitNumber is required" the way JSON Schema says it:
 * `anyOf: [{required: [Bic]}, {required: [RoutingTransitNumber]}]` beside `properties`. openapi-typescript types
 * such a branch as `unknown` (it has no properties of its own), and a union with `unknown` is `unknown`: the whole
 * routing type, and every union it is part of, accepted anything. The fix belongs here, not in the spec:
 * repeating each property's schema inside the branches would state a pattern twice (one rule, one place), and
 * the spec must keep saying what the reference says. Nor in openapi-typescript's hooks: `transform` is only
 * called for schemas with a `type` (the branches have none), `postTransform` sees a branch's printed type without
 * its parent's properties, and a function cannot be posted to the library thread. So each branch becomes `{ required: [...], properties: { <name>: <the parent's type> } }`, which
 * openapi-typescript prints as `{ ...the parent... } & ({ Bic: string } | { RoutingTransitNumber: string })`.
 *
 * `anyOf` (at least one) needs nothing more: an object with both satisfies both alternatives. `oneOf` (exactly
 * one) also forbids, in each alternative, the property that alone would complete another branch
 * (`Company?: never` beside `Individual`); when completing another branch takes several properties TypeScript
 * cannot say "not all of these" in one object type, so that alternative stays wider than the spec (no such
 * schema exists today). Only the types change: ajv and generated/openapi.json get the spec as written.
 */
import type { OpenApiDocument } from "../model/model.js";
import { isJsonObject, type JsonObject } from "../json-pointer/json-pointer.js";

/** Keys whose values are data (examples, constants), never schemas to rewrite. */
const dataKeys = new Set(["example", "examples", "default", "const", "enum"]);

/** The keywords openapi-typescript types a value by; the rest (descriptions, formats, patterns) stay on the parent. */
const typeKeywords = [
  "$ref",
  "type",
  "const",
  "enum",
  "items",
  "prefixItems",
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "allOf",
  "anyOf",
  "oneOf",
  "nullable",
];

export function withRequiredAlternatives(document: OpenApiDocument): OpenApiDocument {
  return rewrite(document) as OpenApiDocument;
}

function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (!isJsonObject(node)) return node;
  const copy: { [key: string]: unknown } = {};
  for (const [key, value] of Object.entries(node))
    copy[key] = dataKeys.has(key) || key.startsWith("x-") ? value : rewrite(value);
  return typeAlternatives(copy);
}

/** `schema` with its required-only `anyOf`/`oneOf` moved into `allOf` as typed alternatives; as is otherwise. */
function typeAlternatives(schema: { [key: string]: unknown }): JsonObject {
  const properties = schema["properties"];
  if (!isJsonObject(properties)) return schema;
  const parentRequired = new Set(strings(schema["required"]));
  const alternativesOf: JsonObject[] = [];
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches) || branches.length === 0 || !branches.every(isRequiredOnly)) continue;
    const names = branches.map((branch) => strings(branch["required"]).filter((name) => !parentRequired.has(name)));
    // A branch requiring a property the parent does not declare (valid JSON Schema: it may come from elsewhere, or
    // be any value) has no type to give it; nor can a oneOf branch that always matches another be told apart.
    // Such a schema is typed as openapi-typescript types it, with the branches left as they are.
    if (names.some((required) => required.some((name) => !Object.hasOwn(properties, name)))) continue;
    if (
      keyword === "oneOf" &&
      names.some((required, index) =>
        names.some((other, at) => at !== index && other.every((name) => required.includes(name))),
      )
    )
      continue;
    const alternatives = names.map((required, index) => {
      const typed: { [name: string]: unknown } = Object.fromEntries(
        required.map((name) => [name, typeOnly(properties[name])]),
      );
      if (keyword === "oneOf") {
        for (const [other, otherRequired] of names.entries()) {
          if (other === index) continue;
          const missing = otherRequired.filter((name) => !required.includes(name));
          if (missing.length === 1) typed[missing[0]!] = false;
        }
      }
      return { type: "object", required, properties: typed };
    });
    delete schema[keyword];
    alternativesOf.push({ oneOf: alternatives });
  }
  const [only, ...more] = alternativesOf;
  if (only === undefined) return schema;
  // As the schema's `oneOf`, which openapi-typescript intersects with the parent (`allOf` would also make it add
  // the discriminator property of a routing type a second time); in `allOf` only when `oneOf` is taken.
  if (more.length === 0 && schema["oneOf"] === undefined) return { ...schema, ...only };
  return { ...schema, allOf: [...(Array.isArray(schema["allOf"]) ? schema["allOf"] : []), ...alternativesOf] };
}

/** A branch that only lists required properties: `{ required: [Bic] }`. */
function isRequiredOnly(branch: unknown): branch is JsonObject {
  return (
    isJsonObject(branch) &&
    Array.isArray(branch["required"]) &&
    Object.keys(branch).every((key) => key === "required" || key === "description" || key.startsWith("x-"))
  );
}

function typeOnly(schema: unknown): unknown {
  if (!isJsonObject(schema)) return schema;
  return Object.fromEntries(
    typeKeywords.filter((keyword) => Object.hasOwn(schema, keyword)).map((keyword) => [keyword, schema[keyword]]),
  );
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}
