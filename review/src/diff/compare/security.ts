/**
 * Security, per operation: the requirement that applies (the operation's `security`, else the document's) and the
 * schemes it names. A requirement is compared as a whole (the rule decides whether every way a client could
 * authenticate before is still accepted); a scheme is compared field by field, once, for every operation that uses
 * it. Schemes no operation uses are compared at the end (src/diff/compare/document.ts) as unused.
 */
import { childPointer, isJsonObject } from "@account-funds/generator/json-pointer";
import { compareRemainingFields, compareShared, objectOf } from "./objects.js";
import type { Recorder, Scope } from "./recorder.js";
import type { Located } from "./schemas.js";
import { canonical } from "./values.js";

/** The requirement that applies to an operation, and where it is written. */
function effectiveSecurity(recorder: Recorder, which: "base" | "revision", operation: Located): Located {
  const own = objectOf(operation)["security"];
  if (own !== undefined) return { node: own, pointer: childPointer(operation.pointer, "security") };
  const document = which === "base" ? recorder.base : recorder.revision;
  return { node: document["security"] ?? [], pointer: "/security" };
}

export function schemeNames(requirement: unknown): string[] {
  if (!Array.isArray(requirement)) return [];
  return [
    ...new Set(
      requirement.flatMap((alternative: unknown) => (isJsonObject(alternative) ? Object.keys(alternative) : [])),
    ),
  ];
}

export function compareSecurity(recorder: Recorder, scope: Scope, base: Located, revision: Located): void {
  const before = effectiveSecurity(recorder, "base", base);
  const after = effectiveSecurity(recorder, "revision", revision);
  if (canonical(normalRequirement(before.node)) !== canonical(normalRequirement(after.node)))
    recorder.record(scope, {
      node: "security-requirement",
      kind: "changed",
      property: "security",
      basePointer: before.pointer === "/security" ? "" : base.pointer,
      revisionPointer: after.pointer === "/security" ? "" : revision.pointer,
      before: before.node,
      after: after.node,
    });
  const used = new Set([...schemeNames(before.node), ...schemeNames(after.node)]);
  for (const name of [...used].sort()) {
    recorder.usedSchemes.add(name);
    compareScheme(recorder, scope, name);
  }
}

/** Alternatives as a set, scopes as sets: order means nothing. */
function normalRequirement(requirement: unknown): unknown {
  if (!Array.isArray(requirement)) return [];
  return requirement
    .map((alternative: unknown) =>
      isJsonObject(alternative)
        ? Object.fromEntries(
            Object.entries(alternative).map(([name, scopes]) => [
              name,
              Array.isArray(scopes) ? [...scopes].map(String).sort() : [],
            ]),
          )
        : {},
    )
    .map(canonical)
    .sort();
}

/** One security scheme of both documents, by name: removed, added, or compared field by field. */
export function compareScheme(recorder: Recorder, scope: Scope, name: string, unused = false): void {
  const pointer = childPointer("/components/securitySchemes", name);
  const old = { node: objectOf({ node: recorder.base["components"], pointer: "" })["securitySchemes"], pointer: "" };
  const now = {
    node: objectOf({ node: recorder.revision["components"], pointer: "" })["securitySchemes"],
    pointer: "",
  };
  const before = isJsonObject(old.node) ? old.node[name] : undefined;
  const after = isJsonObject(now.node) ? now.node[name] : undefined;
  const shared: Scope = { ...scope, side: "call" };
  const detail = { name, ...(unused ? { unused: true } : {}) };
  recorder.once(`scheme ${name} ${unused}`, shared, () => {
    if (before === undefined && after === undefined) return;
    if (after === undefined)
      return recorder.record(shared, {
        node: "security-scheme",
        kind: "removed",
        basePointer: pointer,
        before,
        detail,
      });
    if (before === undefined)
      return recorder.record(shared, {
        node: "security-scheme",
        kind: "added",
        revisionPointer: pointer,
        after,
        detail,
      });
    compareShared(recorder, shared, "scheme", { node: before, pointer }, { node: after, pointer }, (from, to) => {
      const fromFlows = objectOf({ node: objectOf(from)["flows"], pointer: "" });
      const toFlows = objectOf({ node: objectOf(to)["flows"], pointer: "" });
      for (const flow of new Set([...Object.keys(fromFlows), ...Object.keys(toFlows)]))
        compareRemainingFields(
          recorder,
          shared,
          "security-scheme",
          { node: fromFlows[flow], pointer: childPointer(from.pointer, "flows", flow) },
          { node: toFlows[flow], pointer: childPointer(to.pointer, "flows", flow) },
          new Set(),
          { ...detail, flow },
        );
      compareRemainingFields(recorder, shared, "security-scheme", from, to, new Set(["flows"]), detail);
    });
  });
}
