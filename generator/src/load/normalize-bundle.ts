/**
 * Makes the bundle byte-stable, exactly as `redocly bundle` + the former spec/tools/normalize-bundle.ts did:
 *
 * - top-level keys in the order Redocly's CLI writes them (`openapi`, `info`, `jsonSchemaDialect`, `servers`,
 *   `security`, `tags`, `externalDocs`, `paths`, `webhooks`, `x-webhooks`, `components`, then the rest in
 *   document order);
 * - every `components` map sorted by name: the bundler hoists components in traversal order, so a new `$ref`
 *   anywhere would otherwise reorder them, and diffs of generated/ would show moves instead of the real change.
 */
import { isJsonObject, type JsonObject } from "../json-pointer/json-pointer.js";

const topLevelOrder = [
  "openapi",
  "info",
  "jsonSchemaDialect",
  "servers",
  "security",
  "tags",
  "externalDocs",
  "paths",
  "webhooks",
  "x-webhooks",
  "components",
];

function sortKeys(map: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.keys(map)
      .sort()
      .map((key) => [key, map[key]]),
  );
}

export function normalizeBundle(document: JsonObject): JsonObject {
  const ordered: { [key: string]: unknown } = {};
  for (const key of topLevelOrder) if (Object.hasOwn(document, key)) ordered[key] = document[key];
  for (const [key, value] of Object.entries(document)) if (!Object.hasOwn(ordered, key)) ordered[key] = value;
  const components = ordered["components"];
  if (isJsonObject(components)) {
    ordered["components"] = Object.fromEntries(
      Object.entries(components).map(([kind, map]) => [kind, isJsonObject(map) ? sortKeys(map) : map]),
    );
  }
  return ordered;
}
