/** RFC 6901 JSON Pointer encoding, so every reported location can be pasted into a `$ref` or a jq path. */
export function encodePointerSegment(segment: string | number): string {
  return String(segment).replaceAll("~", "~0").replaceAll("/", "~1");
}

export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((segment) => "/" + encodePointerSegment(segment)).join("");
}
