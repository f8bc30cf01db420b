/**
 * ISO 3166-1 alpha-2 country codes: the 249 officially assigned codes (ISO 3166 Maintenance Agency, the
 * same list as ibantools' country table) plus XK, the user-assigned code that SWIFT, the IBAN registry and
 * the EU use for Kosovo.
 */
import { defineValidator } from "../core/define-validator.js";
import { issue } from "../core/issue.js";
import { failure, success } from "../core/result.js";
import { notAString } from "./identifier-issues.js";
import { readGroups, type GroupedForm } from "./separators.js";

/**
 * Second letters of the assigned codes, one space-separated row per first letter A…Z (the first row
 * "DEFG…" means AD, AE, AF, AG, …). A readable string instead of importing ibantools' 3 kB country table;
 * a test checks it against ibantools.
 */
const ASSIGNED =
  "DEFGILMOQRSTUWXZ ABDEFGHIJLMNOQRSTVWYZ ACDFGHIKLMNORUVWXYZ EJKMOZ CEGHRST IJKMOR ABDEFGHILMNPQRSTUWY " +
  "KMNRTU DELMNOQRST EMOP EGHIMNPRWYZ ABCIKRSTUVY ACDEFGHKLMNOPQRSTUVWXYZ ACEFGILOPRUZ M AEFGHKLMNRSTWY " +
  "A EOSUW ABCDEGHIJKLMNORSTVXYZ CDFGHJKLMNORTVWZ AGMSYZ ACEGINU FS K ET AMW";

let interned: readonly string[] | undefined;

/**
 * Every two-letter combination, indexed (first − A) · 26 + (second − A): the code itself when assigned, else
 * "". Built on first use, so importing the module costs nothing; the strings are shared, so a validator can
 * report a country without slicing one out of its input (250 short strings, a few kB). The getter is kept
 * apart from the build loop so that it is small enough for V8 to inline into every validator's hot path.
 */
export function countryCodeTable(): readonly string[] {
  return interned ?? buildCodeTable();
}

function buildCodeTable(): readonly string[] {
  const built = Array.from({ length: 26 * 26 }, () => ""); // packed: no hole checks on lookups
  let first = 0;
  for (let i = 0; i < ASSIGNED.length; i++) {
    const code = ASSIGNED.charCodeAt(i);
    if (code === 0x20) first++;
    else built[first * 26 + (code - 0x41)] = String.fromCharCode(0x41 + first, code);
  }
  return (interned = built);
}

/**
 * The assigned code that `first` and `second` (char codes) spell, as a shared string, or "" when they are not
 * two upper-case letters of an assigned code. O(1), allocates nothing.
 */
export function assignedCountryCode(first: number, second: number): string {
  const row = first - 0x41;
  const column = second - 0x41;
  if (row >>> 0 > 25 || column >>> 0 > 25) return ""; // unsigned: below "A" wraps to a huge number
  return countryCodeTable()[row * 26 + column] ?? "";
}

/**
 * Whether `first` and `second` (char codes of upper-case letters) form an assigned code. O(1). Anything else (a
 * symbol or bigint, on which arithmetic throws; NaN or a fraction, which `>>> 0` would turn into a valid index) is
 * not an assigned code.
 */
export function isAssignedCountry(first: number, second: number): boolean {
  if (!Number.isInteger(first) || !Number.isInteger(second)) return false;
  return assignedCountryCode(first, second).length !== 0;
}

/** Every assigned code, A to Z, for tools and tests. */
export function countryCodes(): string[] {
  const codes: string[] = [];
  for (let first = 0x41; first <= 0x5a; first++) {
    for (let second = 0x41; second <= 0x5a; second++) {
      if (isAssignedCountry(first, second)) codes.push(String.fromCharCode(first, second));
    }
  }
  return codes;
}

const FORM: GroupedForm = { name: "Country code", groups: [2], lengths: [2], separators: "", letters: true };

/** Trims spaces and upper-cases; no validation. */
export function compact(input: string): string {
  if (typeof input !== "string") return "";
  return input.trim().toUpperCase();
}

export const validateCountryCode = /* @__PURE__ */ defineValidator<string>((input) => {
  if (typeof input !== "string") return failure([notAString("Country code", input)]);
  const value = readGroups(input, FORM);
  if (typeof value !== "string") return failure([value]);
  const first = value.charCodeAt(0);
  const second = value.charCodeAt(1);
  if (first < 0x41 || second < 0x41) {
    return failure([issue("invalid_format", "Country code must be two letters (ISO 3166-1 alpha-2).", [], { value })]);
  }
  if (!isAssignedCountry(first, second)) {
    return failure([
      issue("unknown_country", `${value} is not an assigned ISO 3166-1 alpha-2 country code.`, [], { country: value }),
    ]);
  }
  return success(value);
});

export function isValidCountryCode(input: unknown): boolean {
  try {
    return validateCountryCode(input).ok;
  } catch {
    return false; // never throws: what makes the check throw (a hostile option, a Proxy) is not valid
  }
}
