/**
 * Bodies of an operation: the request body and every declared response, each with its media types, the
 * component schema a media type names (`$ref: #/components/schemas/X` → `X`) and where its schema is.
 */
import type { MediaModel, RequestBodyModel, ResponseModel } from "./model.js";
import { childPointer } from "./json-pointer.js";
import { componentRefName, isObject, resolveRefs, stringOr, type JsonObject, type Problems } from "./document.js";

export function buildRequestBody(document: JsonObject, node: unknown, pointer: string, problems: Problems): RequestBodyModel | undefined {
  if (node === undefined) return undefined;
  const resolved = resolveRefs(document, node, pointer, problems);
  if (resolved === undefined) return undefined;
  const contents = buildContents(resolved.node["content"], childPointer(resolved.pointer, "content"), problems);
  if (contents.length === 0) problems.add(resolved.pointer, "request body declares no media type");
  return { required: resolved.node["required"] === true, contents };
}

export function buildResponses(document: JsonObject, node: unknown, pointer: string, problems: Problems): ResponseModel[] {
  if (!isObject(node) || Object.keys(node).length === 0) {
    problems.add(pointer, "operation declares no responses");
    return [];
  }
  const responses: ResponseModel[] = [];
  for (const [status, entry] of Object.entries(node)) {
    const at = childPointer(pointer, status);
    if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) {
      problems.add(at, `response status ${JSON.stringify(status)} is not a status code, a range like 2XX, or default`);
      continue;
    }
    const resolved = resolveRefs(document, entry, at, problems);
    if (resolved === undefined) continue;
    const headers = resolved.node["headers"];
    responses.push({
      status,
      description: stringOr(resolved.node["description"], ""),
      success: status.startsWith("2"),
      contents: buildContents(resolved.node["content"], childPointer(resolved.pointer, "content"), problems),
      headers: isObject(headers) ? Object.keys(headers) : [],
    });
  }
  return responses;
}

export function buildContents(node: unknown, pointer: string, problems: Problems): MediaModel[] {
  if (node === undefined) return [];
  if (!isObject(node)) {
    problems.add(pointer, "content must map media types to Media Type Objects");
    return [];
  }
  return Object.entries(node).map(([mediaType, media]) => buildMedia(mediaType, media, childPointer(pointer, mediaType)));
}

export function buildMedia(mediaType: string, media: unknown, pointer: string): MediaModel {
  const schema = isObject(media) ? media["schema"] : undefined;
  if (schema === undefined) return { mediaType };
  const schemaName = componentRefName(schema, "schemas");
  const schemaPointer = childPointer(pointer, "schema");
  return schemaName === undefined ? { mediaType, schemaPointer } : { mediaType, schemaName, schemaPointer };
}
