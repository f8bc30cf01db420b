/**
 * Keeps secrets out of everything the client logs or puts in an error: header values and object fields by name
 * (`Authorization`, `access_token`, `client_secret`, `password`, ...), the client's own secrets by value — the client
 * secret, the user's password and every access token the client has ever received, for its whole life, in every
 * form a server may echo them in (secret-forms.ts) — and secrets by shape (any `Bearer …`, any JWT), whoever
 * issued them. A JWT-shaped token is found by its shape, so only other tokens are remembered by value; many of those
 * are looked up through an index by their first characters, so the cost of redacting stays linear in the text.
 */
import { REDACTED, isJwtShaped, redactShapes, secretForms } from "./secret-forms.js";

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

/** Forms at least this long are found through the index by their first characters; shorter ones one by one. */
const INDEX_KEY_LENGTH = 8;
/** Up to this many forms, `includes` per form beats the index (a native search per form over the text). */
const SCAN_THRESHOLD = 64;

export function createRedactor(initialSecrets: readonly (string | undefined)[] = []): Redactor {
  const known = new Set<string>();
  const allForms = new Set<string>();
  /** Forms by their first INDEX_KEY_LENGTH characters, each list longest first; the shorter forms apart. */
  const index = new Map<string, string[]>();
  const shortForms: string[] = [];
  /** Every form, longest first, while there are few enough to search for one by one. */
  let fewForms: string[] | undefined = [];

  const longestFirst = (a: string, b: string): number => b.length - a.length;

  const add = (secret: string | undefined, isToken: boolean): void => {
    if (typeof secret !== "string" || secret === "" || known.has(secret)) return;
    if (isToken && isJwtShaped(secret)) return;
    known.add(secret);
    for (const form of secretForms(secret)) {
      if (allForms.has(form)) continue;
      allForms.add(form);
      if (form.length < INDEX_KEY_LENGTH) {
        shortForms.push(form);
        shortForms.sort(longestFirst);
        continue;
      }
      const key = form.slice(0, INDEX_KEY_LENGTH);
      const list = index.get(key);
      if (list === undefined) {
        index.set(key, [form]);
      } else {
        list.push(form);
        list.sort(longestFirst);
      }
    }
    fewForms = allForms.size <= SCAN_THRESHOLD ? [...allForms].sort(longestFirst) : undefined;
  };
  for (const secret of initialSecrets) add(secret, false);

  /** One pass over `text`: at each position the longest form found there is replaced. */
  const replaceForms = (text: string): string => {
    if (fewForms !== undefined) {
      let out = text;
      for (const form of fewForms) if (out.includes(form)) out = out.split(form).join(REDACTED);
      return out;
    }
    let result = "";
    let copiedTo = 0;
    for (let at = 0; at < text.length;) {
      let found =
        at + INDEX_KEY_LENGTH <= text.length
          ? index.get(text.slice(at, at + INDEX_KEY_LENGTH))?.find((form) => text.startsWith(form, at))
          : undefined;
      found ??= shortForms.find((form) => text.startsWith(form, at));
      if (found === undefined) {
        at += 1;
        continue;
      }
      result += text.slice(copiedTo, at) + REDACTED;
      at += found.length;
      copiedTo = at;
    }
    return copiedTo === 0 ? text : result + text.slice(copiedTo);
  };

  const redactString = (text: string): string => {
    let out = text;
    // Replacing can, in contrived cases, join the text around a secret into a secret again; repeat until stable.
    for (let round = 0; round < 4 && allForms.size > 0; round++) {
      const next = replaceForms(out);
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
    addSecret: (secret) => add(secret, true),
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
