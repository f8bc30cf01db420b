/**
 * The OpenAPI objects between an operation and its schemas: parameters, request bodies, responses, headers, media
 * types, encodings and links. Each is matched by what identifies it (a parameter by `in` and name, a response by
 * status, a media type by name), compared field by field, and its schemas handed to compareSchemas on the side the
 * scope says.
 */
import { childPointer, deref, isJsonObject, refOf, type JsonObject } from "@account-funds/generator/json-pointer";
import type { ChangeDetail, NodeKind } from "../change.js";
import { mediaTypeKey, specialisesMediaType } from "../media-types.js";
import type { Recorder, Scope } from "./recorder.js";
import { compareSchemas, type Located } from "./schemas.js";
import { canonical } from "./values.js";

/** Fields that only document. */
export const documentationFields: ReadonlySet<string> = new Set([
  "description",
  "summary",
  "example",
  "examples",
  "externalDocs",
]);

/** Follows a Reference Object, marking its target as reached. */
export function resolveObject(recorder: Recorder, which: "base" | "revision", located: Located): Located {
  if (refOf(located.node) === undefined) return located;
  const document = which === "base" ? recorder.base : recorder.revision;
  const resolved = deref(document, located.node, located.pointer);
  if (!resolved.ok) return located;
  recorder.reached[which].add(resolved.pointer);
  return { node: resolved.value, pointer: resolved.pointer };
}

/** Compares two objects that may be `$ref`s: a pair of targets both sides share is compared once per scope. */
export function compareShared(
  recorder: Recorder,
  scope: Scope,
  kind: string,
  base: Located,
  revision: Located,
  compare: (base: Located, revision: Located) => void,
): void {
  const from = resolveObject(recorder, "base", base);
  const to = resolveObject(recorder, "revision", revision);
  if (from === base || to === revision) return compare(from, to);
  const key = `${kind} ${scope.side} ${scope.polarity} ${scope.webhook} ${from.pointer} ${to.pointer}`;
  recorder.once(key, scope, () => compare(from, to));
}

/** One field of an object that has no finer comparison: a change of value. */
export function compareField(
  recorder: Recorder,
  scope: Scope,
  node: NodeKind,
  field: string,
  base: Located,
  revision: Located,
  detail: ChangeDetail = {},
): void {
  const before = isJsonObject(base.node) ? base.node[field] : undefined;
  const after = isJsonObject(revision.node) ? revision.node[field] : undefined;
  if (canonical(before) === canonical(after)) return;
  recorder.record(scope, {
    node,
    kind: "changed",
    property: field,
    basePointer: base.pointer,
    revisionPointer: revision.pointer,
    before,
    after,
    detail,
  });
}

/** The names of two maps, matched by a key (`keyOf`): pairs, and the names only one side has, in document order. */
export function matchNames(
  old: JsonObject,
  now: JsonObject,
  keyOf: (name: string) => string,
): { readonly pairs: [string, string][]; readonly removed: string[]; readonly added: string[] } {
  const nowByKey = new Map(Object.keys(now).map((name) => [keyOf(name), name]));
  const oldByKey = new Map(Object.keys(old).map((name) => [keyOf(name), name]));
  return {
    pairs: [...oldByKey].flatMap(([key, name]): [string, string][] => {
      const match = nowByKey.get(key);
      return match === undefined ? [] : [[name, match]];
    }),
    removed: [...oldByKey].filter(([key]) => !nowByKey.has(key)).map(([, name]) => name),
    added: [...nowByKey].filter(([key]) => !oldByKey.has(key)).map(([, name]) => name),
  };
}

/** A map of named objects (media types, headers, responses, ...): added, removed, and matched ones compared. */
export function compareMap(
  recorder: Recorder,
  scope: Scope,
  node: NodeKind,
  base: Located,
  revision: Located,
  compare: (name: string, base: Located, revision: Located) => void,
  keyOf: (name: string) => string = (name) => name,
  detailOf: (name: string, value: unknown) => ChangeDetail = (name) => ({ name }),
): void {
  const old = isJsonObject(base.node) ? base.node : {};
  const now = isJsonObject(revision.node) ? revision.node : {};
  const { pairs, removed, added } = matchNames(old, now, keyOf);
  for (const name of removed)
    recorder.record(scope, {
      node,
      kind: "removed",
      basePointer: childPointer(base.pointer, name),
      before: old[name],
      detail: detailOf(name, old[name]),
    });
  for (const [name, match] of pairs)
    compare(
      name,
      { node: old[name], pointer: childPointer(base.pointer, name) },
      { node: now[match], pointer: childPointer(revision.pointer, match) },
    );
  for (const name of added)
    recorder.record(scope, {
      node,
      kind: "added",
      revisionPointer: childPointer(revision.pointer, name),
      after: now[name],
      detail: detailOf(name, now[name]),
    });
}

