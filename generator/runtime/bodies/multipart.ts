/**
 * `multipart/form-data` bodies (RFC 7578), as the spec's `CreateAccountWithdrawal` with supporting documents
 * needs: object parts are JSON with `Content-Type: application/json` and no file name (the `Request` part), file
 * parts carry a file name and their own content type (each `SupportingDocuments` part), arrays become one part
 * per item, strings and numbers plain text parts.
 *
 * The body is encoded here rather than with `FormData`, because `FormData` gives every Blob part a file name
 * (`filename="blob"`), and a JSON part with a file name is a file to most servers, not a field.
 */

/** A file to upload: a `File` (name and type are taken from it), or bytes with a file name and content type. */
export type FilePart =
  | Blob
  | {
      readonly data: Blob | ArrayBuffer | ArrayBufferView | string;
      readonly filename: string;
      /** Default: the Blob's type, else `application/octet-stream`. */
      readonly contentType?: string;
    };

/**
 * A multipart request body, made with `multipart(parts)`. The brand tells the client to send the operation's
 * `multipart/form-data` form instead of its JSON one.
 */
export class MultipartBody<T extends object = Record<string, unknown>> {
  readonly parts: T;
  constructor(parts: T) {
    this.parts = parts;
  }
}

/** Marks `parts` as a multipart body: `multipart({ Request: withdrawal, SupportingDocuments: [file] })`. */
export function multipart<const T extends object>(parts: T): MultipartBody<T> {
  return new MultipartBody(parts);
}

/** The multipart form of a schema: binary (string) fields accept files. */
export type MultipartParts<T> = {
  [K in keyof T]: NonNullable<T[K]> extends readonly string[]
    ? readonly (FilePart | string)[]
    : NonNullable<T[K]> extends string
      ? FilePart | string
      : T[K];
};

type Chunk = Blob | Uint8Array<ArrayBuffer> | string;

export interface EncodedMultipart {
  readonly body: Blob;
  readonly contentType: string;
}

/** Encodes `parts` (property order kept); `boundary` is injectable for reproducible tests. */
export function encodeMultipart(parts: object, boundary: string = randomBoundary()): EncodedMultipart {
  const chunks: Chunk[] = [];
  const head = (headers: string): void => {
    chunks.push(`--${boundary}\r\n${headers}\r\n`);
  };
  let fileIndex = 0;
  const addPart = (name: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (isFilePart(value)) {
      fileIndex += 1;
      const file = fileOf(value, `document-${fileIndex}`);
      head(
        `Content-Disposition: form-data; name="${escapeQuoted(name)}"; filename="${escapeQuoted(file.filename)}"\r\n` +
          `Content-Type: ${headerValue(file.contentType)}\r\n`,
      );
      chunks.push(file.data, "\r\n");
      return;
    }
    if (
      typeof value === "string" ||
      typeof value === "number" ||
      typeof value === "boolean" ||
      typeof value === "bigint"
    ) {
      head(
        `Content-Disposition: form-data; name="${escapeQuoted(name)}"\r\nContent-Type: text/plain; charset=utf-8\r\n`,
      );
      chunks.push(String(value), "\r\n");
      return;
    }
    head(`Content-Disposition: form-data; name="${escapeQuoted(name)}"\r\nContent-Type: application/json\r\n`);
    chunks.push(JSON.stringify(value), "\r\n");
  };
  for (const [name, value] of Object.entries(parts)) {
    if (Array.isArray(value)) for (const item of value) addPart(name, item);
    else addPart(name, value);
  }
  chunks.push(`--${boundary}--\r\n`);
  return { body: new Blob(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function isFilePart(value: unknown): value is FilePart {
  if (typeof Blob !== "undefined" && value instanceof Blob) return true;
  return (
    typeof value === "object" &&
    value !== null &&
    "data" in value &&
    "filename" in value &&
    typeof (value as { filename: unknown }).filename === "string"
  );
}

function fileOf(part: FilePart, fallbackName: string): { filename: string; contentType: string; data: Chunk } {
  if (part instanceof Blob) {
    const name = (part as Blob & { name?: unknown }).name;
    return {
      filename: typeof name === "string" && name !== "" ? name : fallbackName,
      contentType: part.type || "application/octet-stream",
      data: part,
    };
  }
  const data = part.data;
  const fromBlob = data instanceof Blob ? data.type : "";
  return {
    filename: part.filename || fallbackName,
    contentType: part.contentType || fromBlob || "application/octet-stream",
    data:
      data instanceof Blob || typeof data === "string"
        ? data
        : data instanceof ArrayBuffer
          ? new Uint8Array(data.slice(0))
          : bytesOf(data),
  };
}

function bytesOf(view: ArrayBufferView): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(view.byteLength);
  copy.set(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
  return copy;
}

/** HTML's multipart/form-data encoding of names and file names: `"` → %22, CR → %0D, LF → %0A. */
function escapeQuoted(text: string): string {
  return text.replaceAll('"', "%22").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}

function headerValue(text: string): string {
  return text.replaceAll(/[\r\n]/g, "");
}

function randomBoundary(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `----AccountFunds${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
