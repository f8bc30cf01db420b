/**
 * Webhook deliveries: a JSON array of events, checked with the same precompiled schema validator the spec
 * defines for the delivery body. Never throws: the result is the events or a structured error.
 *
 * Each event is judged alone, so one event never costs the others: the known kinds (their discriminator value is
 * one the spec lists) that match their schema are `events`, typed; those of kinds the spec does not know are kept
 * apart, as received, in `unknownEvents` (forward compatible, as SDKs treat unknown members of a union); an event
 * that matches no schema — a known kind with a field missing or mistyped — or whose entity URL names another entity
 * than its key (`x-entity-url`: `ApiUrl` and `EntityId`) goes to `invalidEvents` with its position and its issues.
 * Only a body that is no JSON array fails the delivery as a whole.
 */
import type { CompiledValidator } from "../validation/compiled-validator.js";
import type { ValidationIssue } from "../errors/errors.js";
import { idFromPath } from "../url/location.js";
import { issuesOf } from "../validation/validation-issues.js";

export type WebhookParseErrorCode =
  /** The body is not JSON. */
  | "invalid_json"
  /** The body is JSON but not a delivery the spec allows (not an array of events). */
  | "invalid_payload"
  /** The body is neither a string, bytes nor a parsed value. */
  | "unsupported_body";

export interface WebhookParseError {
  readonly code: WebhookParseErrorCode;
  readonly message: string;
  readonly issues: readonly ValidationIssue[];
}

/** An event of a delivery that matches no schema of the spec: where it was, as it came, and what is wrong. */
export interface InvalidWebhookEvent {
  /** Its position in the delivery (0 for the first event). */
  readonly index: number;
  /** The event as received. */
  readonly event: unknown;
  /** What does not match, with paths into the event (`/EntityId`). */
  readonly issues: readonly ValidationIssue[];
}

/**
 * A parsed delivery: `events`, the events of the kinds the spec knows (typed `E`, a discriminated union),
 * `unknownEvents`, those of other kinds (typed `U`), and `invalidEvents`, those that match no schema, each list in
 * delivery order.
 */
export type WebhookParseResult<E, U = never> =
  | {
      readonly ok: true;
      readonly events: readonly E[];
      readonly unknownEvents: readonly U[];
      readonly invalidEvents: readonly InvalidWebhookEvent[];
    }
  | { readonly ok: false; readonly error: WebhookParseError };

/** How the known events are told apart: the discriminator property (`Reason`) and its known values. */
export interface WebhookEventKinds {
  readonly tag: string;
  readonly known: readonly string[];
}

/**
 * The member of a known event holding the URL of its entity (`ApiUrl`) and the member holding that entity's key
 * (`EntityId`): the URL must name that key (the spec's `x-entity-url`).
 */
export interface WebhookEntityUrl {
  readonly url: string;
  readonly key: string;
}

/** What the spec says of a delivery's events beyond their schema: their kinds, and the link of URL and key. */
export interface WebhookChecks {
  /** Without kinds, every event is a known one. */
  readonly kinds?: WebhookEventKinds;
  /** Without it, the URL is not compared with the key. */
  readonly entityUrl?: WebhookEntityUrl;
}

/**
 * Parses a delivery. `body` may be the raw body (a string, a Buffer/Uint8Array, an ArrayBuffer) or the already
 * parsed JSON value (an array). An empty array is a valid delivery with no events.
 */
