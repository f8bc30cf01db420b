/**
 * Two Schema Objects, keyword by keyword (JSON Schema 2020-12, OpenAPI 3.1): every keyword that differs is a
 * change at the schema's pointer; subschemas are compared where both sides have one, so a change deep in a
 * property's items is found at its own pointer. `$ref`s are followed: a component both sides reach is compared once
 * per side (Recorder.once), a retargeted `$ref` is a change of its own and its two targets are compared.
 */
import { childPointer, deref, isJsonObject, refOf, type JsonObject } from "@account-funds/generator/json-pointer";
import type { Polarity } from "../change.js";
import {
  annotationKeywords,
  definitionKeywords,
  subschemaKeywords,
  subschemaListKeywords,
  subschemaMapKeywords,
} from "../schema-keywords.js";
import type { Recorder, Scope } from "./recorder.js";
import { canonical, sameValue } from "./values.js";

export interface Located {
  readonly node: unknown;
  readonly pointer: string;
}

/** The node a `$ref` leads to (followed through chains), marked as reached; undefined when it leads nowhere. */
function target(recorder: Recorder, which: "base" | "revision", located: Located): Located | undefined {
  const document = which === "base" ? recorder.base : recorder.revision;
  const resolved = deref(document, { $ref: refOf(located.node) }, located.pointer);
  if (!resolved.ok) return undefined;
  recorder.reached[which].add(resolved.pointer);
  return { node: resolved.value, pointer: resolved.pointer };
}

/** A schema's keywords other than `$ref` (in 3.1 they apply beside the referenced schema). */
function siblings(located: Located): Located {
  if (!isJsonObject(located.node)) return located;
  const { $ref: _ref, ...rest } = located.node;
  return { node: rest, pointer: located.pointer };
}

/** An inline schema against one that is a `$ref` (plus siblings): the target, with the siblings over it. */
function inlined(recorder: Recorder, which: "base" | "revision", located: Located): Located {
  const resolved = target(recorder, which, located);
  if (resolved === undefined || !isJsonObject(resolved.node)) return located;
  const own = siblings(located).node as JsonObject;
  if (Object.keys(own).length === 0) return resolved;
  return { node: { ...resolved.node, ...own }, pointer: located.pointer };
}

const polarityUnder = (keyword: string, polarity: Polarity): Polarity => {
  if (keyword === "if") return "mixed";
  if (keyword !== "not") return polarity;
  return polarity === "normal" ? "inverted" : polarity === "inverted" ? "normal" : "mixed";
};

export function compareSchemas(recorder: Recorder, scope: Scope, base: Located, revision: Located): void {
  if (comparedAsWrapped(recorder, scope, base, revision)) return;
  const baseRef = refOf(base.node);
  const revisionRef = refOf(revision.node);
  if (baseRef === undefined && revisionRef === undefined) return compareResolved(recorder, scope, base, revision);
  if (baseRef === undefined || revisionRef === undefined) {
    // An inline schema moved to a component, or back: what matters is whether the schema changed.
    const from = baseRef === undefined ? base : inlined(recorder, "base", base);
    const to = revisionRef === undefined ? revision : inlined(recorder, "revision", revision);
    return compareResolved(recorder, scope, from, to);
  }
  const from = target(recorder, "base", base);
  const to = target(recorder, "revision", revision);
  if (baseRef !== revisionRef || from === undefined || to === undefined)
    recorder.record(scope, {
      node: "schema",
      kind: "changed",
      property: "$ref",
      basePointer: base.pointer,
      revisionPointer: revision.pointer,
      before: baseRef,
      after: revisionRef,
      ...(from === undefined || to === undefined ? { detail: { unresolved: true } } : {}),
    });
  if (from !== undefined && to !== undefined) {
    // Both sides name a component: compare the targets once per side and polarity.
    const key = `schema ${scope.side} ${scope.polarity} ${scope.webhook} ${from.pointer} ${to.pointer}`;
    recorder.once(key, scope, () => compareSchemas(recorder, scope, from, to));
  }
  compareResolved(recorder, scope, siblings(base), siblings(revision));
}

