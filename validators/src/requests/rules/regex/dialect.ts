/**
 * From the server's dialect to RE2's. The rules are written for .NET (`Regex.IsMatch`); RE2 reads the same
 * syntax for everything that can run in linear time (classes, `\p{…}`, `\A`, `\z`, `(?i)`, named groups,
 * counted repeats) and refuses the rest with a syntax error. Two differences are rewritten: `\uXXXX` (.NET and
 * ECMAScript) becomes RE2's `\x{XXXX}`, and the shorthand classes `\d`, `\w`, `\s` and their negations, which
 * are Unicode-aware in .NET (without RegexOptions.ECMAScript) but ASCII in RE2, become the Unicode classes .NET
 * defines them as, so an accented name a `^\w+$` rule accepts on the server is accepted here too. Sources: RE2
 * syntax, https://github.com/google/re2/wiki/Syntax; .NET "Character classes in regular expressions" (word
 * character: L, Mn, Nd, Pc; decimal digit: Nd; white space: \f \n \r \t \v \x85 and Z).
 */

function isHexDigit(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

/** Four hexadecimal digits at `from` (charCodeAt past the end is NaN, which is no digit). */
function isHexQuad(pattern: string, from: number): boolean {
  for (let k = from; k < from + 4; k++) if (!isHexDigit(pattern.charCodeAt(k))) return false;
  return true;
}

/** The members of .NET's shorthand classes, as RE2 writes them inside a class. */
const UNICODE_MEMBERS: Readonly<Record<string, string>> = {
  d: "\\p{Nd}",
  w: "\\p{L}\\p{Mn}\\p{Nd}\\p{Pc}",
  s: "\\t\\n\\x0B\\f\\r\\x{85}\\p{Z}",
};

/**
 * The RE2 text of shorthand `\<letter>`, or undefined to keep it as it is. Outside a class any of the six becomes a
 * class of its own; inside one a positive shorthand adds its members and `\D` its negated property, while `\W` and
 * `\S` inside a class keep RE2's ASCII meaning (RE2 cannot subtract from a class; such rules are rare).
 */
function unicodeShorthand(letter: string, inClass: boolean): string | undefined {
  const members = UNICODE_MEMBERS[letter.toLowerCase()];
  if (members === undefined) return undefined;
  const negated = letter !== letter.toLowerCase();
  if (!inClass) return negated ? `[^${members}]` : `[${members}]`;
  if (!negated) return members;
  return letter === "D" ? "\\P{Nd}" : undefined;
}

/**
 * `\uXXXX` → `\x{XXXX}` and .NET's Unicode shorthand classes, reading the pattern as .NET does: an escape takes the
 * next character (`\\d` is a backslash and "d"), and a class runs from `[` (or `[^`) to the first `]` that is not
 * its first member.
 */
export function toRe2Syntax(pattern: string): string {
  let out = "";
  let inClass = false;
  let classStart = -1;
  for (let i = 0; i < pattern.length; i++) {
    const character = pattern[i]!;
    if (character === "\\" && i + 1 < pattern.length) {
      const next = pattern[i + 1]!;
      if (next === "u" && isHexQuad(pattern, i + 2)) {
        out += `\\x{${pattern.slice(i + 2, i + 6)}}`;
        i += 5;
        continue;
      }
      out += unicodeShorthand(next, inClass) ?? `\\${next}`;
      i++;
      continue;
    }
    if (!inClass && character === "[") {
      inClass = true;
      classStart = pattern[i + 1] === "^" ? i + 2 : i + 1;
      out += pattern[i + 1] === "^" ? "[^" : "[";
      if (pattern[i + 1] === "^") i++;
      continue;
    }
    if (inClass && character === "]" && i !== classStart) inClass = false;
    out += character;
  }
  return out;
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
  if (/\(\?<?[=!]/.test(pattern) && (error.includes("Perl syntax") || error.includes("named capture")))
    return "lookaround";
  if (error.includes("invalid escape")) return /`\\[1-9k]/.test(error) ? "backreference" : "unsupported_escape";
  if (error.includes("repeat count") || error.includes("too large") || error.includes("nests too deeply"))
    return "too_complex";
  return "syntax";
}
