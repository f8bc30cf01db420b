/**
 * Reading the bundled document safely: typed accessors for untyped JSON, local `$ref` resolution, and a
 * collector for the problems found on the way (the model reports them all at once, not only the first).
 */
import type { SpecProblem } from "../load/spec-error.js";
import { getAtPointer, parsePointer } from "./json-pointer.js";

export type JsonObject = { readonly [key: string]: unknown };

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function stringOr(value: unknown, fallback: string): string {
  return typeof value === "string" ? value : fallback;
}

/** Problems of the spec found while building the model; pointers are into the bundled document. */
export class Problems {
  readonly list: SpecProblem[] = [];

  add(pointer: string, reason: string): void {
    this.list.push({ pointer, reason });
  }
}

export interface Located<T> {
  readonly node: T;
  /** Where `node` is in the bundled document (after following refs). */
  readonly pointer: string;
}

/**
 * Follows local `$ref`s (`#/components/parameters/Id`) until a node without one. Reference Object siblings
 * (`summary`, `description`) override the target's, as OpenAPI 3.1 says. Reports unresolved, external and
 * circular refs and returns undefined for them.
 */
export function resolveRefs(document: JsonObject, node: unknown, pointer: string, problems: Problems): Located<JsonObject> | undefined {
  let current: Located<unknown> = { node, pointer };
  const overrides: { [key: string]: unknown } = {};
  const seen = new Set<string>();
  while (isObject(current.node) && typeof current.node["$ref"] === "string") {
    const ref = current.node["$ref"];
    for (const key of ["summary", "description"]) {
      if (current.node[key] !== undefined && overrides[key] === undefined) overrides[key] = current.node[key];
    }
    if (!ref.startsWith("#")) {
      problems.add(current.pointer, `$ref ${JSON.stringify(ref)} is not local after bundling`);
      return undefined;
    }
    const target = refPointer(ref);
    if (seen.has(target)) {
      problems.add(current.pointer, `circular $ref ${JSON.stringify(ref)}`);
      return undefined;
    }
    seen.add(target);
    const resolved = getAtPointer(document, target);
    if (resolved === undefined) {
      problems.add(current.pointer, `unresolved $ref ${JSON.stringify(ref)}`);
      return undefined;
    }
    current = { node: resolved, pointer: target };
  }
  if (!isObject(current.node)) {
    problems.add(current.pointer, "expected an object");
    return undefined;
  }
  return { node: Object.keys(overrides).length === 0 ? current.node : { ...current.node, ...overrides }, pointer: current.pointer };
}

/** `#/components/schemas/Fee%20Dto` → `/components/schemas/Fee Dto`. */
export function refPointer(ref: string): string {
  const fragment = ref.startsWith("#") ? ref.slice(1) : ref;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** The component name a `{ $ref: "#/components/<kind>/<Name>" }` node points to, if it is one. */
export function componentRefName(node: unknown, kind: string): string | undefined {
  if (!isObject(node) || typeof node["$ref"] !== "string" || !node["$ref"].startsWith("#")) return undefined;
  const pointer = refPointer(node["$ref"]);
  if (!pointer.startsWith("/")) return undefined;
  const segments = parsePointer(pointer);
  return segments.length === 3 && segments[0] === "components" && segments[1] === kind ? segments[2] : undefined;
}
