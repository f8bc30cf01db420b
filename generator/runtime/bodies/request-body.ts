/**
 * The body of a request as it is sent: JSON, form-encoded (the token endpoints), text, or `multipart/form-data` for
 * `multipart(...)` and FormData. Misuse the types rule out (a missing required body, a body for a command that
 * takes none) is an `InvalidArgumentError` before anything is sent.
 */
import { invalidArgument } from "../errors/errors.js";
import { MultipartBody, encodeMultipart } from "./multipart.js";
import { methodName, type OperationMetadata } from "../operations/operation-metadata.js";

export interface EncodedBody {
  readonly body: string | Blob | FormData;
  readonly contentType: string | null;
}

export function encodeBody(operation: OperationMetadata, body: unknown): EncodedBody | undefined {
  const accepted = operation.requestBody;
  if (body === undefined) {
    if (accepted?.required) throw invalidArgument(`${methodName(operation)} needs a request body`);
    return undefined;
  }
  if (!accepted) throw invalidArgument(`${methodName(operation)} takes no request body`);
  const mediaType = requestMediaType(accepted, body);
  if (mediaType === "multipart/form-data") {
    if (!accepted.mediaTypes.includes(mediaType))
      throw invalidArgument(`${methodName(operation)} does not accept multipart/form-data`);
    if (body instanceof MultipartBody) return encodeMultipart(body.parts);
    return { body: body as FormData, contentType: null }; // fetch sets the boundary
  }
  if (mediaType === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(body as object)) {
      if (value !== undefined && value !== null) form.set(name, String(value));
    }
    return { body: form.toString(), contentType: mediaType };
  }
  if (mediaType.startsWith("text/")) return { body: String(body), contentType: `${mediaType}; charset=utf-8` };
  return { body: JSON.stringify(body), contentType: isJson(mediaType) ? mediaType : "application/json" };
}

/** The media type a body goes as: multipart for `multipart(...)` and FormData, else the operation's first other one. */
export function requestMediaType(accepted: NonNullable<OperationMetadata["requestBody"]>, body: unknown): string {
  if (body instanceof MultipartBody || (typeof FormData !== "undefined" && body instanceof FormData))
    return "multipart/form-data";
  return accepted.mediaTypes.find((type) => type !== "multipart/form-data") ?? "application/json";
}

/** A JSON media type: `application/json` or any `+json` suffix (RFC 6839). */
export function isJson(mediaType: string): boolean {
  if (mediaType === "application/json") return true; // what the spec declares almost everywhere
  const type = mediaType.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || type.endsWith("+json");
}
