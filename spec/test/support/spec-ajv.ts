/**
 * An ajv 2020-12 instance that understands the bundled spec: OpenAPI-only keywords are declared (so strict
 * mode still catches typos in real JSON Schema keywords) and the custom formats come from
 * @account-funds/validators, the same code the client, sandbox and forms run.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { addAccountFundsFormats } from "@account-funds/validators";
import type { JsonObject } from "./bundled-spec.js";

export const specSchemaId = "urn:account-funds:openapi";

/** Keywords OpenAPI 3.1 adds to JSON Schema, plus every `x-` extension the spec uses. */
function openApiKeywords(spec: JsonObject): string[] {
  const extensions = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("x-")) extensions.add(key);
      visit(value);
    }
  };
  visit(spec["components"]);
  return ["discriminator", "xml", "externalDocs", "example", "components", ...extensions];
}

export function createSpecAjv(spec: JsonObject): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, strictRequired: false, allowUnionTypes: true });
  addFormats.default(ajv);
  addAccountFundsFormats(ajv);
  for (const keyword of openApiKeywords(spec)) ajv.addKeyword(keyword);
  ajv.addSchema({ $id: specSchemaId, components: { schemas: (spec["components"] as JsonObject)["schemas"] } });
  return ajv;
}

/** Compiles a schema found in the spec (inline or `$ref`) against the registered document. */
export function compileSpecSchema(ajv: Ajv2020, schema: JsonObject) {
  const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${specSchemaId}#/components/`));
  return ajv.compile(rebased as object);
}

export function schemaRef(name: string): JsonObject {
  return { $ref: `#/components/schemas/${name}` };
}
