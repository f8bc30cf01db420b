/**
 * OpenAPI 3.0.x in, OpenAPI 3.1 out: the rest of the generator (and the review) reads 3.1 only.
 *
 * The conversion is openapi-format's (`openapiConvertVersion`, maintained, used by the field): `nullable` becomes a
 * `null` in `type` (or a `null` branch), boolean `exclusiveMinimum`/`exclusiveMaximum` become the numbers of
 * JSON Schema 2020-12, `example` becomes `examples`, a one-value `enum` becomes `const`, `x-webhooks` becomes
 * `webhooks`, and binary multipart parts get `contentMediaType`. What it leaves behind about `nullable` (beside a
 * `$ref` or `allOf`, with an `enum`, Swagger 2's `x-nullable`) is done first (nullable-3-0.ts). A 3.1 document
 * passes through untouched.
 */
import { isJsonObject, type JsonObject } from "../json-pointer/json-pointer.js";
import { withNullableSpelledOut } from "./nullable-3-0.js";

export type OpenApiVersion = "3.0" | "3.1";

/** The minor version a document declares, or undefined when it is neither 3.0.x nor 3.1.x. */
export function openApiVersionOf(document: JsonObject): OpenApiVersion | undefined {
  const version = document["openapi"];
  if (typeof version !== "string") return undefined;
  if (/^3\.0\.\d+$/.test(version)) return "3.0";
  if (/^3\.1\.\d+$/.test(version)) return "3.1";
  return undefined;
}

/** The 3.1 form of a 3.0.x document (a new object); a 3.1 document is returned as it is. */
export async function upgradeOpenApi30To31(document: JsonObject): Promise<JsonObject> {
  if (openApiVersionOf(document) !== "3.0") return document;
  // Imported on use: a 3.1 document (ours) does not pay for loading the converter.
  const { default: openapiFormat } = await import("openapi-format");
  const { data } = await openapiFormat.openapiConvertVersion(withNullableSpelledOut(document), { convertTo: "3.1" });
  if (!isJsonObject(data)) throw new Error("openapi-format returned no document");
  return data;
}
