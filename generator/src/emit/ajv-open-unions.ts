/**
 * The copy of the document ajv compiles, with each open union of the spec — `oneOf` a discriminated union and a
 * schema for the values of other kinds, whose tag is `not` one of the union's (WebhookEventDelivery's items:
 * `WebhookEvent` or `UnknownWebhookEvent`, by `Reason`) — written as `if` the tag is a known one, `then` the union,
 * `else` the other schema. The two accept the same values, as the branches exclude each other by the tag; but ajv
 * then reports a known event's errors from its own branch only (the discriminated one, ajv-discriminators.ts), not
 * also the other branch's "Reason must NOT be valid" and oneOf's "must match exactly one schema". Run before
 * `withAjvDiscriminators`, which reads the union's mapping.
 */
import type { OpenApiDocument } from "../model/model.js";
import { isJsonObject, refOf, resolveRef, type JsonObject } from "../json-pointer/json-pointer.js";

/** Keys whose values are data (examples, constants), never schemas. */
const dataKeys = new Set(["example", "examples", "default", "const", "enum"]);

export function withAjvOpenUnions(document: OpenApiDocument): OpenApiDocument {
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!isJsonObject(node)) return node;
    const copy: { [key: string]: unknown } = {};
    for (const [key, value] of Object.entries(node))
      copy[key] = dataKeys.has(key) || key.startsWith("x-") ? value : rewrite(value);
    return asConditional(document, copy) ?? copy;
  };
  return rewrite(document) as OpenApiDocument;
}

/** `schema` as `if`/`then`/`else` when its `oneOf` is an open union; undefined otherwise. */
function asConditional(document: OpenApiDocument, schema: { [key: string]: unknown }): JsonObject | undefined {
  const branches = schema["oneOf"];
  if (!Array.isArray(branches) || branches.length !== 2) return undefined;
  const [first, second] = branches;
  for (const [known, other] of [
    [first, second],
    [second, first],
  ] as const) {
    const union = tagsOf(target(document, known));
    if (union === undefined || !excludes(target(document, other), union)) continue;
    const { oneOf: _oneOf, ...rest } = schema;
    return {
      ...rest,
      if: { type: "object", required: [union.tag], properties: { [union.tag]: { enum: union.tags } } },
      then: known,
      else: other,
    };
  }
  return undefined;
}

/** The schema a `$ref` branch names. */
function target(document: OpenApiDocument, branch: unknown): JsonObject | undefined {
  const ref = refOf(branch);
  const resolved = ref === undefined ? undefined : resolveRef(document, ref);
  return resolved?.ok === true && isJsonObject(resolved.value) ? resolved.value : undefined;
}

/** A discriminated union's tag property and the values its mapping names. */
function tagsOf(schema: JsonObject | undefined): { tag: string; tags: string[] } | undefined {
  const discriminator = schema?.["discriminator"];
  if (
    !isJsonObject(discriminator) ||
    typeof discriminator["propertyName"] !== "string" ||
    !isJsonObject(discriminator["mapping"])
  )
    return undefined;
  return { tag: discriminator["propertyName"], tags: Object.keys(discriminator["mapping"]) };
}

/** Whether `schema` requires the tag and refuses exactly the union's values for it (`not: {enum: tags}`). */
function excludes(schema: JsonObject | undefined, { tag, tags }: { tag: string; tags: readonly string[] }): boolean {
  const properties = schema?.["properties"];
  const property = isJsonObject(properties) ? properties[tag] : undefined;
  const not = isJsonObject(property) ? property["not"] : undefined;
  const excluded = isJsonObject(not) && Array.isArray(not["enum"]) ? not["enum"] : [];
  const required = Array.isArray(schema?.["required"]) ? schema["required"] : [];
  return required.includes(tag) && excluded.length === tags.length && tags.every((value) => excluded.includes(value));
}
