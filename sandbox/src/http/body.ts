/**
 * Reads a request body with a size limit and parses it by media type: JSON, form-urlencoded (token requests)
 * and multipart/form-data (withdrawals with supporting documents). A bad body is an error value, never a throw.
 */
import type { IncomingMessage } from "node:http";

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

export interface BodyError {
  readonly status: 400 | 413 | 415;
  readonly code: string;
  readonly message: string;
}

export type BodyResult =
  { readonly ok: true; readonly body: ParsedBody } | { readonly ok: false; readonly error: BodyError };

/** The media type without parameters, lower-cased (RFC 9110 §8.3.1: type and subtype are case-insensitive). */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type === undefined || type === "" ? undefined : type;
}

const NO_BODY = Buffer.alloc(0);

export function readRaw(request: IncomingMessage, limit: number): Promise<Buffer | BodyError> {
  const tooLarge: BodyError = {
    status: 413,
    code: "payload_too_large",
    message: `The request body exceeds ${limit} bytes.`,
  };
  const length = request.headers["content-length"];
  if (Number(length ?? "0") > limit) {
    request.resume();
    return Promise.resolve(tooLarge);
  }
  // RFC 9112 §6.3: a request with neither Content-Length nor Transfer-Encoding has no body (every GET here), so
  // there is nothing to wait for; Node discards the empty stream itself.
  if (length === undefined && request.headers["transfer-encoding"] === undefined) return Promise.resolve(NO_BODY);
  // Plain events rather than `for await`: the async iterator cost a few % of a small request's CPU.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      request.off("data", onData);
      request.resume();
      resolve(tooLarge);
    };
    request.on("data", onData);
    request.once("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    request.once("error", reject);
  });
}

/** Parses `raw` as one of the `accepted` media types; a body of another type is 415 (RFC 9110 §15.5.16). */
export async function parseBody(
  raw: Buffer,
  contentType: string | undefined,
  accepted: readonly string[],
): Promise<BodyResult> {
  if (raw.length === 0 && contentType === undefined) return { ok: true, body: { kind: "none" } };
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
      return { ok: true, body: { kind: "form", value: new URLSearchParams(raw.toString("utf8")) } };
    case "multipart/form-data":
      return parseMultipart(raw, contentType!);
    default:
      return { ok: true, body: { kind: "json", value: raw.toString("utf8") } };
  }
}

function parseJson(raw: Buffer): BodyResult {
  try {
    return { ok: true, body: { kind: "json", value: JSON.parse(raw.toString("utf8")) as unknown } };
  } catch (error) {
    return {
      ok: false,
      error: { status: 400, code: "invalid_json", message: `The body is not valid JSON: ${(error as Error).message}` },
    };
  }
}

/** Node's fetch Request (undici) parses multipart per RFC 7578, so the sandbox does not carry a parser of its own. */
async function parseMultipart(raw: Buffer, contentType: string): Promise<BodyResult> {
  let form: FormData;
  try {
    form = await new Request("http://sandbox.invalid/", {
      method: "POST",
      headers: { "content-type": contentType },
      body: raw,
    }).formData();
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
    if (typeof value === "string") {
      fields.set(name, { text: value, contentType: undefined });
    } else if (value.name === "" || value.name === "blob") {
      // A part without a file name is a value part sent with its own content type (e.g. `Request` as JSON).
      fields.set(name, { text: await value.text(), contentType: value.type === "" ? undefined : value.type });
    } else {
      files.push({ fieldName: name, fileName: value.name, contentType: value.type, size: value.size });
    }
  }
  return { ok: true, body: { kind: "multipart", fields, files } };
}