/** Every other field of two objects, compared as values: the fields a caller did not handle itself. */
export function compareRemainingFields(
  recorder: Recorder,
  scope: Scope,
  node: NodeKind,
  base: Located,
  revision: Located,
  handled: ReadonlySet<string>,
  detail: ChangeDetail = {},
): void {
  const old = isJsonObject(base.node) ? base.node : {};
  const now = isJsonObject(revision.node) ? revision.node : {};
  for (const field of new Set([...Object.keys(old), ...Object.keys(now)]))
    if (!handled.has(field)) compareField(recorder, scope, node, field, base, revision, detail);
}

/**
 * Media types (request body, response, parameter or header `content`), matched by name without parameters
 * (`application/json; charset=utf-8` is `application/json`, RFC 9110 §8.3.1); a removed type and an added one that
 * specialises or generalises it (`application/json` → `application/problem+json`, RFC 6838 §4.2.8) are the same
 * content under a new name, as oasdiff pairs them.
 */
export function compareContent(recorder: Recorder, scope: Scope, base: Located, revision: Located): void {
  const old = objectOf(base);
  const now = objectOf(revision);
  const { pairs, removed, added } = matchNames(old, now, mediaTypeKey);
  for (const from of [...removed]) {
    const to = added.find((name) => relatedMediaTypes(from, name));
    if (to === undefined) continue;
    pairs.push([from, to]);
    removed.splice(removed.indexOf(from), 1);
    added.splice(added.indexOf(to), 1);
  }
  for (const name of removed)
    recorder.record(scope, {
      node: "media-type",
      kind: "removed",
      basePointer: childPointer(base.pointer, name),
      before: old[name],
      detail: { name },
    });
  for (const name of added)
    recorder.record(scope, {
      node: "media-type",
      kind: "added",
      revisionPointer: childPointer(revision.pointer, name),
      after: now[name],
      detail: { name },
    });
  for (const [from, to] of pairs) {
    const fromAt = { node: old[from], pointer: childPointer(base.pointer, from) };
    const toAt = { node: now[to], pointer: childPointer(revision.pointer, to) };
    if (from !== to)
      recorder.record(scope, {
        node: "media-type",
        kind: "changed",
        property: "name",
        basePointer: fromAt.pointer,
        revisionPointer: toAt.pointer,
        before: from,
        after: to,
        detail: { name: to },
      });
    compareMediaType(recorder, scope, to, fromAt, toAt);
  }
}

/** One is the other with a structured syntax suffix (`application/problem+json` of `application/json`) or a wildcard. */
function relatedMediaTypes(a: string, b: string): boolean {
  return specialisesMediaType(a, b) || specialisesMediaType(b, a);
}

const mediaTypeFields = new Set(["schema", "encoding"]);

function compareMediaType(recorder: Recorder, scope: Scope, name: string, base: Located, revision: Located): void {
  compareSchemaField(recorder, scope, "media-type", base, revision, "schema", { name });
  compareMap(recorder, scope, "encoding", at(base, "encoding"), at(revision, "encoding"), (property, from, to) =>
    compareRemainingFields(recorder, scope, "encoding", from, to, new Set(), { name: property }),
  );
  compareRemainingFields(recorder, scope, "media-type", base, revision, mediaTypeFields, { name });
}

/** A `schema` field: compared as schemas when both sides have one, else a change of the field. */
export function compareSchemaField(
  recorder: Recorder,
  scope: Scope,
  node: NodeKind,
  base: Located,
  revision: Located,
  field: string,
  detail: ChangeDetail = {},
): void {
  const before = isJsonObject(base.node) ? base.node[field] : undefined;
  const after = isJsonObject(revision.node) ? revision.node[field] : undefined;
  if (before !== undefined && after !== undefined)
    compareSchemas(
      recorder,
      scope,
      { node: before, pointer: childPointer(base.pointer, field) },
      { node: after, pointer: childPointer(revision.pointer, field) },
    );
  else compareField(recorder, scope, node, field, base, revision, detail);
}

/** A header object (response headers, encoding headers): required, schema or content, the rest. */
export function compareHeader(recorder: Recorder, scope: Scope, name: string, base: Located, revision: Located): void {
  compareShared(recorder, scope, "header", base, revision, (from, to) => {
    compareSchemaField(recorder, scope, "header", from, to, "schema", { name });
    compareContent(recorder, scope, at(from, "content"), at(to, "content"));
    compareRemainingFields(recorder, scope, "header", from, to, new Set(["schema", "content"]), { name });
  });
}

export const at = (located: Located, field: string): Located => ({
  node: isJsonObject(located.node) ? located.node[field] : undefined,
  pointer: childPointer(located.pointer, field),
});

export const objectOf = (located: Located): JsonObject => (isJsonObject(located.node) ? located.node : {});
