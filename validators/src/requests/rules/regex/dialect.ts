/**
 * From the server's dialect to RE2's. The rules are written for .NET (`Regex.IsMatch`); RE2 reads the same
 * syntax for everything that can run in linear time (classes, `\p{…}`, `\A`, `\z`, `(?i)`, named groups,
 * counted repeats) and refuses the rest with a syntax error. One construct both .NET and ECMAScript have is
 * missing: `\uXXXX`, which is rewritten to RE2's `\x{XXXX}`. Source: RE2 syntax,
 * https://github.com/google/re2/wiki/Syntax; .NET "Character escapes in regular expressions".
 */

function isHexDigit(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

/** Four hexadecimal digits at `from` (charCodeAt past the end is NaN, which is no digit). */
function isHexQuad(pattern: string, from: number): boolean {
  for (let k = from; k < from + 4; k++) if (!isHexDigit(pattern.charCodeAt(k))) return false;
  return true;
}

/** `\uXXXX` → `\x{XXXX}`, skipping escaped backslashes (`\\u0041` is a backslash and "u0041"). */
export function toRe2Syntax(pattern: string): string {
  if (pattern.indexOf("\\u") < 0) return pattern;
  let out = "";
  let copied = 0;
  for (let i = 0; i < pattern.length - 1; i++) {
    if (pattern.charCodeAt(i) !== 0x5c) continue; // "\"
    const next = pattern.charCodeAt(i + 1);
    if (next === 0x75 && isHexQuad(pattern, i + 2)) {
      out += `${pattern.slice(copied, i)}\\x{${pattern.slice(i + 2, i + 6)}}`;
      copied = i + 6;
      i += 5;
    } else {
      i++; // any other escape, "\\" included, is copied as it is
    }
  }
  return out + pattern.slice(copied);
}

/** Why a rule cannot be used, for `params.reason` of an `invalid_rule` issue. */
export type UnsafeRegexReason =
  | "too_long" // longer than MAX_RULE_LENGTH
  | "syntax" // not a regular expression
  | "unsupported_escape" // an escape RE2 does not have (`\Z`, `\G`, `\cX`, …)
  | "backreference" // `\1`, `\k<name>`: no linear-time algorithm exists
  | "lookaround" // `(?=`, `(?!`, `(?<=`, `(?<!`: not supported by RE2
  | "too_complex" // a repeat count over 1000, or a program over MAX_PROGRAM_SIZE instructions
  | "engine_unavailable"; // the engine is not loaded (yet): the rule is listed as unchecked, not refused

/** The reason for an RE2 syntax error (`error parsing regexp: <error>: \`<text>\``). */
export function reasonOf(error: string, pattern: string): UnsafeRegexReason {
  if (/\(\?<?[=!]/.test(pattern) && (error.includes("Perl syntax") || error.includes("named capture"))) return "lookaround";
  if (error.includes("invalid escape")) return /`\\[1-9k]/.test(error) ? "backreference" : "unsupported_escape";
  if (error.includes("repeat count") || error.includes("too large") || error.includes("nests too deeply")) return "too_complex";
  return "syntax";
}
