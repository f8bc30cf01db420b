/**
 * The keywords of a Schema Object (JSON Schema 2020-12 and OpenAPI 3.1's additions), by how the comparison walks
 * them. A keyword in none of these lists is compared as a value, and unless it is an `x-` extension no rule knows
 * it: the review reports it as unclassified (breaking) rather than guess.
 */

/** A subschema (or a boolean schema). */
export const subschemaKeywords: ReadonlySet<string> = new Set([
  "not",
  "if",
  "then",
  "else",
  "items",
  "contains",
  "additionalProperties",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
  // draft 2019-09 and earlier, still met in documents upgraded from 3.0
  "additionalItems",
]);

/** A map of names (or patterns) to subschemas. */
export const subschemaMapKeywords: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "dependentSchemas",
]);

/** A list of subschemas: positional (prefixItems) or a set of branches (allOf, anyOf, oneOf). */
export const subschemaListKeywords: ReadonlySet<string> = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);

/** Definitions are compared where a `$ref` reaches them, not where they are written. */
export const definitionKeywords: ReadonlySet<string> = new Set(["$defs", "definitions"]);

/** Keywords that only document: no validation, no generated type depends on them. */
export const annotationKeywords: ReadonlySet<string> = new Set([
  "title",
  "description",
  "example",
  "examples",
  "externalDocs",
  "$comment",
]);

/** An `allOf` branch of only these adds no constraint (oasdiff: annotation-only allOf additions are information). */
export const annotationOnlyBranchKeywords: ReadonlySet<string> = new Set([
  ...annotationKeywords,
  "deprecated",
  "readOnly",
  "writeOnly",
  "default",
  "xml",
]);

/** Whether a schema node accepts anything: `true`, `{}`, or only annotations. */
export function isAnnotationOnly(schema: unknown): boolean {
  if (schema === true) return true;
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return false;
  return Object.keys(schema).every((key) => annotationOnlyBranchKeywords.has(key) || key.startsWith("x-"));
}
