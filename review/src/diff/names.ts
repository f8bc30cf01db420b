/** How a change is named in messages: the property and the schema that holds it, the parameter, or the operation. */
import {
  formatPointer,
  isJsonObject,
  parsePointer,
  resolvePointer,
  type JsonObject,
} from "@account-funds/generator/json-pointer";

const methods = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]);

/** A name a reader recognises: `Reference` of `CreateAccountTransfer`, parameter `$top` (query), `GET /api/v1/Transfers`. */
export function subjectOf(pointer: string, document: JsonObject): string {
  const segments = parsePointer(pointer);
  const lastProperty = segments.lastIndexOf("properties");
  const owner = ownerOf(segments, document);
  if (lastProperty >= 0 && lastProperty + 1 < segments.length) {
    const name = segments[lastProperty + 1];
    const inside = segments.slice(lastProperty + 2);
    const tail = inside.length === 0 ? "" : ` (${inside.join("/")})`;
    return `\`${name}\`${tail} of ${owner}`;
  }
  return owner;
}

function ownerOf(segments: readonly string[], document: JsonObject): string {
  const [section, first, second] = segments;
  if (section === "components" && first !== undefined && second !== undefined) {
    if (first === "parameters") {
      const parameter = resolvePointer(document, formatPointer(["components", "parameters", second]));
      const name = isJsonObject(parameter) ? parameter["name"] : undefined;
      return isJsonObject(parameter) && typeof name === "string"
        ? `parameter \`${name}\` (${String(parameter["in"])})`
        : `\`${second}\``;
    }
    return `\`${second}\``;
  }
  if (section === "paths" && first !== undefined)
    return second !== undefined && methods.has(second) ? `\`${second.toUpperCase()} ${first}\`` : `\`${first}\``;
  if (section === "webhooks" && first !== undefined) return `webhook \`${first}\``;
  return segments.length === 0 ? "the document" : `\`${segments.join("/")}\``;
}

/** The schema that holds `properties/<name>` at the end of a pointer, and that name. */
export function propertyOwner(pointer: string): { readonly schema: string; readonly name: string } | undefined {
  const segments = parsePointer(pointer);
  const name = segments.at(-1);
  if (segments.at(-2) !== "properties" || name === undefined) return undefined;
  return { schema: formatPointer(segments.slice(0, -2)), name };
}
