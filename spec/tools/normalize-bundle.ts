/**
 * Makes the bundled spec byte-stable: Redocly hoists components in traversal order, so a new $ref
 * anywhere would reorder them; sorting each components map keeps diffs of generated/ to the real change.
 */
import { readFileSync, writeFileSync } from "node:fs";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function sortKeys(map: { [key: string]: Json }): { [key: string]: Json } {
  return Object.fromEntries(Object.keys(map).sort().map((key) => [key, map[key] as Json]));
}

export function normalizeBundle(document: { [key: string]: Json }): { [key: string]: Json } {
  const components = document["components"];
  if (components === undefined || components === null || typeof components !== "object" || Array.isArray(components)) {
    return document;
  }
  const sorted: { [key: string]: Json } = {};
  for (const [kind, map] of Object.entries(components)) {
    sorted[kind] = map !== null && typeof map === "object" && !Array.isArray(map) ? sortKeys(map) : map;
  }
  return { ...document, components: sorted };
}

const file = process.argv[2];
if (file === undefined) {
  console.error("usage: normalize-bundle <bundled openapi.json>");
  process.exit(2);
}
const document = JSON.parse(readFileSync(file, "utf8")) as { [key: string]: Json };
writeFileSync(file, JSON.stringify(normalizeBundle(document), null, 2) + "\n");
