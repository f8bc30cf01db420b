/**
 * Webhook deliveries: a JSON array of events, checked with the same precompiled schema validator the spec
 * defines for the delivery body. Never throws: the result is the typed events or a structured error.
 */
import type { CompiledValidator } from "./compiled-validator.js";
import type { ValidationIssue } from "./errors.js";
import { issuesOf } from "./validation-issues.js";

export type WebhookParseErrorCode =
  /** The body is not JSON. */
  | "invalid_json"
  /** The body is JSON but not a delivery the spec allows (not an array, unknown Reason, missing field, ...). */
  | "invalid_payload"
  /** The body is neither a string, bytes nor a parsed value. */
  | "unsupported_body";

export interface WebhookParseError {
  readonly code: WebhookParseErrorCode;
  readonly message: string;
  readonly issues: readonly ValidationIssue[];
}

export type WebhookParseResult<E> =
  | { readonly ok: true; readonly events: readonly E[] }
  | { readonly ok: false; readonly error: WebhookParseError };

/**
 * Parses a delivery. `body` may be the raw body (a string, a Buffer/Uint8Array, an ArrayBuffer) or the already
 * parsed JSON value (an array). An empty array is a valid delivery with no events.
 */
export function parseWebhookEventsWith<E>(validate: CompiledValidator, body: unknown): WebhookParseResult<E> {
  let value: unknown;
  if (typeof body === "string" || body instanceof ArrayBuffer || ArrayBuffer.isView(body)) {
    const text = typeof body === "string" ? body : decode(body);
    if (text === undefined) return failure("invalid_json", "The body is not valid UTF-8");
    try {
      value = JSON.parse(text);
    } catch (error) {
      return failure("invalid_json", `The body is not JSON: ${(error as Error).message}`);
    }
  } else if (body === undefined || typeof body === "function" || typeof body === "symbol" || typeof body === "bigint") {
    return failure("unsupported_body", `Expected a JSON string, bytes or a parsed array, got ${typeof body}`);
  } else {
    value = body;
  }

  if (validate(value)) return { ok: true, events: value as E[] };
  const issues = issuesOf(validate.errors);
  const first = issues[0];
  return failure(
    "invalid_payload",
    first ? `The delivery does not match the spec: ${first.path || "(root)"} ${first.message}` : "The delivery does not match the spec",
    issues,
  );
}

function decode(bytes: ArrayBuffer | ArrayBufferView): string | undefined {
  try {
    const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(view);
  } catch {
    return undefined;
  }
}

function failure(code: WebhookParseErrorCode, message: string, issues: readonly ValidationIssue[] = []): { ok: false; error: WebhookParseError } {
  return { ok: false, error: { code, message, issues } };
}
