/**
 * Checks of the control API's inputs: bodies are JSON objects with only the fields a route knows, of the right
 * types; queries carry only known parameters; ids are positive int32. Every failure is a 400 naming its target.
 */
import type { ApiError } from "../../foundation/http/api-error.js";

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

export const parsed = <T>(value: T): Parsed<T> => ({ ok: true, value });

export function invalid<T>(code: string, message: string, target?: string): Parsed<T> {
  return { ok: false, error: { status: 400, code, message, ...(target === undefined ? {} : { target }) } };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The body's fields when it is a JSON object (or absent) holding only `allowed` fields. */
export function fieldsOf(body: unknown, allowed: readonly string[]): Parsed<Record<string, unknown>> {
  if (body === undefined) return parsed({});
  if (!isObject(body)) return invalid("invalid_body", "The body must be a JSON object.");
  const unknown = Object.keys(body).find((name) => !allowed.includes(name));
  if (unknown !== undefined) {
    const known = allowed.length === 0 ? "this route takes no fields" : `known fields: ${allowed.join(", ")}`;
    return invalid("unknown_field", `Unknown field ${JSON.stringify(unknown)} (${known}).`, unknown);
  }
  return parsed(body);
}

/** Routes without input accept no body or an empty JSON object. */
export function noFields(body: unknown): Parsed<undefined> {
  const fields = fieldsOf(body, []);
  return fields.ok ? parsed(undefined) : fields;
}

export type ClockChange =
  | { readonly kind: "advance"; readonly seconds: number }
  | { readonly kind: "set"; readonly date: Date };

/** About a century each way: enough for any test, and far from Date's range limits. */
const MAX_ADVANCE_SECONDS = 100 * 366 * 24 * 3600;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** `{ "advanceSeconds": n }` or `{ "now": "<ISO 8601 date-time>" }`, exactly one of them. */
export function parseClockChange(body: unknown): Parsed<ClockChange> {
  const fields = fieldsOf(body, ["advanceSeconds", "now"]);
  if (!fields.ok) return fields;
  const { advanceSeconds, now } = fields.value;
  if ((advanceSeconds === undefined) === (now === undefined)) {
    return invalid(
      "invalid_body",
      'Send exactly one of "advanceSeconds" (a number of seconds) and "now" (an ISO 8601 date-time).',
    );
  }
  if (advanceSeconds !== undefined) {
    if (
      typeof advanceSeconds !== "number" ||
      !Number.isFinite(advanceSeconds) ||
      Math.abs(advanceSeconds) > MAX_ADVANCE_SECONDS
    ) {
      return invalid(
        "invalid_value",
        `"advanceSeconds" must be a number of seconds within ±${MAX_ADVANCE_SECONDS}.`,
        "advanceSeconds",
      );
    }
    return parsed({ kind: "advance", seconds: advanceSeconds });
  }
  const date = typeof now === "string" && ISO_DATE_TIME.test(now) ? new Date(now) : undefined;
  if (date === undefined || Number.isNaN(date.getTime())) {
    return invalid(
      "invalid_value",
      '"now" must be an ISO 8601 date-time with a time zone, e.g. "2025-01-31T12:00:00Z".',
      "now",
    );
  }
  return parsed({ kind: "set", date });
}

export interface WebhookRegistration {
  readonly url: string;
  readonly username?: string;
}

const MAX_URL_LENGTH = 2048;

/** `{ "url": "http(s)://...", "username"?: "<service user>" }`. */
export function parseWebhookRegistration(body: unknown): Parsed<WebhookRegistration> {
  if (body === undefined) return invalid("missing_field", 'The body must hold "url".', "url");
  const fields = fieldsOf(body, ["url", "username"]);
  if (!fields.ok) return fields;
  const { url, username } = fields.value;
  if (url === undefined) return invalid("missing_field", '"url" is required.', "url");
  if (typeof url !== "string" || url.length > MAX_URL_LENGTH || !isHttpUrl(url)) {
    return invalid(
      "invalid_value",
      `"url" must be an absolute http or https URL of at most ${MAX_URL_LENGTH} characters.`,
      "url",
    );
  }
  if (username === undefined) return parsed({ url });
  if (typeof username !== "string" || username === "")
    return invalid("invalid_value", '"username" must be a non-empty string.', "username");
  return parsed({ url, username });
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** `{ "targetId"?: <id> }`: replay every dead letter, or only those of one target. */
export function parseReplayAll(body: unknown): Parsed<{ readonly targetId?: number }> {
  const fields = fieldsOf(body, ["targetId"]);
  if (!fields.ok) return fields;
  const { targetId } = fields.value;
  if (targetId === undefined) return parsed({});
  if (typeof targetId !== "number" || !Number.isInteger(targetId) || targetId < 1 || targetId > INT32_MAX)
    return invalid("invalid_value", '"targetId" must be a webhook target id (a positive integer).', "targetId");
  return parsed({ targetId });
}

export interface EventsQuery {
  readonly tenant?: string;
  readonly after: number;
}

/** `?tenant=<id or username>&after=<sequence>`, both optional, each at most once. */
export function parseEventsQuery(query: URLSearchParams): Parsed<EventsQuery> {
  const known = ["tenant", "after"];
  for (const name of new Set(query.keys())) {
    if (!known.includes(name))
      return invalid(
        "unknown_parameter",
        `Unknown query parameter ${JSON.stringify(name)} (known: tenant, after).`,
        name,
      );
    if (query.getAll(name).length > 1)
      return invalid("invalid_value", `Query parameter "${name}" is given more than once.`, name);
  }
  const tenant = query.get("tenant") ?? undefined;
  if (tenant === "") return invalid("invalid_value", '"tenant" must not be empty.', "tenant");
  const afterText = query.get("after");
  const after = afterText === null ? 0 : Number(afterText);
  if (afterText !== null && (!/^\d+$/.test(afterText) || !Number.isSafeInteger(after))) {
    return invalid("invalid_value", '"after" must be a non-negative integer (an event sequence number).', "after");
  }
  return parsed(tenant === undefined ? { after } : { tenant, after });
}

/** A routes's query must be empty when the route takes no parameters. */
export function noQuery(query: URLSearchParams): Parsed<undefined> {
  const first = query.keys().next();
  if (first.done === true) return parsed(undefined);
  return invalid(
    "unknown_parameter",
    `Unknown query parameter ${JSON.stringify(first.value)}: this route takes none.`,
    first.value,
  );
}

const INT32_MAX = 2_147_483_647;

/** A path id: a positive 32-bit integer, as the API's ids are. */
export function parseId(text: string, target = "id"): Parsed<number> {
  const id = Number(text);
  if (!/^[1-9]\d*$/.test(text) || id > INT32_MAX)
    return invalid("invalid_id", `The id must be a positive 32-bit integer, got ${JSON.stringify(text)}.`, target);
  return parsed(id);
}
