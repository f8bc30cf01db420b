/**
 * Bodies of an operation: the request body and every declared response, each with its media types, the
 * component schema a media type names (`$ref: #/components/schemas/X` → `X`), where its schema is, its first
 * example and, for `multipart/form-data`, its parts.
 */
import {
  childPointer,
  componentRefName,
  deref,
  isJsonObject,
  isJsonValue,
  type JsonObject,
  type JsonValue,
} from "../json-pointer/json-pointer.js";
import type { MediaModel, RequestBodyModel, ResponseModel } from "./model.js";
import { resolveRefs, stringOr, type Problems } from "./document.js";
import { multipartParts } from "./multipart.js";

export function buildRequestBody(
  document: JsonObject,
  node: unknown,
  pointer: string,
  problems: Problems,
): RequestBodyModel | undefined {
  if (node === undefined) return undefined;
  const resolved = resolveRefs(document, node, pointer, problems);
  if (resolved === undefined) return undefined;
  const contents = buildContents(
    document,
    resolved.node["content"],
    childPointer(resolved.pointer, "content"),
    problems,
  );
  if (contents.length === 0) problems.add(resolved.pointer, "request body declares no media type");
  return {
    required: resolved.node["required"] === true,
    description: stringOr(resolved.node["description"], ""),
    contents,
  };
}

export function buildResponses(
  document: JsonObject,
  node: unknown,
  pointer: string,
  problems: Problems,
): ResponseModel[] {
  // OpenAPI 3.1 makes `responses` optional (§4.8.10): an operation without it documents no response, and its call
  // resolves to whatever a success carries (`unknown`), as an undeclared success does. Present, it must list one.
  if (node === undefined) return [];
  if (!isJsonObject(node) || Object.keys(node).length === 0) {
    problems.add(pointer, "responses lists no response (leave it out for an operation that documents none)");
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
    const headersAt = childPointer(resolved.pointer, "headers");
    const declared = isJsonObject(headers) ? Object.entries(headers) : [];
    responses.push({
      status,
      description: stringOr(resolved.node["description"], ""),
      success: status.startsWith("2"),
      contents: buildContents(document, resolved.node["content"], childPointer(resolved.pointer, "content"), problems),
      headers: declared.map(([name]) => name),
      requiredHeaders: declared
        .filter(
          ([name, header]) =>
            resolveRefs(document, header, childPointer(headersAt, name), problems)?.node["required"] === true,
        )
        .map(([name]) => name),
    });
  }
  return responses;
}

function buildContents(document: JsonObject, node: unknown, pointer: string, problems: Problems): MediaModel[] {
  if (node === undefined) return [];
  if (!isJsonObject(node)) {
    problems.add(pointer, "content must map media types to Media Type Objects");
    return [];
  }
  return Object.entries(node).map(([mediaType, media]) =>
    buildMedia(document, mediaType, media, childPointer(pointer, mediaType), problems),
  );
}

function buildMedia(
  document: JsonObject,
  mediaType: string,
  media: unknown,
  pointer: string,
  problems: Problems,
): MediaModel {
  const node = isJsonObject(media) ? media : {};
  const example = firstExample(document, node);
  const schema = node["schema"];
  if (!isJsonValue(schema)) return { mediaType, ...example };
  const schemaName = componentRefName(schema, "schemas");
  const located = {
    ...(schemaName === undefined ? {} : { schemaName }),
    schemaPointer: childPointer(pointer, "schema"),
  };
  const multipart = mediaType === "multipart/form-data" ? multipartParts(document, located, problems) : undefined;
  return { mediaType, ...located, schema, ...example, ...(multipart === undefined ? {} : { multipart }) };
}

/** `example`, else the `value` of the first of `examples` (an Example Object or a `$ref` to one). */
function firstExample(document: JsonObject, media: JsonObject): { example?: JsonValue } {
  const own = media["example"];
  if (isJsonValue(own)) return { example: own };
  const first = isJsonObject(media["examples"]) ? Object.values(media["examples"])[0] : undefined;
  const resolved = first === undefined ? undefined : deref(document, first);
  const value = resolved?.ok === true && isJsonObject(resolved.value) ? resolved.value["value"] : undefined;
  return isJsonValue(value) ? { example: value } : {};
}
