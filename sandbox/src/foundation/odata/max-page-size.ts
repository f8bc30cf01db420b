// The `maxpagesize` preference of a request's `Prefer` header (OData 4.01 Protocol §8.2.8.5; `odata.maxpagesize` in
// OData 4.0, both accepted): pages of at most N entities. Preferences are read as RFC 7240 §2 writes them — a
// comma-separated list of `token [= word] *(; parameter)`, names case-insensitive, only the first instance of a
// preference counts — and one the server cannot honour (not a positive integer) is ignored, as §2 says.

export interface MaxPageSizePreference {
  /** The preference as the request named it (`odata.maxpagesize` or `maxpagesize`), for `Preference-Applied`. */
  readonly name: string;
  readonly value: number;
}

const NAMES = new Set(["odata.maxpagesize", "maxpagesize"]);

/** The request's page size preference; undefined when it has none, or none the server can honour. */
export function maxPageSizePreference(
  header: string | readonly string[] | undefined,
): MaxPageSizePreference | undefined {
  if (header === undefined) return undefined;
  for (const preference of splitOutsideQuotes(typeof header === "string" ? header : header.join(","), ",")) {
    const [nameValue = ""] = splitOutsideQuotes(preference, ";");
    const equals = nameValue.indexOf("=");
    const name = (equals === -1 ? nameValue : nameValue.slice(0, equals)).trim();
    if (!NAMES.has(name.toLowerCase())) continue;
    // The first instance decides, honoured or not (RFC 7240 §2).
    const value = unquote(equals === -1 ? "" : nameValue.slice(equals + 1).trim());
    if (!/^[1-9][0-9]{0,8}$/.test(value)) return undefined;
    return { name, value: Number(value) };
  }
  return undefined;
}

/** `Preference-Applied` (§8.3.6) for an honoured preference: the pages hold at most `value` entities. */
export function preferenceApplied(preference: MaxPageSizePreference): string {
  return `${preference.name}=${preference.value}`;
}

/** Splits on `separator` except inside quoted strings (RFC 9110 §5.6.4, with backslash escapes). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted && char === "\\" && index + 1 < text.length) {
      current += char + text[index + 1]!;
      index += 1;
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

function unquote(word: string): string {
  return word.length >= 2 && word.startsWith('"') && word.endsWith('"')
    ? word.slice(1, -1).replace(/\\(.)/g, "$1")
    : word;
}
