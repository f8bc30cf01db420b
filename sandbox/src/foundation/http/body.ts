/**
 * Parses a request body read by `body-reader.ts` by its media type: JSON, form-urlencoded (token requests) and
 * multipart/form-data (withdrawals with supporting documents). A bad body is an error value, never a throw.
 */
import type { ApiError } from "./api-error.js";
import { jsonStructureError, jsonStructureProblemOf, type JsonStructureLimits } from "./json-structure.js";
import { mediaTypeOf } from "./media-type.js";

export { mediaTypeOf } from "./media-type.js";

export interface UploadedFile {
  readonly fieldName: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
}

export type ParsedBody =
  | { readonly kind: "none" }
  | { readonly kind: "json"; readonly value: unknown }
  | { readonly kind: "form"; readonly value: URLSearchParams }
  | {
      readonly kind: "multipart";
      /** Value parts as text (a JSON part is parsed by the caller, who knows the part's media type). */
      readonly fields: ReadonlyMap<string, { readonly text: string; readonly contentType: string | undefined }>;
      readonly files: readonly UploadedFile[];
    };

export type BodyResult =
  | { readonly ok: true; readonly body: ParsedBody }
  | { readonly ok: false; readonly error: ApiError };

/** The bytes as UTF-8 text, without copying them first. */
export function utf8(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
}

/**
 * Parses `raw` as one of the `accepted` media types; a body of another type is 415 (RFC 9110 §15.5.16). The body
 * reader checked a JSON body's structure as it arrived; `structure` bounds a multipart body's value parts, which
 * are JSON too, before anyone parses them.
 */
export async function parseBody(
  raw: Uint8Array,
  contentType: string | null,
  accepted: readonly string[],
  structure: JsonStructureLimits,
): Promise<BodyResult> {
  if (raw.length === 0 && contentType === null) return { ok: true, body: { kind: "none" } };
  const mediaType = mediaTypeOf(contentType);
  if (mediaType === undefined || !accepted.includes(mediaType)) {
    return {
      ok: false,
      error: {
        status: 415,
        code: "unsupported_media_type",
        message: `Content-Type ${mediaType ?? "(none)"} is not accepted here; send ${accepted.join(" or ")}.`,
      },
    };
  }
  switch (mediaType) {
    case "application/json":
      return parseJson(raw);
    case "application/x-www-form-urlencoded":
      return { ok: true, body: { kind: "form", value: new URLSearchParams(utf8(raw)) } };
    case "multipart/form-data":
      return parseMultipart(raw, contentType!, structure);
    default:
      return { ok: true, body: { kind: "json", value: utf8(raw) } };
  }
}

function parseJson(raw: Uint8Array): BodyResult {
  try {
    return { ok: true, body: { kind: "json", value: JSON.parse(utf8(raw)) as unknown } };
  } catch (error) {
    return {
      ok: false,
      error: { status: 400, code: "invalid_json", message: `The body is not valid JSON: ${(error as Error).message}` },
    };
  }
}

/**
 * Node's fetch (undici) parses multipart per RFC 7578, so the sandbox does not carry a parser of its own; the
 * body reader has counted the parts already (undici's parser slows down sharply with many of them).
 */
async function parseMultipart(
  raw: Uint8Array,
  contentType: string,
  structure: JsonStructureLimits,
): Promise<BodyResult> {
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    return {
      ok: false,
      error: {
        status: 400,
        code: "invalid_multipart",
        message: `The multipart body cannot be read: ${(error as Error).message}`,
      },
    };
  }
  const fields = new Map<string, { text: string; contentType: string | undefined }>();
  const files: UploadedFile[] = [];
  for (const [name, value] of form.entries()) {
    // A part without a file name is a value part, possibly sent with its own content type (`Request` as JSON).
    const isValue = typeof value === "string" || value.name === "" || value.name === "blob";
    if (isValue) {
      const bytes = typeof value === "string" ? Buffer.from(value) : new Uint8Array(await value.arrayBuffer());
      const problem = jsonStructureProblemOf(bytes, structure);
      if (problem !== undefined)
        return { ok: false, error: { ...jsonStructureError(problem, structure), target: `/${name}` } };
      const partType = typeof value === "string" || value.type === "" ? undefined : value.type;
      fields.set(name, { text: utf8(bytes), contentType: partType });
    } else {
      files.push({ fieldName: name, fileName: value.name, contentType: value.type, size: value.size });
    }
  }
  return { ok: true, body: { kind: "multipart", fields, files } };
}
