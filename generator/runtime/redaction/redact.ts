/**
 * Keeps secrets out of everything the client logs or puts in an error: header values and object fields by name
 * (`Authorization`, `access_token`, `client_secret`, `password`, ...), the client's own secrets by value — the client
 * secret, the user's password and every access token the client has ever received, for its whole life (about a
 * kilobyte each: a token every 15 minutes is some 35 MB a year), in every form a server may echo them in
 * (secret-forms.ts), found wherever they overlap (secret-index.ts) — and secrets by shape (any `Bearer …`, any JWT),
 * whoever issued them.
 */
import { REDACTED, redactShapes, secretForms } from "./secret-forms.js";
import { SecretIndex, replaceSpans } from "./secret-index.js";

export { REDACTED } from "./secret-forms.js";

/** Field, header and query-parameter names whose values are never shown. */
const SENSITIVE_NAMES = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "access_token",
  "refresh_token",
  "id_token",
  "client_secret",
  "password",
  "token",
  "clientsecret",
  "accesstoken",
  "refreshtoken",
  "x-api-key",
  "api_key",
  "apikey",
]);

export function isSensitiveName(name: string): boolean {
  return SENSITIVE_NAMES.has(name.toLowerCase());
}

export interface Redactor {
  /** An access token as it is issued: replaced by value from now on, for the life of the client. */
  addSecret(secret: string | undefined): void;
  string(text: string): string;
  /** A deep copy of `value` with sensitive fields and secret values replaced; cycles and depth are bounded. */
  value(value: unknown): unknown;
  headers(headers: Headers | Readonly<Record<string, string>> | undefined): Record<string, string>;
  /** A URL with credentials, sensitive query parameters and secret values replaced. */
  url(url: string): string;
  /** A redacted copy of an error (message, stack, string properties, its causes), for an error's `cause`. */
  error(error: unknown): unknown;
}

export function createRedactor(initialSecrets: readonly (string | undefined)[] = []): Redactor {
  const known = new Set<string>();
  const index = new SecretIndex();

  const add = (secret: string | undefined): void => {
    if (typeof secret !== "string" || secret === "" || known.has(secret)) return;
    known.add(secret);
    for (const form of secretForms(secret)) index.add(form);
  };
  for (const secret of initialSecrets) add(secret);

  const redactString = (text: string): string => {
    let out = text;
    // Replacing can, in contrived cases, join the text around a secret into a secret again; repeat until stable.
    for (let round = 0; round < 4 && index.size > 0; round++) {
      const next = replaceSpans(out, index.spans(out), REDACTED);
      if (next === out) break;
      out = next;
    }
    return redactShapes(out);
  };

  const redactValue = (value: unknown, depth: number, seen: WeakSet<object>): unknown => {
    if (typeof value === "string") return redactString(value);
    if (value === null || typeof value !== "object") return value;
    if (depth > 32 || seen.has(value)) return "[Circular]";
    seen.add(value);
    try {
      if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, seen));
      if (typeof Headers !== "undefined" && value instanceof Headers) return redactHeaders(value);
      if (value instanceof Error) return { name: value.name, message: redactString(value.message) };
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        out[redactString(key)] =
          isSensitiveName(key) && item !== null && item !== undefined ? REDACTED : redactValue(item, depth + 1, seen);
      }
      return out;
    } finally {
      seen.delete(value);
    }
  };

  const redactHeaders = (headers: Headers | Readonly<Record<string, string>> | undefined): Record<string, string> => {
    const out: Record<string, string> = {};
    if (!headers) return out;
    const entries =
      typeof Headers !== "undefined" && headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
    for (const [name, value] of entries) {
      out[redactString(name.toLowerCase())] = isSensitiveName(name) ? REDACTED : redactString(String(value));
    }
    return out;
  };

  const redactUrl = (url: string): string => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return redactString(url);
    }
    if (parsed.username || parsed.password) {
      parsed.username = "";
      parsed.password = "";
    }
    let touched = false;
    for (const name of [...new Set(parsed.searchParams.keys())]) {
      if (isSensitiveName(name)) {
        parsed.searchParams.set(name, REDACTED);
        touched = true;
      }
    }
    // URLSearchParams re-serialisation rewrites the query, so only use it when something was redacted.
    const text = touched || url !== parsed.href ? parsed.href.replaceAll(encodeURIComponent(REDACTED), REDACTED) : url;
    return redactString(text);
  };

  const redactError = (error: unknown, depth: number): unknown => {
    if (!(error instanceof Error)) return redactValue(error, 0, new WeakSet());
    const copy = errorLike(error, redactString(error.message));
    if (error.stack !== undefined) copy.stack = redactString(error.stack);
    for (const [key, item] of Object.entries(error)) {
      if (key === "cause" || key === "message" || key === "stack") continue;
      (copy as unknown as Record<string, unknown>)[key] = isSensitiveName(key)
        ? REDACTED
        : redactValue(item, 1, new WeakSet([error]));
    }
    const cause = (error as { cause?: unknown }).cause;
    if (cause !== undefined) {
      Object.defineProperty(copy, "cause", {
        value: depth < 4 ? redactError(cause, depth + 1) : "[cause]",
        configurable: true,
        writable: true,
      });
    }
    return copy;
  };

  return {
    addSecret: add,
    string: redactString,
    value: (value) => redactValue(value, 0, new WeakSet()),
    headers: redactHeaders,
    url: redactUrl,
    error: (error) => redactError(error, 0),
  };
}

/** A fresh error of the same built-in kind (`TypeError`, `DOMException`, ...) and name, with `message`. */
function errorLike(error: Error, message: string): Error {
  if (typeof DOMException !== "undefined" && error instanceof DOMException)
    return new DOMException(message, error.name);
  const kinds = [TypeError, RangeError, SyntaxError, ReferenceError, URIError, EvalError];
  const Kind = kinds.find((kind) => error instanceof kind) ?? Error;
  const copy = new Kind(message);
  if (copy.name !== error.name) copy.name = error.name;
  return copy;
}