export function parseWebhookEventsWith<E, U = never>(
  validate: CompiledValidator,
  body: unknown,
  checks: WebhookChecks = {},
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

  if (validate(value)) return split<E, U>(Array.isArray(value) ? value : [value], checks, []);
  if (!Array.isArray(value)) {
    const issues = specificIssues(validate);
    const first = issues[0];
    return failure(
      "invalid_payload",
      first
        ? `The delivery is not an array of events: ${first.path || "(root)"} ${first.message}`
        : "The delivery is not an array of events",
      issues,
    );
  }
  // Some event does not match: each is checked alone, as a delivery of one, so the others are kept.
  const valid: (unknown | typeof invalidMark)[] = [];
  const invalid: InvalidWebhookEvent[] = [];
  value.forEach((event: unknown, index) => {
    if (validate([event])) valid.push(event);
    else {
      valid.push(invalidMark);
      invalid.push({ index, event, issues: specificIssues(validate).map((issue) => atEvent(issue)) });
    }
  });
  return split<E, U>(valid, checks, invalid);
}

/** Stands in the delivery for an event already found invalid, so the others keep their positions. */
const invalidMark: unique symbol = Symbol("invalid");

/**
 * The validator's issues, without ajv's "must match "then" schema" (a known event is checked by its kind's schema
 * through an `if`, ajv-open-unions.ts) when there are others, which say more.
 */
function specificIssues(validate: CompiledValidator): ValidationIssue[] {
  const all = issuesOf(validate.errors);
  const specific = all.filter((issue) => issue.keyword !== "if");
  return specific.length > 0
    ? specific
    : all.length > 0
      ? all
      : [{ path: "", message: "does not match the schema", keyword: "schema", params: {} }];
}

/** An issue of a delivery of one (`/0/EntityId`) as a path into the event itself (`/EntityId`). */
function atEvent(issue: ValidationIssue): ValidationIssue {
  const path = issue.path === "/0" ? "" : issue.path.startsWith("/0/") ? issue.path.slice(2) : issue.path;
  return { ...issue, path };
}

/**
 * The valid events, the known ones apart from the others (the validator has checked each against its kind); a known
 * event whose URL names another entity than its key joins the invalid ones, in delivery order.
 */
function split<E, U>(
  items: readonly unknown[],
  { kinds, entityUrl }: WebhookChecks,
  invalid: readonly InvalidWebhookEvent[],
): WebhookParseResult<E, U> {
  const events: E[] = [];
  const unknownEvents: U[] = [];
  const invalidEvents = [...invalid];
  items.forEach((item, index) => {
    if (item === invalidMark) return;
    if (kinds !== undefined && !isKnown(item, kinds)) {
      unknownEvents.push(item as U);
      return;
    }
    const issue = entityUrl === undefined ? undefined : entityUrlIssue(item, entityUrl);
    if (issue === undefined) events.push(item as E);
    else invalidEvents.push({ index, event: item, issues: [issue] });
  });
  invalidEvents.sort((a, b) => a.index - b.index);
  return { ok: true, events, unknownEvents, invalidEvents };
}

/**
 * What is wrong with a known event's entity URL: the key its path names (`.../Withdrawals(9)`, `(Id=9)`, `/9`, any
 * host and case: read as the client reads a `Location`) is not the event's key; undefined when it is. An event
 * without either member is left to the schema (which requires them where the spec does).
 */
function entityUrlIssue(event: unknown, { url, key }: WebhookEntityUrl): ValidationIssue | undefined {
  if (typeof event !== "object" || event === null) return undefined;
  const members = event as Record<string, unknown>;
  const href = Object.hasOwn(members, url) ? members[url] : undefined;
  const expected = Object.hasOwn(members, key) ? members[key] : undefined;
  if (typeof href !== "string" || expected === undefined || expected === null) return undefined;
  let named: number | undefined;
  try {
    named = idFromPath(new URL(href).pathname);
  } catch {
    named = undefined;
  }
  if (named !== undefined && String(named) === String(expected)) return undefined;
  const found = named === undefined ? "names no entity key" : `names the entity ${named}`;
  return {
    path: `/${url.replaceAll("~", "~0").replaceAll("/", "~1")}`,
    message: `${found}, but ${key} is ${JSON.stringify(expected)}`,
    keyword: "x-entity-url",
    params: { urlMember: url, keyMember: key, urlKey: named ?? null, key: expected },
  };
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
