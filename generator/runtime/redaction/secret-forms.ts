/**
 * The forms a secret takes in text, and the shapes of secrets the client never saw. A server can echo a secret
 * raw, in a URL (percent-encoded), in a form body (form-encoded), in JSON (escaped) or in an HTML page (escaped);
 * and a bearer token or a JWT is recognisable by its shape (RFC 6750 §2.1, RFC 7519 §3), whoever issued it.
 */

export const REDACTED = "[REDACTED]";

/** The forms of `secret` in text: raw (and trimmed), percent-, form-, JSON- and HTML-escaped; white space alone never. */
export function secretForms(secret: string): string[] {
  // Header values lose surrounding whitespace, so a secret can come back trimmed.
  const raw = secret.trim() === secret ? [secret] : [secret, secret.trim()];
  const out = [...raw];
  try {
    out.push(encodeURIComponent(secret));
  } catch {
    // lone surrogates cannot be percent-encoded; the raw form is still replaced
  }
  out.push(new URLSearchParams({ s: secret }).toString().slice(2));
  for (const form of [...out]) out.push(JSON.stringify(form).slice(1, -1));
  for (const form of raw) out.push(...htmlEscaped(form));
  // Replacing white space alone would blank every message: such a form is never one a secret is known by.
  return [...new Set(out)].filter((form) => form.trim() !== "");
}

/** HTML escapes of `text` (`&amp;`, `&lt;`, `&gt;`, and quotes as `&quot;`/`&#39;` or `&#34;`/`&#x27;`). */
function htmlEscaped(text: string): string[] {
  if (!/[&<>"']/.test(text)) return [];
  const base = text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  return [
    base.replaceAll('"', "&quot;").replaceAll("'", "&#39;"),
    base.replaceAll('"', "&#34;").replaceAll("'", "&#x27;"),
  ];
}

/**
 * A JSON Web Token in compact form: a base64url JSON header (`eyJ`, `{"`), a payload and a signature. It starts where
 * no base64url character precedes it (or right after a `%XX` or `\uXXXX` escape), so a run of `eyJeyJ…` is tried once,
 * not at each `eyJ`: linear time. Tokens the client received are also found by value, wherever they stand.
 */
const JWT =
  /(?:(?<![A-Za-z0-9_-])|(?<=%[0-9A-Fa-f]{2}|\\u[0-9A-Fa-f]{4}))eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g;

/**
 * Secrets by shape, for text the client did not write: `Bearer <b64token>` (RFC 6750 §2.1; 20 characters or more,
 * so that prose such as "Bearer was not authenticated" stays readable), a JWT, a sensitive form or query field
 * (`password=…`), a sensitive JSON member (`"access_token": "…"`) and an `Authorization:` header line.
 */
const SHAPES: readonly (readonly [RegExp, string])[] = [
  [/\bBearer(\s+)[A-Za-z0-9\-._~+/]{20,}=*(?![A-Za-z0-9\-._~+/=])/gi, `Bearer$1${REDACTED}`],
  [JWT, REDACTED],
  [/\b(access_token|refresh_token|id_token|client_secret|password|token)=[^&\s"'<>]*/gi, `$1=${REDACTED}`],
  [
    /"(access_token|refresh_token|id_token|client_secret|password|token|accessToken|refreshToken|clientSecret)"(\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
    `"$1"$2"${REDACTED}"`,
  ],
  [/\b((?:proxy-)?authorization)(\s*:\s*)[^\r\n]+/gi, `$1$2${REDACTED}`],
];

/** `text` with every secret-shaped part replaced. */
export function redactShapes(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SHAPES) {
    pattern.lastIndex = 0;
    if (pattern.test(out)) {
      pattern.lastIndex = 0;
      out = out.replace(pattern, replacement);
    }
  }
  return out;
}
