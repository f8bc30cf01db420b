/**
 * Server lists (the document's, a path item's, an operation's): matched by URL template, variables compared one by
 * one. A server that is gone is where some clients send their calls.
 */
import { childPointer, isJsonObject } from "@account-funds/generator/json-pointer";
import { compareMap, compareRemainingFields } from "./objects.js";
import type { Recorder, Scope } from "./recorder.js";
import type { Located } from "./schemas.js";

/** URL → the server and its pointer. */
function byUrl(located: Located): Map<string, Located> {
  const found = new Map<string, Located>();
  if (Array.isArray(located.node))
    located.node.forEach((server: unknown, index) => {
      if (isJsonObject(server))
        found.set(String(server["url"]), { node: server, pointer: childPointer(located.pointer, index) });
    });
  return found;
}

export function compareServers(recorder: Recorder, scope: Scope, base: Located, revision: Located): void {
  if (base.node === undefined && revision.node === undefined) return;
  const shared: Scope = { ...scope, side: "call" };
  const old = byUrl(base);
  const now = byUrl(revision);
  for (const [url, from] of old) {
    const to = now.get(url);
    if (to === undefined) {
      recorder.record(shared, {
        node: "server",
        kind: "removed",
        basePointer: from.pointer,
        before: from.node,
        detail: { name: url },
      });
      continue;
    }
    const variables = (located: Located): Located => ({
      node: isJsonObject(located.node) ? located.node["variables"] : undefined,
      pointer: childPointer(located.pointer, "variables"),
    });
    compareMap(recorder, shared, "server", variables(from), variables(to), (name, a, b) =>
      compareRemainingFields(recorder, shared, "server", a, b, new Set(), { name: `${url} {${name}}` }),
    );
    compareRemainingFields(recorder, shared, "server", from, to, new Set(["url", "variables"]), { name: url });
  }
  for (const [url, to] of now)
    if (!old.has(url))
      recorder.record(shared, {
        node: "server",
        kind: "added",
        revisionPointer: to.pointer,
        after: to.node,
        detail: { name: url },
      });
}
