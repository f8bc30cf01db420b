/**
 * How a `multipart/form-data` body's schema splits into parts for validation. The schema describes the parts as
 * they travel, so a file is a binary string; the client takes files as Blobs and bytes. Value parts (JSON or text)
 * are validated with the part's own schema — a `$ref` keeps its component, so the withdrawal's `Request` part
 * shares the JSON body's validator — and file parts (binary strings: `format: binary`, or `contentMediaType`
 * without `contentEncoding`; alone or as array items) are checked by shape at run time, against the content
 * types the media type's `encoding` lists. Without an `encoding` content type any type goes: a schema's
 * `contentMediaType: application/octet-stream` says "bytes", not "only octet-stream".
 */
import { SpecError } from "../load/spec-error.js";
import { componentRefName, isObject, refPointer, type JsonObject } from "../model/document.js";
import { childPointer, getAtPointer } from "../model/json-pointer.js";
import type { MediaModel, OpenApiDocument } from "../model/model.js";

export interface MultipartValuePart {
  readonly name: string;
  /** The part's schema, as a media type names it: a component, or a pointer to an inline schema. */
  readonly schema: Pick<MediaModel, "schemaName" | "schemaPointer">;
}

export interface MultipartFilePart {
  readonly name: string;
  /** An array of files (one part per file) rather than one. */
  readonly multiple: boolean;
  /** From `encoding.<name>.contentType`; absent when any type goes. */
  readonly contentTypes?: readonly string[];
}

export interface MultipartParts {
  readonly required: readonly string[];
  readonly values: readonly MultipartValuePart[];
  readonly files: readonly MultipartFilePart[];
}

/** The parts of a multipart media type (`media.mediaType` is `multipart/form-data`); undefined without a schema. */
export function multipartParts(document: OpenApiDocument, media: MediaModel): MultipartParts | undefined {
  if (media.schemaPointer === undefined) return undefined;
  const schema = resolve(document, media.schemaName === undefined ? media.schemaPointer : childPointer("/components/schemas", media.schemaName));
  const mediaObject = getAtPointer(document, media.schemaPointer.replace(/\/schema$/, ""));
  const encoding = isObject(mediaObject) && isObject(mediaObject["encoding"]) ? mediaObject["encoding"] : {};
  const properties = isObject(schema.node["properties"]) ? schema.node["properties"] : {};
  const values: MultipartValuePart[] = [];
  const files: MultipartFilePart[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const at = childPointer(schema.pointer, "properties", name);
    const resolved = resolve(document, at).node;
    const items = resolved["type"] === "array" && resolved["items"] !== undefined ? resolve(document, childPointer(at, "items")).node : undefined;
    if (isBinary(resolved) || (items !== undefined && isBinary(items))) {
      const contentTypes = contentTypesOf(encoding[name]);
      files.push({ name, multiple: !isBinary(resolved), ...(contentTypes === undefined ? {} : { contentTypes }) });
      continue;
    }
    const component = componentRefName(property, "schemas");
    values.push({ name, schema: component === undefined ? { schemaPointer: at } : { schemaName: component, schemaPointer: at } });
  }
  const required = Array.isArray(schema.node["required"]) ? schema.node["required"].filter((name): name is string => typeof name === "string") : [];
  return { required, values, files };
}

function isBinary(schema: JsonObject): boolean {
  const types = Array.isArray(schema["type"]) ? (schema["type"] as unknown[]) : [schema["type"]];
  if (!types.includes("string")) return false;
  return schema["format"] === "binary" || (schema["contentMediaType"] !== undefined && schema["contentEncoding"] === undefined);
}

function contentTypesOf(encoding: unknown): string[] | undefined {
  const contentType = isObject(encoding) ? encoding["contentType"] : undefined;
  if (typeof contentType !== "string") return undefined;
  const types = contentType.split(",").map((type) => type.trim()).filter((type) => type !== "");
  return types.length === 0 || types.includes("*/*") ? undefined : types;
}

/** The schema at `pointer`, following local `$ref`s (the loader has already reported broken ones). */
function resolve(document: OpenApiDocument, pointer: string): { node: JsonObject; pointer: string } {
  let at = pointer;
  let node = getAtPointer(document, at);
  for (let depth = 0; isObject(node) && typeof node["$ref"] === "string" && depth < 32; depth++) {
    at = refPointer(node["$ref"]);
    node = getAtPointer(document, at);
  }
  if (!isObject(node) || typeof node["$ref"] === "string") throw new SpecError({ pointer, reason: "a multipart/form-data schema or part is not a schema object (or its $ref does not resolve)" });
  return { node, pointer: at };
}