/**
 * A schema wrapped into a oneOf/anyOf beside new alternatives (`X` → `oneOf: [X, Y]`), or unwrapped from one: the
 * kept branch is compared with the schema it was, and the others are branches added or removed. Without this the
 * two would be compared keyword by keyword, and the kept schema's own changes lost.
 */
function comparedAsWrapped(recorder: Recorder, scope: Scope, base: Located, revision: Located): boolean {
  for (const keyword of ["oneOf", "anyOf"]) {
    for (const [plain, wrapper, wrapped] of [
      [base, revision, "revision"],
      [revision, base, "base"],
    ] as const) {
      const list = isJsonObject(wrapper.node) ? wrapper.node[keyword] : undefined;
      if (!Array.isArray(list) || (isJsonObject(plain.node) && plain.node[keyword] !== undefined)) continue;
      const others = Object.keys(wrapper.node as JsonObject).filter(
        (key) => key !== keyword && key !== "discriminator" && !annotationKeywords.has(key),
      );
      if (others.length > 0) continue;
      const document = wrapped === "revision" ? recorder.revision : recorder.base;
      const resolve = (node: unknown, from: JsonObject): unknown => {
        const resolved = refOf(node) === undefined ? undefined : deref(from, node);
        return resolved?.ok === true ? resolved.value : node;
      };
      const plainDocument = wrapped === "revision" ? recorder.base : recorder.revision;
      const kept = list.findIndex(
        (branch: unknown) =>
          (refOf(branch) !== undefined && refOf(branch) === refOf(plain.node)) ||
          canonical(withoutAnnotations(resolve(branch, document))) ===
            canonical(withoutAnnotations(resolve(plain.node, plainDocument))),
      );
      if (kept < 0) continue;
      const branchAt = (index: number): Located => ({
        node: list[index],
        pointer: childPointer(wrapper.pointer, keyword, index),
      });
      if (wrapped === "revision") compareSchemas(recorder, scope, plain, branchAt(kept));
      else compareSchemas(recorder, scope, branchAt(kept), plain);
      list.forEach((branch: unknown, index) => {
        if (index === kept) return;
        const detail = { keyword };
        if (wrapped === "revision")
          recorder.record(scope, {
            node: "schema",
            kind: "added",
            revisionPointer: branchAt(index).pointer,
            after: branch,
            detail,
          });
        else
          recorder.record(scope, {
            node: "schema",
            kind: "removed",
            basePointer: branchAt(index).pointer,
            before: branch,
            detail,
          });
      });
      return true;
    }
  }
  return false;
}

function compareResolved(recorder: Recorder, scope: Scope, base: Located, revision: Located): void {
  const before = base.node;
  const after = revision.node;
  if (!isJsonObject(before) || !isJsonObject(after)) {
    // Boolean schemas (or a schema replaced by one): a change of the whole schema.
    if (canonical(before) !== canonical(after))
      recorder.record(scope, {
        node: "schema",
        kind: "changed",
        basePointer: base.pointer,
        revisionPointer: revision.pointer,
        before,
        after,
      });
    return;
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const keyword of keys) {
    if (definitionKeywords.has(keyword) || keyword === "$ref") continue;
    const old = before[keyword];
    const now = after[keyword];
    if (subschemaKeywords.has(keyword) && isJsonObject(old) && isJsonObject(now)) {
      compareSchemas(
        recorder,
        { ...scope, polarity: polarityUnder(keyword, scope.polarity) },
        { node: old, pointer: childPointer(base.pointer, keyword) },
        { node: now, pointer: childPointer(revision.pointer, keyword) },
      );
    } else if (
      keyword === "properties" ||
      (subschemaMapKeywords.has(keyword) && old !== undefined && now !== undefined)
    ) {
      compareSchemaMap(recorder, scope, keyword, base, revision);
    } else if (subschemaListKeywords.has(keyword) && Array.isArray(old) && Array.isArray(now)) {
      compareSchemaList(recorder, scope, keyword, base, revision);
    } else if (!sameValue(keyword, old, now)) {
      recorder.record(scope, {
        node: "schema",
        kind: "changed",
        property: keyword,
        basePointer: base.pointer,
        revisionPointer: revision.pointer,
        before: old,
        after: now,
        ...(keyword === "required"
          ? { detail: { ignoredNames: ignoredProperties(scope, base.node, revision.node) } }
          : {}),
      });
    }
  }
}

