/**
 * What an error body says, whatever its shape: the code, the most useful message and the fields it names. The
 * reference leaves the API's error body open ("not shown"), so every shape a .NET OData API and its gateway
 * plausibly send is read: OData JSON (`{ error: { code, message, details: [{ target, message }] } }`, OData JSON
 * Format §21), ASP.NET Core's ProblemDetails and ValidationProblemDetails (RFC 9457: `title`, `detail`, and
 * `errors` as `{ Field: [messages] }`), RFC 9457's `errors` list (`[{ pointer, detail }]`), the token endpoint's
 * OAuth body (`{ error, error_description }`, RFC 6749 §5.2), ASP.NET Web API 2's HttpError (`Message`,
 * `ModelState`), OData v3's `odata.error` (a `message` of `{ lang, value }`), an HTML page (its `<title>` or first
 * heading), text.
 */

export interface ErrorBodyFacts {
  /** OData `error.code`, the OAuth `error`, or a `code` member. */
  readonly code?: string | undefined;
  /** The most useful human-readable message, at most a few hundred characters. */
  readonly message?: string | undefined;
  /** Messages by field name or path, when the body names fields. */
  readonly fieldErrors?: Readonly<Record<string, readonly string[]>> | undefined;
}

const MAX_MESSAGE = 300;

/** The code, message and field errors of a parsed error body (JSON, or text when it did not parse). */
export function readErrorBody(body: unknown): ErrorBodyFacts {
  if (typeof body === "string") return { message: textMessage(body) };
  if (!isRecord(body)) return {};
  const error = body["error"] ?? body["odata.error"];
  if (isRecord(error)) return odataError(error);
  const code = stringOf(error) ?? stringOf(body["code"]) ?? stringOf(body["errorCode"]);
  const fieldErrors = problemFieldErrors(body["errors"] ?? body["ModelState"]);
  const message =
    stringOf(body["error_description"]) ??
    stringOf(body["detail"]) ??
    stringOf(body["title"]) ??
    stringOf(body["message"]) ??
    stringOf(body["Message"]);
  return compact({ code, message: message === undefined ? undefined : truncate(message), fieldErrors });
}

/** The `code` of an error body: OData `{ error: { code } }`, the token endpoint's `{ error: "invalid_client" }`. */
export function errorCodeOf(body: unknown): string | undefined {
  return readErrorBody(body).code;
}

/** The human-readable message of an error body, when it has one. */
export function errorMessageOf(body: unknown): string | undefined {
  return readErrorBody(body).message;
}

/**
 * The body's message with what its field errors add, each said once: a field message the main message already
 * holds is left out (OData's summary usually repeats its first detail), one it only repeats names its field
 * (`/Amount: must be above 0`), and a field's own prefix on its message is not written twice.
 */
export function messageWithFields(
  message: string,
  fieldErrors: Readonly<Record<string, readonly string[]>> | undefined,
): string {
  if (fieldErrors === undefined) return message;
  let head = message;
  const unsaid: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    for (const written of messages) {
      const text = field !== "" && written.startsWith(`${field}: `) ? written.slice(field.length + 2) : written;
      if (text === message && field !== "" && head === message) head = `${field}: ${message}`;
      else if (!message.includes(text)) (unsaid[field] ??= []).push(text);
    }
  }
  return Object.keys(unsaid).length === 0 ? head : `${head} — ${fieldErrorsLine(unsaid)}`;
}

/** Field errors as one line: `Reference: too long; Amount: must be positive`, at most `max` characters. */
function fieldErrorsLine(fieldErrors: Readonly<Record<string, readonly string[]>>, max = 500): string {
  const line = Object.entries(fieldErrors)
    .map(([field, messages]) => (field === "" ? messages.join("; ") : `${field}: ${messages.join("; ")}`))
    .join("; ");
  return line.length <= max ? line : `${line.slice(0, max)}…`;
}

/**
 * OData JSON Format §21: `code`, `message`, `target`, `details[]` with their own code, message and target. With
 * details, they are the field errors and the error itself their summary; without, the error is the one message at
 * its target (as the validators' `fieldErrorsOf` reads it).
 */
