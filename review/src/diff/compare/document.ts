/**
 * Two OpenAPI 3.1 documents (bundled, 3.0 already upgraded by the generator's loader) → every change between them.
 * The walk starts from what a client uses, the operations of `paths` and `webhooks`, so each change knows the side
 * and the operations that reach it; then the document's own fields, and last the components no operation reaches
 * (a client still exports their types). A field the walk does not know is compared as a value, and no rule knowing
 * it, is reported as unclassified: nothing is dropped.
 */
import { childPointer, isJsonObject, type JsonObject } from "@account-funds/generator/json-pointer";
import type { Change } from "../change.js";
import { at, compareField, compareRemainingFields } from "./objects.js";
import { comparePathItems } from "./operations.js";
import { Recorder, type Scope } from "./recorder.js";
import { reachableComponents } from "./reachable.js";
import { compareSchemas } from "./schemas.js";
import { compareScheme } from "./security.js";
import { compareServers } from "./servers.js";
import { canonical } from "./values.js";

const documentScope: Scope = { side: "call", polarity: "normal", operation: "", webhook: false };

const handled = new Set(["paths", "webhooks", "components", "servers", "security", "info", "tags", "externalDocs"]);

export function compareDocuments(base: JsonObject, revision: JsonObject): Change[] {
  const recorder = new Recorder(base, revision);
  const root = (document: JsonObject) => ({ node: document, pointer: "" });
  comparePathItems(recorder, "paths", at(root(base), "paths"), at(root(revision), "paths"));
  comparePathItems(recorder, "webhooks", at(root(base), "webhooks"), at(root(revision), "webhooks"));
  compareServers(recorder, documentScope, at(root(base), "servers"), at(root(revision), "servers"));
  compareRemainingFields(
    recorder,
    documentScope,
    "info",
    at(root(base), "info"),
    at(root(revision), "info"),
    new Set(),
  );
  for (const field of ["tags", "externalDocs"])
    compareField(recorder, documentScope, "tag", field, root(base), root(revision));
  compareRemainingFields(recorder, documentScope, "document", root(base), root(revision), handled);
  compareUnreachedComponents(recorder);
  return merge(recorder.changes);
}

/** Component kinds whose entries a walk reaches through `$ref`. */
const componentKinds = [
  "schemas",
  "parameters",
  "responses",
  "requestBodies",
  "headers",
  "pathItems",
  "callbacks",
  "links",
];

/**
 * Components the comparison did not reach. One that operations of both documents use (reached, say, through a
 * branch the comparison could not pair) is compared now, as request and as response data, so none of its changes
 * is dropped. One that no operation of either document uses is an unused component: the client still exports its
 * type (removing one is a warning), but no call changes. One only the base's or the revision's operations use came
 * or went with the part that uses it, which is a finding of its own. Unused security schemes are compared last (a
 * scheme no operation names can go).
 */
function compareUnreachedComponents(recorder: Recorder): void {
  const components = (document: JsonObject): JsonObject =>
    isJsonObject(document["components"]) ? document["components"] : {};
  const old = components(recorder.base);
  const now = components(recorder.revision);
  const usedBy = { base: reachableComponents(recorder.base), revision: reachableComponents(recorder.revision) };
  for (const kind of componentKinds) {
    const before = isJsonObject(old[kind]) ? old[kind] : {};
    const after = isJsonObject(now[kind]) ? now[kind] : {};
    for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const pointer = childPointer("/components", kind, name);
      if (recorder.reached.base.has(pointer) || recorder.reached.revision.has(pointer)) continue;
      if (canonical(before[name]) === canonical(after[name])) continue;
      const used = { base: usedBy.base.has(pointer), revision: usedBy.revision.has(pointer) };
      if (used.base && used.revision && kind === "schemas") {
        for (const side of ["request", "response"] as const)
          compareSchemas(
            recorder,
            { ...documentScope, side },
            { node: before[name], pointer },
            { node: after[name], pointer },
          );
        continue;
      }
      if (used.base || used.revision) continue;
      const kindOf = name in after ? (name in before ? "changed" : "added") : "removed";
      recorder.record(documentScope, {
        node: "component",
        kind: kindOf,
        ...(kindOf !== "added" ? { basePointer: pointer, before: before[name] } : {}),
        ...(kindOf !== "removed" ? { revisionPointer: pointer, after: after[name] } : {}),
        detail: { name, in: kind, unused: true },
      });
    }
  }
  const schemes = (document: JsonObject): JsonObject =>
    isJsonObject(components(document)["securitySchemes"])
      ? (components(document)["securitySchemes"] as JsonObject)
      : {};
  for (const name of new Set([...Object.keys(schemes(recorder.base)), ...Object.keys(schemes(recorder.revision))]))
    if (!recorder.usedSchemes.has(name)) compareScheme(recorder, documentScope, name, true);
}

/** One change per node, key, side and polarity, with every operation that reaches it. */
function merge(changes: readonly Change[]): Change[] {
  const merged = new Map<string, Change>();
  for (const change of changes) {
    const key = [
      change.node,
      change.kind,
      change.property,
      change.basePointer,
      change.revisionPointer,
      change.side,
      change.polarity,
    ].join(" ");
    const found = merged.get(key);
    if (found === undefined) merged.set(key, change);
    else for (const operation of change.operations) found.operations.add(operation);
  }
  return [...merged.values()];
}
