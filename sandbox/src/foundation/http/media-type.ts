/** The media type of a Content-Type without parameters, lower-cased (RFC 9110 §8.3.1: case-insensitive). */
export function mediaTypeOf(contentType: string | null | undefined): string | undefined {
  const type = contentType?.split(";", 1)[0]?.trim().toLowerCase();
  return type === undefined || type === "" ? undefined : type;
}
