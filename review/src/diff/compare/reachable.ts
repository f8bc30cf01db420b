/**
 * The components a document's operations and webhooks reach: every `$ref` (and discriminator mapping) under
 * `paths` and `webhooks`, followed through the components it names. What no operation of either document reaches
 * is unused (no call changes when it does); what the comparison did not reach although operations use it is
 * compared on its own (src/diff/compare/document.ts), so no change is dropped.
 */
import { isJsonObject, refPointer, resolvePointer, type JsonObject } from "@account-funds/generator/json-pointer";

export function reachableComponents(document: JsonObject): Set<string> {
  const reached = new Set<string>();
  const pending: unknown[] = [document["paths"], document["webhooks"]];
  const follow = (ref: unknown): void => {
    const pointer = typeof ref === "string" ? refPointer(ref) : undefined;
    if (pointer === undefined || reached.has(pointer)) return;
    reached.add(pointer);
    pending.push(resolvePointer(document, pointer));
  };
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    else if (isJsonObject(node)) {
      follow(node["$ref"]);
      const mapping = isJsonObject(node["discriminator"]) ? node["discriminator"]["mapping"] : undefined;
      if (isJsonObject(mapping)) for (const target of Object.values(mapping)) follow(target);
      for (const [key, value] of Object.entries(node)) if (key !== "$ref") pending.push(value);
    }
  }
  return reached;
}
