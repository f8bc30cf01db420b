/**
 * Keeps secrets out of everything the client logs or puts in an error: header values and object fields by name
 * (`Authorization`, `access_token`, `client_secret`, `password`, ...), and the client's own secrets by value
 * (the client secret, the user's password and every access token it has seen), wherever they appear in a string,
 * raw, percent-encoded, form-encoded or JSON-escaped.
 */

export const REDACTED = "[REDACTED]";

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
]);

/** Secrets shorter than this are not replaced by value (they would mangle every message); names still apply. */
export const MIN_SECRET_LENGTH = 4;

export function isSensitiveName(name: string): boolean {
  return SENSITIVE_NAMES.has(name.toLowerCase());
}

export interface Redactor {
  /** Adds a secret to replace by value from now on (access tokens as they are issued). */
  addSecret(secret: string | undefined): void;
  string(text: string): string;
  /** A deep copy of `value` with sensitive fields and secret values replaced; cycles and depth are bounded. */
  value(value: unknown): unknown;
  headers(headers: Headers | Readonly<Record<string, string>> | undefined): Record<string, string>;
  /** A URL with sensitive query parameters and secret values replaced. */
  url(url: string): string;
}

const MAX_TOKENS_REMEMBERED = 16;

export function createRedactor(initialSecrets: readonly (string | undefined)[] = []): Redactor {
  const fixed = new Set<string>();
  const tokens: string[] = [];
  let variants: string[] = [];

  const rebuild = (): void => {
    const all = new Set<string>();
    for (const secret of [...fixed, ...tokens]) {
      for (const variant of encodings(secret)) if (variant.length >= MIN_SECRET_LENGTH) all.add(variant);
    }
    // Longest first, so a secret that contains another one is replaced whole.
    variants = [...all].sort((a, b) => b.length - a.length);
  };

  const add = (secret: string | undefined, remember: boolean): void => {
    if (typeof secret !== "string" || secret.length < MIN_SECRET_LENGTH) return;
    if (fixed.has(secret) || tokens.includes(secret)) return;
    if (remember) {
      tokens.push(secret);
      if (tokens.length > MAX_TOKENS_REMEMBERED) tokens.shift();
    } else {
      fixed.add(secret);
    }
    rebuild();
  };
  for (const secret of initialSecrets) add(secret, false);

  const redactString = (text: string): string => {
    let out = text;
    // Replacing can, in contrived cases, join the text around a secret into a secret again; repeat until stable.
    for (let round = 0; round < 4; round++) {
      let changed = false;
      for (const variant of variants) {
        if (out.includes(variant)) {
          out = out.split(variant).join(REDACTED);
          changed = true;
        }
      }
      if (!changed) break;
    }
    return out;
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
        out[key] =
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
      out[name.toLowerCase()] = isSensitiveName(name) ? REDACTED : redactString(String(value));
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

  return {
    addSecret: (secret) => add(secret, true),
    string: redactString,
    value: (value) => redactValue(value, 0, new WeakSet()),
    headers: redactHeaders,
    url: redactUrl,
  };
}

/** The forms a secret takes in text: raw (and trimmed), percent-encoded, form-encoded and JSON-escaped. */
function encodings(secret: string): string[] {
  // Header values lose surrounding whitespace, so a secret can come back trimmed.
  const out = secret.trim() === secret ? [secret] : [secret, secret.trim()];
  try {
    out.push(encodeURIComponent(secret));
  } catch {
    // lone surrogates cannot be percent-encoded; the raw form is still replaced
  }
  out.push(new URLSearchParams({ s: secret }).toString().slice(2));
  for (const form of [...out]) out.push(JSON.stringify(form).slice(1, -1));
  return out;
}
