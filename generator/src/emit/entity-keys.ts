/**
 * The copy of the document handed to openapi-typescript, with each entity's key (`x-odata-key`) required.
 *
 * The spec's entity schemas describe what a response may hold, and a `$select` may leave the key out (OData 4.01
 * JSON Format §4.5.8: the entity then carries `@odata.id`), so the key is not `required` there, and ajv checks
 * responses against that. The TypeScript type of an entity is the entity as the API returns it whole (no
 * `$select`), and a whole entity always has its key: typed optional, every caller would check `Id` for
 * `undefined` on every row. So here, for the types only, the key is required; the client types a `$select`
 * result as the selected members of this type. generated/openapi.json and the validators keep the spec as written.
 */
import type { OpenApiDocument } from "../model/model.js";
import { isJsonObject, type JsonObject } from "../json-pointer/json-pointer.js";

export function withEntityKeys(document: OpenApiDocument): OpenApiDocument {
  const components = document["components"];
  const schemas = isJsonObject(components) ? components["schemas"] : undefined;
  if (!isJsonObject(components) || !isJsonObject(schemas)) return document;
  const keyed = Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, withKeyRequired(schema)]));
  return { ...document, components: { ...components, schemas: keyed } };
}

function withKeyRequired(schema: unknown): unknown {
  if (!isJsonObject(schema)) return schema;
  const key = schema["x-odata-key"];
  const properties = schema["properties"];
  if (!Array.isArray(key) || !isJsonObject(properties)) return schema;
  const names = key.filter((name): name is string => typeof name === "string" && Object.hasOwn(properties, name));
  const required = Array.isArray(schema["required"]) ? schema["required"] : [];
  const added = names.filter((name) => !required.includes(name));
  return added.length === 0 ? schema : ({ ...schema, required: [...required, ...added] } satisfies JsonObject);
}
