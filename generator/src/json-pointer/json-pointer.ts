/**
 * JSON as the generator and its readers (the review tool, the spec's tests) address it: the JSON types, RFC 6901
 * JSON pointers (escape, parse, format, resolve) and local `$ref`s (`#/components/schemas/FeeDto`, a URI fragment
 * holding a pointer, RFC 3986 §3.5). Every reported location is such a pointer, so it can be pasted into a `$ref`
 * or a jq path. Failures are data (`{ ok: false, reason }`), except for a malformed pointer given to
 * `parsePointer`, which is a caller's bug.
 */

/** A JSON object as parsed: its members are not checked, so each is read as `unknown` and narrowed where used. */
export type JsonObject = { readonly [key: string]: unknown };

/** A JSON value as parsed, narrowed one level: what `JSON.parse` returns. */
export type JsonValue = null | boolean | number | string | readonly unknown[] | JsonObject;

export function isJsonObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function isJsonValue(value: unknown): value is JsonValue {
  return (
    value === null ||
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean" ||
    typeof value === "object"
  );
}

/** A pointer that is not `""` and does not start with `/`, or a `~` not followed by `0` or `1` (RFC 6901 §3). */
export class JsonPointerError extends Error {
  readonly pointer: string;

  constructor(pointer: string, reason: string) {
    super(`not a JSON pointer (${reason}): ${JSON.stringify(pointer)}`);
    this.name = "JsonPointerError";
    this.pointer = pointer;
  }
}

/** One reference token, escaped: `~` → `~0`, then `/` → `~1` (RFC 6901 §3). */
export function escapePointerSegment(segment: string | number): string {
  return String(segment).replaceAll("~", "~0").replaceAll("/", "~1");
}

/** One reference token, unescaped: `~1` → `/`, then `~0` → `~` (RFC 6901 §4; the order keeps `~01` as `~1`). */
export function unescapePointerSegment(token: string): string {
  if (/~(?![01])/.test(token)) throw new JsonPointerError(token, "`~` must be followed by 0 or 1");
  return token.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** `["paths", "/api/v1/Accounts", "get"]` → `"/paths/~1api~1v1~1Accounts/get"`; `[]` → `""` (the whole document). */
export function formatPointer(segments: readonly (string | number)[]): string {
  return segments.map((segment) => "/" + escapePointerSegment(segment)).join("");
}

/** `"/paths/~1api~1v1~1Accounts/get"` → `["paths", "/api/v1/Accounts", "get"]`; `""` → `[]`. Throws JsonPointerError. */
export function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new JsonPointerError(pointer, "it must be empty or start with /");
  return pointer.slice(1).split("/").map(unescapePointerSegment);
}

/** Whether `text` is a well-formed pointer. */
export function isPointer(text: string): boolean {
  return text === "" || (text.startsWith("/") && !/~(?![01])/.test(text));
}

/** Appends segments to a pointer: `childPointer("/paths", "/api/v1/Accounts")` → `"/paths/~1api~1v1~1Accounts"`. */
export function childPointer(pointer: string, ...segments: readonly (string | number)[]): string {
  return pointer + formatPointer(segments);
}

/**
 * The value at `pointer` in `document`, or undefined when a token names no member (own members only, so
 * `/constructor` is never an object's prototype member) or the pointer is malformed. Array indices are decimal
 * without leading zeros; `-` (past the end) names nothing.
 */
export function resolvePointer(document: unknown, pointer: string): unknown {
  if (!isPointer(pointer)) return undefined;
  let node = document;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      node = node[Number(token)];
    } else if (isJsonObject(node)) {
      if (!Object.hasOwn(node, token)) return undefined;
      node = node[token];
    } else {
      return undefined;
    }
  }
  return node;
}

/** The pointer a local `$ref` holds (`#/components/schemas/Fee%20Dto` → `/components/schemas/Fee Dto`); undefined for another document's. */
export function refPointer(ref: string): string | undefined {
  if (!ref.startsWith("#")) return undefined;
  const fragment = ref.slice(1);
  let decoded: string;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    decoded = fragment;
  }
  return isPointer(decoded) ? decoded : undefined;
}

/** Where a `$ref` led: the value and its pointer, or why it led nowhere. */
export type Resolved =
  | { readonly ok: true; readonly value: unknown; readonly pointer: string }
  | { readonly ok: false; readonly reason: string };

/** One `$ref`, resolved in `document`: local refs only (a bundle has no other kind). */
export function resolveRef(document: unknown, ref: string): Resolved {
  const pointer = refPointer(ref);
  if (pointer === undefined) {
    return {
      ok: false,
      reason: ref.startsWith("#")
        ? `$ref ${JSON.stringify(ref)} is not a JSON pointer`
        : `$ref ${JSON.stringify(ref)} is not local after bundling`,
    };
  }
  const value = resolvePointer(document, pointer);
  return value === undefined
    ? { ok: false, reason: `unresolved $ref ${JSON.stringify(ref)}` }
    : { ok: true, value, pointer };
}

/** The `$ref` string of a Reference Object (or a schema that is one), else undefined. */
export function refOf(node: unknown): string | undefined {
  return isJsonObject(node) && typeof node["$ref"] === "string" ? node["$ref"] : undefined;
}

/**
 * Follows `$ref`s from `node` (found at `pointer`, when known) until a value that is not a reference; the result's
 * pointer is where that value is. An unresolved, external or circular ref is a failure with its reason. Sibling
 * keywords of a `$ref` are not merged here (what they mean depends on the object: model/document.ts).
 */
export function deref(document: unknown, node: unknown, pointer = ""): Resolved {
  let current: { value: unknown; pointer: string } = { value: node, pointer };
  const seen = new Set<string>();
  for (let ref = refOf(current.value); ref !== undefined; ref = refOf(current.value)) {
    const resolved = resolveRef(document, ref);
    if (!resolved.ok) return resolved;
    if (seen.has(resolved.pointer)) return { ok: false, reason: `circular $ref ${JSON.stringify(ref)}` };
    seen.add(resolved.pointer);
    current = resolved;
  }
  return { ok: true, ...current };
}

/** The component name a `{ $ref: "#/components/<kind>/<Name>" }` node points to, if it is one. */
export function componentRefName(node: unknown, kind: string): string | undefined {
  const ref = refOf(node);
  const pointer = ref === undefined ? undefined : refPointer(ref);
  if (pointer === undefined || pointer === "") return undefined;
  const segments = parsePointer(pointer);
  return segments.length === 3 && segments[0] === "components" && segments[1] === kind ? segments[2] : undefined;
}
