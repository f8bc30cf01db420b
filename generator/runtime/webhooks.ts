/**
 * Webhook deliveries: a JSON array of events, checked with the same precompiled schema validator the spec
 * defines for the delivery body. Never throws: the result is the events or a structured error.
 *
 * Forward compatible, as SDKs treat unknown members of a union: the spec lets a delivery hold events of kinds it
 * does not know (their discriminator value is none of the known ones). Those are kept apart, as received, in
 * `unknownEvents`; `events` holds the known ones, each checked whole against its own schema, so one new kind of
 * event never fails a delivery, and a known event that does not match its schema still does.
 */
import type { CompiledValidator } from "./compiled-validator.js";
import type { ValidationIssue } from "./errors.js";
import { issuesOf } from "./validation-issues.js";

export type WebhookParseErrorCode =
  /** The body is not JSON. */
  | "invalid_json"
  /** The body is JSON but not a delivery the spec allows (not an array, a known event missing a field, ...). */
  | "invalid_payload"
  /** The body is neither a string, bytes nor a parsed value. */
  | "unsupported_body";

export interface WebhookParseError {
  readonly code: WebhookParseErrorCode;
  readonly message: string;
  readonly issues: readonly ValidationIssue[];
}

/**
 * A parsed delivery: `events`, the events of the kinds the spec knows (typed `E`, a discriminated union), and
 * `unknownEvents`, those of other kinds (typed `U`), each list in delivery order.
 */
export type WebhookParseResult<E, U = never> =
  | { readonly ok: true; readonly events: readonly E[]; readonly unknownEvents: readonly U[] }
  | { readonly ok: false; readonly error: WebhookParseError };

/** How the known events are told apart: the discriminator property (`Reason`) and its known values. */
export interface WebhookEventKinds {
  readonly tag: string;
  readonly known: readonly string[];
}

/**
 * Parses a delivery. `body` may be the raw body (a string, a Buffer/Uint8Array, an ArrayBuffer) or the already
 * parsed JSON value (an array). An empty array is a valid delivery with no events. Without `kinds`, every event
 * is a known one.
 */
export function parseWebhookEventsWith<E, U = never>(
  validate: CompiledValidator,
  body: unknown,
  kinds?: WebhookEventKinds,
): WebhookParseResult<E, U> {
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

  if (validate(value)) return split<E, U>(Array.isArray(value) ? value : [value], kinds);
  // A known event is checked by its kind's schema through an `if` (ajv-open-unions.ts): ajv adds "must match "then"
  // schema" beside that schema's own errors, which says nothing more.
  const all = issuesOf(validate.errors);
  const specific = all.filter((issue) => issue.keyword !== "if");
  const issues = specific.length > 0 ? specific : all;
  const first = issues[0];
  return failure(
    "invalid_payload",
    first
      ? `The delivery does not match the spec: ${first.path || "(root)"} ${first.message}`
      : "The delivery does not match the spec",
    issues,
  );
}

/** The validated events, the known ones apart from the others (the validator has checked each against its kind). */
function split<E, U>(items: readonly unknown[], kinds: WebhookEventKinds | undefined): WebhookParseResult<E, U> {
  const events: E[] = [];
  const unknownEvents: U[] = [];
  for (const item of items) {
    if (kinds === undefined || isKnown(item, kinds)) events.push(item as E);
    else unknownEvents.push(item as U);
  }
  return { ok: true, events, unknownEvents };
}

function isKnown(item: unknown, { tag, known }: WebhookEventKinds): boolean {
  if (typeof item !== "object" || item === null) return false;
  const value: unknown = Object.hasOwn(item, tag) ? (item as Record<string, unknown>)[tag] : undefined;
  return typeof value === "string" && known.includes(value);
}

function decode(bytes: ArrayBuffer | ArrayBufferView): string | undefined {
  try {
    const view =
      bytes instanceof ArrayBuffer
        ? new Uint8Array(bytes)
        : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(view);
  } catch {
    return undefined;
  }
}

function failure(
  code: WebhookParseErrorCode,
  message: string,
  issues: readonly ValidationIssue[] = [],
): { ok: false; error: WebhookParseError } {
  return { ok: false, error: { code, message, issues } };
}
