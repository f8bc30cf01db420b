/**
 * Reads a request body (a web-standard `Request`'s stream) into memory within the limits: its size, the pause
 * allowed between two pieces of it, its structure while it arrives (JSON depth and members, multipart parts), and
 * the number of large bodies read at once. Every refusal is data (413, 408, 503), never a throw; the rest of a
 * refused body is left unread (the node:http adapter drops it, or closes the connection: `node-adapter.ts`).
 */
import type { Refusal } from "./api-error.js";
import { createJsonStructureScanner, jsonStructureError } from "./json-structure.js";
import type { LargeBodyGate } from "./large-body-gate.js";
import type { SandboxLimits } from "./limits.js";
import { boundaryOf, createPartCounter } from "./multipart-parts.js";
import { mediaTypeOf } from "./media-type.js";
import { bodySourceOf, discardBody } from "./node-request.js";

export { discardBody } from "./node-request.js";

export type BodyLimits = Pick<
  SandboxLimits,
  "bodyIdleTimeoutMs" | "maxJsonDepth" | "maxJsonMembers" | "maxMultipartParts" | "largeBodyBytes"
> & {
  /** Largest body, in bytes. */
  readonly maxBytes: number;
};

export type BodyRead = { readonly ok: true; readonly bytes: Uint8Array } | ({ readonly ok: false } & Refusal);

const EMPTY = new Uint8Array(0);
/** Seconds a client refused for lack of a large-body place should wait: a large body takes about that long. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** What a chunk breaks, checked as it arrives: the structure limits of the body's media type. */
type Inspect = (chunk: Uint8Array) => Refusal | undefined;

const tooLarge = (code: string, message: string): Refusal => ({ error: { status: 413, code, message } });

function inspectorFor(contentType: string | null, limits: BodyLimits): Inspect | undefined {
  const mediaType = mediaTypeOf(contentType);
  if (mediaType === "application/json" || mediaType?.endsWith("+json") === true) {
    const structure = { maxDepth: limits.maxJsonDepth, maxMembers: limits.maxJsonMembers };
    const scanner = createJsonStructureScanner(structure);
    return (chunk) => {
      const problem = scanner.push(chunk);
      return problem === undefined ? undefined : { error: jsonStructureError(problem, structure) };
    };
  }
  const boundary = mediaType === "multipart/form-data" ? boundaryOf(contentType) : undefined;
  if (boundary === undefined) return undefined;
  const counter = createPartCounter(boundary);
  const refusal = tooLarge("too_many_parts", `The multipart body has more than ${limits.maxMultipartParts} parts.`);
  return (chunk) => (counter.push(chunk) > limits.maxMultipartParts ? refusal : undefined);
}

/** The body's bytes, or why they are refused. */
export async function readBody(request: Request, limits: BodyLimits, gate?: LargeBodyGate): Promise<BodyRead> {
  const lengthText = request.headers.get("content-length");
  const declared = lengthText === null ? undefined : Number(lengthText);
  const payloadTooLarge: BodyRead = {
    ok: false,
    ...tooLarge("payload_too_large", `The request body exceeds ${limits.maxBytes} bytes.`),
  };
  if (declared !== undefined && declared > limits.maxBytes) {
    discardBody(request);
    return payloadTooLarge;
  }
  if (declared === 0) {
    discardBody(request);
    return { ok: true, bytes: EMPTY };
  }
  const busy: BodyRead = {
    ok: false,
    error: {
      status: 503,
      code: "server_busy",
      message: `The sandbox is reading ${gate?.inUse ?? 0} large request bodies already; send this one again after the Retry-After seconds.`,
    },
    headers: { "retry-after": String(BUSY_RETRY_AFTER_SECONDS) },
  };
  let entered = false;
  if (gate !== undefined && declared !== undefined && declared > limits.largeBodyBytes) {
    if (!gate.tryEnter()) {
      discardBody(request);
      return busy;
    }
    entered = true;
  }
  const source = bodySourceOf(request);
  if (source === undefined) {
    if (entered) gate?.leave();
    return { ok: true, bytes: EMPTY };
  }

  const inspect = inspectorFor(request.headers.get("content-type"), limits);
  // One timer for the whole body, moved on by each chunk (re-armed only when it fires early), not one per chunk.
  let lastChunkAt = Date.now();
  let timedOut = false;
  const onIdle = (): void => {
    const idle = Date.now() - lastChunkAt;
    if (idle < limits.bodyIdleTimeoutMs) {
      timer = setTimeout(onIdle, limits.bodyIdleTimeoutMs - idle);
      return;
    }
    timedOut = true;
    source.stop();
  };
  let timer = setTimeout(onIdle, limits.bodyIdleTimeoutMs);
  // With a declared length the bytes go straight into one buffer of that size: no second copy when they are joined.
  let into = declared !== undefined && declared > 0 ? Buffer.allocUnsafe(declared) : undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const refuse = (refusal: BodyRead): BodyRead => {
    source.stop();
    return refusal;
  };
  try {
    for (;;) {
      const value = await source.next();
      if (timedOut) {
        // RFC 9110 §15.5.9: the server closes the connection after a 408.
        return {
          ok: false,
          error: {
            status: 408,
            code: "body_timeout",
            message: `The request body stopped arriving for ${limits.bodyIdleTimeoutMs} ms.`,
          },
          headers: { connection: "close" },
        };
      }
      if (value === undefined) break;
      lastChunkAt = Date.now();
      size += value.length;
      if (size > limits.maxBytes) return refuse(payloadTooLarge);
      if (!entered && gate !== undefined && size > limits.largeBodyBytes) {
        if (!gate.tryEnter()) return refuse(busy);
        entered = true;
      }
      const broken = inspect?.(value);
      if (broken !== undefined) return refuse({ ok: false, ...broken });
      if (into !== undefined && size <= into.length) {
        into.set(value, size - value.length);
      } else {
        if (into !== undefined) chunks.push(into.subarray(0, size - value.length));
        into = undefined;
        chunks.push(value);
      }
    }
  } catch (error) {
    source.stop();
    return {
      ok: false,
      error: {
        status: 400,
        code: "body_unreadable",
        message: `The request body could not be read: ${error instanceof Error ? error.message : String(error)}`,
      },
    };
  } finally {
    clearTimeout(timer);
    if (entered) gate?.leave();
  }
  if (into !== undefined) return { ok: true, bytes: into.subarray(0, size) };
  return { ok: true, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) };
}
