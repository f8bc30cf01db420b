/**
 * Parameters of an operation: the path item's and the operation's own (which override them by `in` and name),
 * matched by `in` and name (header names case-insensitively, RFC 9110 §5.1), compared field by field with `style`
 * and `explode` as the parameter uses them (OpenAPI 3.1 §4.8.12.4 defaults when not written), their schema or
 * content on the side the scope says.
 */
import { childPointer, isJsonObject } from "@account-funds/generator/json-pointer";
import {
  at,
  compareContent,
  compareField,
  compareRemainingFields,
  compareSchemaField,
  compareShared,
  objectOf,
  resolveObject,
} from "./objects.js";
import type { Recorder, Scope } from "./recorder.js";
import type { Located } from "./schemas.js";
import { canonical } from "./values.js";

/** Path-level parameters apply to every operation unless the operation overrides them (same `in` and name). */
function parameterList(
  recorder: Recorder,
  which: "base" | "revision",
  lists: readonly Located[],
): Map<string, Located> {
  const found = new Map<string, Located>();
  for (const list of lists) {
    if (!Array.isArray(list.node)) continue;
    list.node.forEach((item: unknown, index) => {
      const located = { node: item, pointer: childPointer(list.pointer, index) };
      const parameter = resolveObject(recorder, which, located).node;
      if (!isJsonObject(parameter)) return;
      found.set(parameterKey(parameter), located);
    });
  }
  return found;
}

/** `in` and name; header names are case-insensitive (RFC 9110 §5.1). */
function parameterKey(parameter: Record<string, unknown>): string {
  const name = String(parameter["name"]);
  return `${String(parameter["in"])} ${parameter["in"] === "header" ? name.toLowerCase() : name}`;
}

export function compareParameters(
  recorder: Recorder,
  scope: Scope,
  base: readonly Located[],
  revision: readonly Located[],
): void {
  const old = parameterList(recorder, "base", base);
  const now = parameterList(recorder, "revision", revision);
  const describe = (which: "base" | "revision", located: Located) => {
    const parameter = objectOf(resolveObject(recorder, which, located));
    return {
      name: String(parameter["name"]),
      in: String(parameter["in"]),
      parameter: { required: parameter["required"] === true },
    };
  };
  for (const [key, located] of old) {
    const match = now.get(key);
    if (match === undefined) {
      const resolved = resolveObject(recorder, "base", located);
      recorder.record(scope, {
        node: "parameter",
        kind: "removed",
        basePointer: resolved.pointer,
        before: resolved.node,
        detail: describe("base", located),
      });
    } else {
      compareShared(recorder, scope, "parameter", located, match, (from, to) =>
        compareParameter(recorder, scope, from, to),
      );
    }
  }
  for (const [key, located] of now)
    if (!old.has(key)) {
      const resolved = resolveObject(recorder, "revision", located);
      recorder.record(scope, {
        node: "parameter",
        kind: "added",
        revisionPointer: resolved.pointer,
        after: resolved.node,
        detail: describe("revision", located),
      });
    }
}

/** `style` and `explode` as the parameter uses them: the defaults of OpenAPI 3.1 §4.8.12.4 when not written. */
function serialization(parameter: Record<string, unknown>): { style: unknown; explode: unknown } {
  const style = parameter["style"] ?? (parameter["in"] === "query" || parameter["in"] === "cookie" ? "form" : "simple");
  return { style, explode: parameter["explode"] ?? style === "form" };
}

function compareParameter(recorder: Recorder, scope: Scope, base: Located, revision: Located): void {
  const old = objectOf(base);
  const now = objectOf(revision);
  const detail = {
    name: String(now["name"]),
    in: String(now["in"]),
    parameter: { required: now["required"] === true },
  };
  const effective = { base: serialization(old), revision: serialization(now) };
  for (const field of ["style", "explode"] as const)
    if (canonical(effective.base[field]) !== canonical(effective.revision[field]))
      recorder.record(scope, {
        node: "parameter",
        kind: "changed",
        property: field,
        basePointer: base.pointer,
        revisionPointer: revision.pointer,
        before: effective.base[field],
        after: effective.revision[field],
        detail,
      });
  for (const field of ["required", "allowEmptyValue", "allowReserved", "deprecated"]) {
    const normal = (value: unknown): unknown => (value === undefined ? false : value);
    if (normal(old[field]) !== normal(now[field]))
      compareField(recorder, scope, "parameter", field, base, revision, detail);
  }
  compareSchemaField(recorder, scope, "parameter", base, revision, "schema", detail);
  compareContent(recorder, scope, at(base, "content"), at(revision, "content"));
  compareRemainingFields(
    recorder,
    scope,
    "parameter",
    base,
    revision,
    new Set([
      "name",
      "in",
      "style",
      "explode",
      "required",
      "allowEmptyValue",
      "allowReserved",
      "deprecated",
      "schema",
      "content",
    ]),
    detail,
  );
}
