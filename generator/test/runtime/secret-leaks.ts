/**
 * What a leak is, for the secret tests: a secret, in any form a server may echo it in (raw, percent-, form-, JSON-
 * or HTML-escaped), in any string reachable from an error — its message, stack, cause chain, body, raw body,
 * headers, every own property, enumerable or not. The forms are written out here, not taken from the runtime.
 * And the hostile tokens the property tests draw: control characters, any Unicode, very long, JWT-shaped.
 */
import fc from "fast-check";

/** The forms of `secret` a leak check looks for. */
export function leakForms(secret: string): string[] {
  const html = secret
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
  const forms = [
    secret,
    JSON.stringify(secret).slice(1, -1),
    html,
    new URLSearchParams({ s: secret }).toString().slice(2),
  ];
  try {
    forms.push(encodeURIComponent(secret));
  } catch {
    // a lone surrogate has no percent-encoding
  }
  return [...new Set(forms)].filter((form) => form.trim() !== "");
}

/** Every string reachable from `value`: own properties (enumerable or not, `cause` and `stack` included), deeply. */
export function reachableStrings(value: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const walk = (item: unknown, depth: number): void => {
    if (typeof item === "string") {
      out.push(item);
      return;
    }
    if (item === null || typeof item !== "object" || seen.has(item) || depth > 12) return;
    seen.add(item);
    if (typeof Headers !== "undefined" && item instanceof Headers) {
      for (const [name, text] of item.entries()) out.push(name, text);
      return;
    }
    for (const key of Object.getOwnPropertyNames(item)) {
      out.push(key);
      const descriptor = Object.getOwnPropertyDescriptor(item, key);
      walk(descriptor && "value" in descriptor ? descriptor.value : undefined, depth + 1);
    }
  };
  walk(value, 0);
  if (value instanceof Error) out.push(String(value), JSON.stringify(value) ?? "");
  return out;
}

/** The forms of any of `secrets` found in any string reachable from `value` (none: no leak). */
export function leaksIn(value: unknown, secrets: readonly string[]): string[] {
  const strings = reachableStrings(value);
  return secrets.flatMap((secret) => leakForms(secret).filter((form) => strings.some((text) => text.includes(form))));
}

const controlCharacter = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));
const printable = fc.string({ unit: "grapheme-ascii", minLength: 16, maxLength: 64 });

/**
 * Tokens a token service or provider might hand out, at least 16 characters (shorter ones could be part of the
 * `[REDACTED]` placeholder itself): printable ASCII (sendable), with control characters inside, any Unicode, very
 * long, and JWT-shaped.
 */
export const hostileToken: fc.Arbitrary<string> = fc
  .oneof(
    printable,
    fc.tuple(printable, controlCharacter, printable).map(([a, control, b]) => `${a}${control}${b}`),
    fc.string({ unit: "binary", minLength: 16, maxLength: 48 }),
    fc.string({ unit: "grapheme-ascii", minLength: 4_000, maxLength: 12_000 }),
    fc
      .tuple(
        fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{8,80}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/),
      )
      .map(([header, payload, signature]) => `eyJ${header}.${payload}.${signature}`),
  )
  .filter((token) => token.length >= 16 && !token.includes("[REDACTED]"));

/** Whether `token` can go in an `Authorization` header as the client sends it: visible ASCII, spaces inside. */
export function isSendable(token: string): boolean {
  return /^[\x21-\x7e](?:[\t\x20-\x7e]*[\x21-\x7e])?$/.test(token);
}
