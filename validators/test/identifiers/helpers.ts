/** Shared test helpers: result assertions and arbitraries that build identifiers character by character. */
import fc from "fast-check";
import { expect } from "vitest";
import type { Result } from "../../src/index.js";

/** Asserts a failure with exactly one issue of `code` and returns that issue. */
export function expectIssue(result: Result<unknown, object>, code: string) {
  expect(result.ok, JSON.stringify(result)).toBe(false);
  if (result.ok) throw new Error("unreachable");
  expect(result.issues.map((found) => found.code)).toEqual([code]);
  expect(result.issues.every((found) => found.severity === undefined)).toBe(true);
  const [found] = result.issues;
  if (found === undefined) throw new Error("unreachable");
  expect(found.message.length).toBeGreaterThan(0);
  expect(found.path).toEqual([]);
  return found;
}

/**
 * Asserts a success (the value is valid and sent) with exactly one warning of `code`, a check stricter than the
 * API reference, and returns that warning.
 */
export function expectWarning(result: Result<unknown, object>, code: string) {
  expect(result.ok, JSON.stringify(result)).toBe(true);
  expect(result.warnings.map((found) => [found.code, found.severity])).toEqual([[code, "warning"]]);
  const [found] = result.warnings;
  if (found === undefined) throw new Error("unreachable");
  expect(found.message.length).toBeGreaterThan(0);
  return found;
}

export function expectValue<T>(result: Result<T, object>, value: T) {
  expect(result.ok, JSON.stringify(result)).toBe(true);
  if (result.ok) expect(result.value).toBe(value);
}

export const DIGITS = "0123456789";
export const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const ALPHANUMERIC = DIGITS + LETTERS;

/** A string of `length` characters drawn from `alphabet`. */
export function stringOf(alphabet: string, length: number): fc.Arbitrary<string> {
  return fc
    .array(fc.integer({ min: 0, max: alphabet.length - 1 }), { minLength: length, maxLength: length })
    .map((indexes) => indexes.map((i) => alphabet.charAt(i)).join(""));
}

export const digits = (length: number) => stringOf(DIGITS, length);

/** Every string obtained by replacing one character of `value` by another of `alphabet`. */
export function* substitutions(value: string, alphabet: string): Generator<[position: number, replaced: string]> {
  for (let position = 0; position < value.length; position++) {
    for (const character of alphabet) {
      if (character !== value.charAt(position)) {
        yield [position, value.slice(0, position) + character + value.slice(position + 1)];
      }
    }
  }
}

/** Every string obtained by swapping two different adjacent characters of `value`. */
export function* adjacentTranspositions(value: string): Generator<[position: number, swapped: string]> {
  for (let i = 0; i + 1 < value.length; i++) {
    const a = value.charAt(i);
    const b = value.charAt(i + 1);
    if (a !== b) yield [i, value.slice(0, i) + b + a + value.slice(i + 2)];
  }
}

/** Inputs no validator may throw on. */
export const hostileInputs: readonly unknown[] = [
  undefined,
  null,
  0,
  Number.NaN,
  1n,
  Symbol("s"),
  {},
  [],
  () => "x",
  new Date(0),
  Object.create(null),
  "",
  " ",
  "\t",
  "\u0000",
  "１２３４５６", // full-width digits are not digits
  "\u{1F600}".repeat(20),
  "\uD800", // lone surrogate
  "a".repeat(1_000_000),
  "1".repeat(1_000_000),
  " ".repeat(1_000_000),
  "-".repeat(64),
];

/**
 * The properties every identifier's `validate` and `isValid` keep, over `written` (strings shaped like the identifier,
 * valid or not): `isValid` says what `validate` says, and the value is the normal form, so that validating it again
 * gives it back unchanged (normalising twice equals normalising once).
 */
export function expectNormalForm(
  validate: (input: unknown) => Result<string, object>,
  isValid: (input: unknown) => boolean,
  written: fc.Arbitrary<string>,
): void {
  fc.assert(
    fc.property(fc.oneof(written, fc.string()), (input) => {
      const result = validate(input);
      expect(isValid(input), input).toBe(result.ok);
      if (result.ok) expect(validate(result.value)).toMatchObject({ ok: true, value: result.value });
    }),
  );
}

/** Digits, spaces and hyphens, `length` of them at most: what people type for a numeric identifier. */
export const digitsAndSeparators = (maxLength: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(..."0123456789 -"), { maxLength }).map((characters) => characters.join(""));
