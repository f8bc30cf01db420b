/**
 * Reads a response body as text, never more than `maxBytes` of it: a `Content-Length` above the limit stops it before
 * a byte is read; otherwise the bytes are counted as they stream in and reading stops (the body cancelled, so the
 * connection is dropped) as soon as they pass the limit. A declared length is trusted only without a
 * `Content-Encoding`: `fetch` decompresses, and a small gzip body can inflate a thousandfold.
 */
import { ResponseTooLargeError, type RequestSummary } from "../errors/errors.js";

/** The limit was passed: `receivedBytes` read (or announced by `Content-Length`). */
export class BodyTooLarge {
  readonly receivedBytes: number;
  readonly declared: boolean;
  constructor(receivedBytes: number, declared: boolean) {
    this.receivedBytes = receivedBytes;
    this.declared = declared;
  }
}

/** The `ResponseTooLargeError` of a body past `maxResponseBytes`; `headers` already redacted. */
export function bodyTooLargeError(
  error: BodyTooLarge,
  response: Response,
  call: {
    readonly method: string;
    readonly request: RequestSummary;
    readonly operationId: string;
    readonly maxResponseBytes: number;
    readonly headers: Readonly<Record<string, string>>;
  },
): ResponseTooLargeError {
  const { method, request, maxResponseBytes: limit } = call;
  const seen = error.declared ? `Content-Length ${error.receivedBytes}` : `more than ${limit} bytes`;
  // A command's 2xx did execute: say so, or the caller may send it again.
  const done =
    response.ok && method !== "GET" && method !== "HEAD"
      ? `; the command did succeed (${response.status}), only its body was not read`
      : "";
  return new ResponseTooLargeError({
    message: `The ${response.status} response body is larger than maxResponseBytes (${limit}): ${seen}, not read${done} (${method} ${request.url})`,
    status: response.status,
    code: "response_too_large",
    request,
    operationId: call.operationId,
    headers: call.headers,
    maxResponseBytes: limit,
    receivedBytes: error.receivedBytes,
  });
}

/** The whole body as UTF-8 text (BOM dropped, as `Response.text()`); rejects with `BodyTooLarge` past `maxBytes`. */
export async function readText(response: Response, maxBytes: number | undefined): Promise<string> {
  if (maxBytes === undefined || maxBytes <= 0 || !Number.isFinite(maxBytes)) return response.text();
  const declared = declaredLength(response);
  if (declared !== undefined && declared > maxBytes) {
    await cancel(response.body);
    throw new BodyTooLarge(declared, true);
  }
  // Within a declared length and not compressed, the body cannot outgrow it: read it the fast way.
  if (declared !== undefined && !encoded(response)) return response.text();
  const body = response.body;
  if (body === null) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(received, false);
    }
    chunks.push(value);
  }
  return decode(chunks, received);
}

/** `Content-Length` as a number, when it is one (RFC 9110 §8.6: digits only). */
function declaredLength(response: Response): number | undefined {
  const header = response.headers.get("content-length");
  if (header === null || !/^\s*\d+\s*$/.test(header)) return undefined;
  const length = Number(header);
  return Number.isSafeInteger(length) ? length : undefined;
}

function encoded(response: Response): boolean {
  const encoding = response.headers.get("content-encoding");
  return encoding !== null && encoding.trim() !== "" && encoding.trim().toLowerCase() !== "identity";
}

async function cancel(body: ReadableStream<Uint8Array> | null): Promise<void> {
  try {
    await body?.cancel();
  } catch {
    // already closed or errored: nothing more to drop
  }
}

function decode(chunks: readonly Uint8Array[], length: number): string {
  if (chunks.length === 1) return new TextDecoder().decode(chunks[0]);
  const all = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(all);
}