/**
 * Properties a side never carries: read-only ones are not sent, write-only ones not received. Changes to them do
 * not reach that side (oasdiff: the *-write-only-* and *-read-only-* checks are information).
 */
function ignoredProperties(scope: Scope, ...schemas: unknown[]): string[] {
  const flag = scope.side === "request" ? "readOnly" : scope.side === "response" ? "writeOnly" : undefined;
  if (flag === undefined) return [];
  // Ignored where every side that has the property flags it: a property that becomes read-only is a change.
  const verdicts = new Map<string, boolean>();
  for (const schema of schemas) {
    const properties = isJsonObject(schema) ? schema["properties"] : undefined;
    if (!isJsonObject(properties)) continue;
    for (const [name, property] of Object.entries(properties)) {
      const flagged = isJsonObject(property) && property[flag] === true;
      verdicts.set(name, (verdicts.get(name) ?? true) && flagged);
    }
  }
  return [...verdicts]
    .filter(([, ignored]) => ignored)
    .map(([name]) => name)
    .sort();
}

function compareSchemaMap(recorder: Recorder, scope: Scope, keyword: string, base: Located, revision: Located): void {
  const before = isJsonObject(base.node) ? base.node[keyword] : undefined;
  const after = isJsonObject(revision.node) ? revision.node[keyword] : undefined;
  const old = isJsonObject(before) ? before : {};
  const now = isJsonObject(after) ? after : {};
  const ignored = new Set(keyword === "properties" ? ignoredProperties(scope, base.node, revision.node) : []);
  const required = (schema: unknown, name: string): boolean =>
    isJsonObject(schema) && Array.isArray(schema["required"]) && schema["required"].includes(name);
  for (const name of new Set([...Object.keys(old), ...Object.keys(now)])) {
    const basePointer = childPointer(base.pointer, keyword, name);
    const revisionPointer = childPointer(revision.pointer, keyword, name);
    const detail = {
      keyword,
      ...(keyword === "properties"
        ? {
            propertyName: name,
            requiredBefore: required(base.node, name),
            requiredAfter: required(revision.node, name),
            ...(ignored.has(name) ? { ignoredOnSide: true } : {}),
          }
        : {}),
    };
    if (!(name in now)) {
      recorder.record(scope, { node: "schema", kind: "removed", basePointer, before: old[name], detail });
    } else if (!(name in old)) {
      recorder.record(scope, { node: "schema", kind: "added", revisionPointer, after: now[name], detail });
    } else if (!ignored.has(name)) {
      compareSchemas(
        recorder,
        scope,
        { node: old[name], pointer: basePointer },
        { node: now[name], pointer: revisionPointer },
      );
    }
  }
}

function compareSchemaList(recorder: Recorder, scope: Scope, keyword: string, base: Located, revision: Located): void {
  const old = (isJsonObject(base.node) ? base.node[keyword] : []) as unknown[];
  const now = (isJsonObject(revision.node) ? revision.node[keyword] : []) as unknown[];
  const resolve =
    (document: JsonObject) =>
    (node: unknown): unknown => {
      const resolved = refOf(node) === undefined ? undefined : deref(document, node);
      return resolved?.ok === true ? resolved.value : node;
    };
  const pairs =
    keyword === "prefixItems"
      ? positionalPairs(old, now)
      : matchBranches(old, now, resolve(recorder.base), resolve(recorder.revision));
  for (const [oldIndex, nowIndex] of pairs) {
    const detail = { keyword };
    if (nowIndex === undefined && oldIndex !== undefined) {
      const basePointer = childPointer(base.pointer, keyword, oldIndex);
      recorder.record(scope, { node: "schema", kind: "removed", basePointer, before: old[oldIndex], detail });
    } else if (oldIndex === undefined && nowIndex !== undefined) {
      const revisionPointer = childPointer(revision.pointer, keyword, nowIndex);
      recorder.record(scope, { node: "schema", kind: "added", revisionPointer, after: now[nowIndex], detail });
    } else if (oldIndex !== undefined && nowIndex !== undefined) {
      compareSchemas(
        recorder,
        scope,
        { node: old[oldIndex], pointer: childPointer(base.pointer, keyword, oldIndex) },
        { node: now[nowIndex], pointer: childPointer(revision.pointer, keyword, nowIndex) },
      );
    }
  }
}