function odataError(error: Record<string, unknown>): ErrorBodyFacts {
  const fieldErrors: Record<string, string[]> = {};
  const add = (target: unknown, message: unknown): void => {
    const text = messageOf(message);
    if (text === undefined || typeof target !== "string" || target === "") return;
    const messages = (fieldErrors[target] ??= []);
    if (!messages.includes(text)) messages.push(text);
  };
  const details = Array.isArray(error["details"]) ? error["details"].filter(isRecord) : [];
  if (details.length === 0) add(error["target"], error["message"]);
  for (const detail of details) add(detail["target"], detail["message"]);
  const message = messageOf(error["message"]);
  return compact({
    code: stringOf(error["code"]),
    message: message === undefined ? undefined : truncate(message),
    fieldErrors: Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined,
  });
}

/**
 * ValidationProblemDetails' `errors` (`{ "Reference": ["..."], "$.Amount": ["..."] }`), or RFC 9457's list of
 * `{ pointer | field | propertyName | name, detail | message | errorMessage }` (FluentValidation's shape included).
 */
function problemFieldErrors(errors: unknown): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {};
  if (isRecord(errors)) {
    for (const [field, messages] of Object.entries(errors)) {
      const list = (Array.isArray(messages) ? messages : [messages]).flatMap((item) => stringOf(item) ?? []);
      if (list.length > 0) out[field] = list;
    }
  } else if (Array.isArray(errors)) {
    for (const item of errors) {
      if (!isRecord(item)) continue;
      const field =
        stringOf(item["pointer"]) ??
        stringOf(item["field"]) ??
        stringOf(item["propertyName"]) ??
        stringOf(item["name"]);
      const message = stringOf(item["detail"]) ?? stringOf(item["message"]) ?? stringOf(item["errorMessage"]);
      if (message !== undefined) (out[field ?? ""] ??= []).push(message);
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** How much of a text body its message is looked for in: a page's title and first heading come early. */
const MESSAGE_SOURCE = 8 * 1024;

/** A text body's message: an HTML page's `<title>` (else its first heading, else its text), or the text itself. */
function textMessage(text: string): string | undefined {
  const trimmed = text.slice(0, MESSAGE_SOURCE).trim();
  if (trimmed === "") return undefined;
  if (!/^<(?:!doctype|html|head|body|\?xml|h\d|title|p|div)\b/i.test(trimmed)) return truncate(singleLine(trimmed));
  const lower = trimmed.toLowerCase();
  const candidates = [
    elementText(trimmed, lower, "title"),
    ...["h1", "h2", "h3"].map((tag) => elementText(trimmed, lower, tag)),
    trimmed,
  ];
  for (const candidate of candidates) {
    const plain = candidate === undefined ? "" : singleLine(htmlText(candidate));
    if (plain !== "") return truncate(plain);
  }
  return undefined;
}

/** The inner HTML of the first `<tag …>…</tag>`, found with `indexOf` (linear, whatever the page holds). */
function elementText(html: string, lower: string, tag: string): string | undefined {
  const open = lower.indexOf(`<${tag}`);
  if (open < 0) return undefined;
  const start = lower.indexOf(">", open);
  const end = start < 0 ? -1 : lower.indexOf(`</${tag}`, start);
  return end < 0 ? undefined : html.slice(start + 1, end);
}

/** The text of an HTML fragment: scripts and styles dropped, tags removed, the common entities decoded. */
function htmlText(html: string): string {
  return html
    .replace(/<(script|style)\b[^<>]*>[^<]*<\/\1\s*>/gi, " ")
    .replace(/<[^<>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (entity, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith("#x")) return codePoint(Number.parseInt(lower.slice(2), 16), entity);
      if (lower.startsWith("#")) return codePoint(Number(lower.slice(1)), entity);
      return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " }[lower] ?? entity;
    });
}

function codePoint(value: number, fallback: string): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : fallback;
}

function singleLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function truncate(text: string): string {
  return text.length <= MAX_MESSAGE ? text : `${text.slice(0, MAX_MESSAGE)}…`;
}

/** An OData message: a string, or OData v3's `{ lang, value }`. */
function messageOf(value: unknown): string | undefined {
  return isRecord(value) ? stringOf(value["value"]) : stringOf(value);
}

function stringOf(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The facts without the members that are undefined (`exactOptionalPropertyTypes`-friendly and comparable). */
function compact(facts: ErrorBodyFacts): ErrorBodyFacts {
  const out: { -readonly [K in keyof ErrorBodyFacts]: ErrorBodyFacts[K] } = {};
  if (facts.code !== undefined) out.code = facts.code;
  if (facts.message !== undefined) out.message = facts.message;
  if (facts.fieldErrors !== undefined) out.fieldErrors = facts.fieldErrors;
  return out;
}
