/**
 * What openapi-format's 3.0 → 3.1 converter leaves behind about `nullable` (OpenAPI 3.0.3 §4.7.24.1), done before
 * it runs so a 3.0 spec means in 3.1 what it meant in 3.0:
 * - `nullable: true` beside a `$ref` (or an `allOf`/`oneOf`/`anyOf` without a `type`) is dropped by the converter,
 *   and the value could no longer be `null`: it becomes `anyOf: [<the schema>, { type: "null" }]`;
 * - `nullable: true` beside an `enum` gets `null` among the values (3.0 allowed it; in 3.1 the enum would refuse it);
 * - `x-nullable: true` (Swagger 2's extension, still written by 3.0 generators) is read as `nullable: true`.
 * A new document: the input is not changed.
 */
import { isJsonObject, type JsonObject } from "../json-pointer/json-pointer.js";

/** Keys whose values are data, never schemas. */
const dataKeys = new Set(["example", "examples", "default", "const", "enum"]);

export function withNullableSpelledOut(document: JsonObject): JsonObject {
  return rewrite(document) as JsonObject;
}

function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (!isJsonObject(node)) return node;
  const copy: { [key: string]: unknown } = {};
  for (const [key, value] of Object.entries(node)) copy[key] = dataKeys.has(key) ? value : rewrite(value);
  if (copy["x-nullable"] === true && copy["nullable"] === undefined) {
    delete copy["x-nullable"];
    copy["nullable"] = true;
  }
  if (copy["nullable"] !== true) return copy;
  const { nullable: _nullable, ...schema } = copy;
  const composed = ["allOf", "oneOf", "anyOf"].some((keyword) => schema[keyword] !== undefined);
  if (typeof schema["$ref"] === "string" || (composed && schema["type"] === undefined)) {
    // 3.0 ignores a `$ref`'s siblings; annotations stay beside the union.
    const { description, title, ...rest } = schema;
    const inner = typeof rest["$ref"] === "string" ? { $ref: rest["$ref"] } : rest;
    return {
      ...(description === undefined ? {} : { description }),
      ...(title === undefined ? {} : { title }),
      anyOf: [inner, { type: "null" }],
    };
  }
  if (Array.isArray(schema["enum"]) && !schema["enum"].includes(null))
    return { ...copy, enum: [...schema["enum"], null] };
  return copy;
}