type Pair = readonly [number | undefined, number | undefined];

function positionalPairs(old: readonly unknown[], now: readonly unknown[]): Pair[] {
  return Array.from({ length: Math.max(old.length, now.length) }, (_, index) => [
    index < old.length ? index : undefined,
    index < now.length ? index : undefined,
  ]);
}

/**
 * Branches of allOf/anyOf/oneOf are a set: a branch naming the same `$ref`, or equal (an inline branch and the
 * target of a `$ref`, titles and descriptions aside: an inline enum moved to a component), is the same branch
 * wherever it stands; the rest are paired by likeness (shared keys and values), and what is left was added or removed.
 */
export function matchBranches(
  old: readonly unknown[],
  now: readonly unknown[],
  resolveOld: (node: unknown) => unknown = (node) => node,
  resolveNow: (node: unknown) => unknown = (node) => node,
): Pair[] {
  const pairs: Pair[] = [];
  const freeOld = new Set(old.keys());
  const freeNow = new Set(now.keys());
  const take = (i: number, j: number): void => {
    pairs.push([i, j]);
    freeOld.delete(i);
    freeNow.delete(j);
  };
  const content = (value: unknown): string => canonical(withoutAnnotations(value));
  const tests = [
    (a: unknown, b: unknown) => canonical(a) === canonical(b),
    sameRef,
    // Two different `$ref`s are two alternatives however alike their targets (a discriminator maps the names).
    (a: unknown, b: unknown) =>
      (refOf(a) === undefined || refOf(b) === undefined) && content(resolveOld(a)) === content(resolveNow(b)),
  ];
  for (const same of tests)
    for (const i of [...freeOld])
      for (const j of freeNow)
        if (same(old[i], now[j])) {
          take(i, j);
          break;
        }
  for (const i of [...freeOld]) {
    let best: number | undefined;
    let bestScore = 0;
    for (const j of freeNow) {
      if (refOf(old[i]) !== undefined && refOf(now[j]) !== undefined) continue;
      const score = likeness(resolveOld(old[i]), resolveNow(now[j]));
      if (score > bestScore) [best, bestScore] = [j, score];
    }
    if (best !== undefined) take(i, best);
  }
  for (const i of freeOld) pairs.push([i, undefined]);
  for (const j of freeNow) pairs.push([undefined, j]);
  return pairs.sort((a, b) => (a[1] ?? a[0] ?? 0) - (b[1] ?? b[0] ?? 0));
}

function withoutAnnotations(value: unknown): unknown {
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !annotationKeywords.has(key)));
}

function sameRef(a: unknown, b: unknown): boolean {
  const ref = refOf(a);
  return ref !== undefined && ref === refOf(b);
}

/** How alike two inline branches are: keys with equal values count 2, shared keys 1; a different type rules out. */
function likeness(a: unknown, b: unknown): number {
  if (!isJsonObject(a) || !isJsonObject(b)) return 0;
  if (a["type"] !== undefined && b["type"] !== undefined && !sameValue("type", a["type"], b["type"])) return 0;
  let score = 0;
  for (const key of Object.keys(a)) if (key in b) score += canonical(a[key]) === canonical(b[key]) ? 2 : 1;
  return score;
}
