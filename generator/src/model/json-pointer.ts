/** RFC 6901 JSON Pointer encoding, so every reported location can be pasted into a `$ref` or a jq path. */
export function encodePointerSegment(segment: string | number): string {
  return String(segment).replaceAll("~", "~0").replaceAll("/", "~1");
}

export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((segment) => "/" + encodePointerSegment(segment)).join("");
}

/** `"/paths/~1api~1v1~1Accounts/get"` → `["paths", "/api/v1/Accounts", "get"]`; `""` → `[]`. */
export function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new Error(`not a JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split("/")
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** Appends segments to a pointer: `childPointer("/paths", "/api/v1/Accounts")` → `"/paths/~1api~1v1~1Accounts"`. */
export function childPointer(pointer: string, ...segments: readonly (string | number)[]): string {
  return pointer + toPointer(segments);
}

/** The value at `pointer` in `document`, or undefined when a segment is missing. */
export function getAtPointer(document: unknown, pointer: string): unknown {
  if (pointer !== "" && !pointer.startsWith("/")) return undefined;
  let node = document;
  for (const segment of parsePointer(pointer)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as { readonly [key: string]: unknown })[segment];
  }
  return node;
}
