/**
 * The issues every identifier validator reports in the same words: wrong type, empty, too long, a character
 * the identifier never contains, a wrong length. Kept in one place so the messages stay consistent.
 */
import { issue, type Issue } from "../core/issue.js";

export function notAString(name: string, input: unknown): Issue {
  return issue("invalid_type", `${name} must be a string.`, [], { expected: "string", received: typeName(input) });
}

export function empty(name: string): Issue {
  return issue("required", `${name} is empty.`);
}

export function tooLong(name: string, maximum: number, actual: number): Issue {
  return issue("too_long", `${name} is too long: at most ${maximum} characters are allowed.`, [], { maximum, actual });
}

/** `position` is the 0-based index in the input as given (before trimming), so a form can highlight it. */
export function invalidCharacter(name: string, code: number, position: number): Issue {
  const character = describeCharacter(code);
  return issue("invalid_character", `${name} must not contain ${character} (position ${position + 1}).`, [], {
    character,
    position,
  });
}

export function invalidLength(name: string, expected: number | readonly number[], actual: number): Issue {
  const wanted = typeof expected === "number" ? String(expected) : expected.join(" or ");
  return issue("invalid_length", `${name} must have ${wanted} characters, not ${actual}.`, [], { expected, actual });
}

export function invalidChecksum(name: string): Issue {
  return issue("invalid_checksum", `${name} has an invalid check digit; check for a typing error.`);
}

/** Printable characters are quoted; invisible or unusual ones are named by code point (a tab is `U+0009`). */
export function describeCharacter(code: number): string {
  // The code point only when it is shown: toString(16), toUpperCase and padStart are a large share of a
  // rejection otherwise.
  if (code > 0x20 && code < 0x7f) return `"${String.fromCharCode(code)}"`;
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

function typeName(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  return typeof input;
}
