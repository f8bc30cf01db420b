/**
 * How a `multipart/form-data` body's schema splits into parts for validation. The schema describes the parts as
 * they travel, so a file is a binary string; the client takes files as Blobs and bytes. Value parts (JSON or text)
 * are validated with the part's own schema — a `$ref` keeps its component, so the withdrawal's `Request` part
 * shares the JSON body's validator — and file parts (binary strings: `format: binary`, or `contentMediaType`
 * without `contentEncoding`; alone or as array items) are checked by shape at run time, against the content
 * types the media type's `encoding` lists. Without an `encoding` content type any type goes: a schema's
 * `contentMediaType: application/octet-stream` says "bytes", not "only octet-stream".
 */
import {
  childPointer,
  componentRefName,
  deref,
  isJsonObject,
  resolvePointer,
  type JsonObject,
} from "../json-pointer/json-pointer.js";
import type { MediaModel, MultipartFilePart, MultipartModel, MultipartValuePart } from "./model.js";
import type { Problems } from "./document.js";

/** The parts of a multipart media type (`media.mediaType` is `multipart/form-data`); undefined without a schema. */
export function multipartParts(
  document: JsonObject,
  media: Pick<MediaModel, "schemaName" | "schemaPointer">,
  problems: Problems,
): MultipartModel | undefined {
  if (media.schemaPointer === undefined) return undefined;
  const schema = resolve(
    document,
    media.schemaName === undefined ? media.schemaPointer : childPointer("/components/schemas", media.schemaName),
    problems,
  );
  if (schema === undefined) return undefined;
  const mediaObject = resolvePointer(document, media.schemaPointer.replace(/\/schema$/, ""));
  const encoding = isJsonObject(mediaObject) && isJsonObject(mediaObject["encoding"]) ? mediaObject["encoding"] : {};
  const properties = isJsonObject(schema.node["properties"]) ? schema.node["properties"] : {};
  const values: MultipartValuePart[] = [];
  const files: MultipartFilePart[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const at = childPointer(schema.pointer, "properties", name);
    const resolved = resolve(document, at, problems)?.node;
    if (resolved === undefined) continue;
    const items =
      resolved["type"] === "array" && resolved["items"] !== undefined
        ? resolve(document, childPointer(at, "items"), problems)?.node
        : undefined;
    if (isBinary(resolved) || (items !== undefined && isBinary(items))) {
      const contentTypes = contentTypesOf(encoding[name]);
      files.push({ name, multiple: !isBinary(resolved), ...(contentTypes === undefined ? {} : { contentTypes }) });
      continue;
    }
    const component = componentRefName(property, "schemas");
    values.push({
      name,
      schema: component === undefined ? { schemaPointer: at } : { schemaName: component, schemaPointer: at },
    });
  }
  const required = Array.isArray(schema.node["required"])
    ? schema.node["required"].filter((name): name is string => typeof name === "string")
    : [];
  return { required, values, files };
}

function isBinary(schema: JsonObject): boolean {
  const declared = schema["type"];
  const types: readonly unknown[] = Array.isArray(declared) ? declared : [declared];
  if (!types.includes("string")) return false;
  return (
    schema["format"] === "binary" ||
    (schema["contentMediaType"] !== undefined && schema["contentEncoding"] === undefined)
  );
}

function contentTypesOf(encoding: unknown): string[] | undefined {
  const contentType = isJsonObject(encoding) ? encoding["contentType"] : undefined;
  if (typeof contentType !== "string") return undefined;
  const types = contentType
    .split(",")
    .map((type) => type.trim())
    .filter((type) => type !== "");
  return types.length === 0 || types.includes("*/*") ? undefined : types;
}

/** The schema at `pointer`, following local `$ref`s; a problem (and undefined) when it is not a schema object. */
function resolve(
  document: JsonObject,
  pointer: string,
  problems: Problems,
): { node: JsonObject; pointer: string } | undefined {
  const resolved = deref(document, resolvePointer(document, pointer), pointer);
  if (resolved.ok && isJsonObject(resolved.value)) return { node: resolved.value, pointer: resolved.pointer };
  problems.add(pointer, "a multipart/form-data schema or part is not a schema object (or its $ref does not resolve)");
  return undefined;
}
