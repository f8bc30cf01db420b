/**
 * A schema with every local `$ref` replaced by (a copy of) its target, for places where a small schema is
 * read on its own (parameters). A ref that would recurse into itself is left as it is.
 */
import { childPointer, isJsonObject, refOf, resolveRef, type JsonObject } from "../json-pointer/json-pointer.js";
import type { Problems } from "./document.js";

export function dereferenceSchema(
  document: JsonObject,
  schema: JsonObject,
  pointer: string,
  problems: Problems,
): JsonObject {
  const visit = (node: unknown, at: string, active: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item: unknown, index) => visit(item, childPointer(at, index), active));
    if (!isJsonObject(node)) return node;
    const ref = refOf(node);
    if (ref !== undefined && ref.startsWith("#")) {
      const resolved = resolveRef(document, ref);
      if (!resolved.ok) {
        problems.add(at, resolved.reason);
        return node;
      }
      if (active.includes(resolved.pointer)) return node;
      const { $ref: _ref, ...siblings } = node;
      const inlined = visit(resolved.value, resolved.pointer, [...active, resolved.pointer]);
      return isJsonObject(inlined) ? { ...inlined, ...visitEntries(siblings, at, active) } : inlined;
    }
    return visitEntries(node, at, active);
  };
  const visitEntries = (node: JsonObject, at: string, active: readonly string[]): JsonObject =>
    Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value, childPointer(at, key), active)]));
  const result = visit(schema, pointer, []);
  return isJsonObject(result) ? result : schema;
}
