/**
 * A schema with every local `$ref` replaced by (a copy of) its target, for places where a small schema is
 * read on its own (parameters). A ref that would recurse into itself is left as it is.
 */
import { getAtPointer } from "./json-pointer.js";
import { isObject, refPointer, type JsonObject, type Problems } from "./document.js";

export function dereferenceSchema(document: JsonObject, schema: JsonObject, pointer: string, problems: Problems): JsonObject {
  const visit = (node: unknown, at: string, active: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item, index) => visit(item, `${at}/${index}`, active));
    if (!isObject(node)) return node;
    const ref = node["$ref"];
    if (typeof ref === "string" && ref.startsWith("#")) {
      const target = refPointer(ref);
      if (active.includes(target)) return node;
      const resolved = getAtPointer(document, target);
      if (resolved === undefined) {
        problems.add(at, `unresolved $ref ${JSON.stringify(ref)}`);
        return node;
      }
      const { $ref: _ref, ...siblings } = node;
      const inlined = visit(resolved, target, [...active, target]);
      return isObject(inlined) ? { ...inlined, ...visitEntries(siblings, at, active) } : inlined;
    }
    return visitEntries(node, at, active);
  };
  const visitEntries = (node: JsonObject, at: string, active: readonly string[]): JsonObject =>
    Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value, `${at}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`, active)]));
  const result = visit(schema, pointer, []);
  return isObject(result) ? result : schema;
}
