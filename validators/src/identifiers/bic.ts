/**
 * BIC (Business Identifier Code, "SWIFT code"), ISO 9362, as the Account Funds reference states it:
 * 4 letters (institution), 2 letters (country), a location `[A-Z2-9][A-NP-Z0-9]` and an optional
 * branch `[A-Z0-9]{3}`. A location whose second character is `0` marks a test BIC (ISO 9362 / SWIFT).
 * ISO 9362 takes the country from ISO 3166-1; the reference states only two letters, so a country that is not
 * an assigned code is a warning (`unknown_country`), never a refusal.
 */
import { defineValidator } from "../core/define-validator.js";
import { asWarning, issue, type Issue } from "../core/issue.js";
import { failure, noWarnings, type Result, type Success } from "../core/result.js";
import { assignedCountryCode, countryCodeTable } from "./country-code.js";
import { notAString } from "./identifier-issues.js";
import { isDigit, isUpper, readGroups, removeSeparators, type GroupedForm } from "./separators.js";

export interface BicDetails {
  /** Location code ends in `0`: a test-and-training BIC, not reachable on the live network. */
  readonly test: boolean;
  readonly institution: string;
  readonly country: string;
  readonly location: string;
  /** Present for 11-character BICs (`XXX` is the primary office). */
  readonly branch?: string;
}

const FORM: GroupedForm = { name: "BIC", groups: [4, 2, 2, 3], lengths: [8, 11], separators: " ", letters: true };

const isAlphanumeric = (code: number): boolean => isDigit(code) || isUpper(code);

/** Location codes are indexed by their two char codes, each counted from "0" (0x30) up to "Z" (0x5a). */
const LOCATION_SPAN = 0x5a - 0x30 + 1;

let locations: readonly string[] | undefined;

/**
 * Every location code ISO 9362 allows (`[A-Z2-9][A-NP-Z0-9]`, 1,190 of them) as a shared string, indexed
 * (first − "0") · 43 + (second − "0"), and "" where the pair is not allowed. One lookup both checks a location
 * and names it, so a valid BIC's details need no slice for it. Built on first use (about 40 kB), by a
 * function of its own so that this getter stays small enough for V8 to inline.
 */
function locationTable(): readonly string[] {
  return locations ?? buildLocationTable();
}

function buildLocationTable(): readonly string[] {
  const built = Array.from({ length: LOCATION_SPAN * LOCATION_SPAN }, () => ""); // packed: no hole checks
  for (let first = 0x32; first <= 0x5a; first++) {
    if (!isAlphanumeric(first)) continue;
    for (let second = 0x30; second <= 0x5a; second++) {
      if (isAlphanumeric(second) && second !== 0x4f) {
        built[(first - 0x30) * LOCATION_SPAN + (second - 0x30)] = String.fromCharCode(first, second);
      }
    }
  }
  return (locations = built);
}

/** The shared location code for char codes `first`, `second`, or "" when ISO 9362 does not allow it. */
function locationCode(first: number, second: number): string {
  const row = first - 0x30;
  const column = second - 0x30;
  if (row >>> 0 >= LOCATION_SPAN || column >>> 0 >= LOCATION_SPAN) return ""; // unsigned: below "0" wraps
  return locationTable()[row * LOCATION_SPAN + column] ?? "";
}

/**
 * The common case in one pass over char codes: `input` is already a valid BIC as ISO 9362 prints it (8 or 11
 * characters, upper case, no spaces). Then `value` is the input itself, the country and location come from
 * the shared tables, and only the institution (and branch) are sliced. Anything else is undefined and takes
 * the general path, which normalises and names the problem.
 *
 * Written as nested conditions with the result inside, and with the table offsets checked together: this
 * layout measured ~5 % faster on Node 20 than early returns and a lookup function per table.
 */
function canonicalBic(input: string): Success<string, BicDetails> | undefined {
  const length = input.length;
  if (
    (length === 8 || length === 11) &&
    isUpper(input.charCodeAt(0)) &&
    isUpper(input.charCodeAt(1)) &&
    isUpper(input.charCodeAt(2)) &&
    isUpper(input.charCodeAt(3))
  ) {
    // Offsets into the tables; unsigned, so a code below "A" (or "0") wraps to a huge number and fails the bound.
    const country0 = input.charCodeAt(4) - 0x41;
    const country1 = input.charCodeAt(5) - 0x41;
    const location0 = input.charCodeAt(6) - 0x30;
    const location1 = input.charCodeAt(7) - 0x30;
    if (
      country0 >>> 0 < 26 &&
      country1 >>> 0 < 26 &&
      location0 >>> 0 < LOCATION_SPAN &&
      location1 >>> 0 < LOCATION_SPAN
    ) {
      const country = countryCodeTable()[country0 * 26 + country1] ?? "";
      const location = locationTable()[location0 * LOCATION_SPAN + location1] ?? "";
      if (country !== "" && location !== "") {
        const test = location1 === 0; // location ends in "0"
        // Literals, not success(value, extra): spreading `extra` costs 30–120 ns a call on Node 20, more than the check.
        if (length === 8) {
          return {
            ok: true,
            value: input,
            warnings: noWarnings,
            test,
            institution: input.slice(0, 4),
            country,
            location,
          };
        }
        if (
          isAlphanumeric(input.charCodeAt(8)) &&
          isAlphanumeric(input.charCodeAt(9)) &&
          isAlphanumeric(input.charCodeAt(10))
        ) {
          return {
            ok: true,
            value: input,
            warnings: noWarnings,
            test,
            institution: input.slice(0, 4),
            country,
            location,
            branch: input.slice(8),
          };
        }
      }
    }
  }
  return undefined;
}

/**
 * The result for `value`, a valid compact BIC that was not in canonical form before normalising, or whose
 * country is not an assigned ISO 3166-1 code (a warning).
 */
function bicSuccess(value: string): Success<string, BicDetails> {
  const test = value.charCodeAt(7) === 0x30;
  const institution = value.slice(0, 4);
  const assigned = assignedCountryCode(value.charCodeAt(4), value.charCodeAt(5));
  const country = assigned === "" ? value.slice(4, 6) : assigned;
  const warnings = assigned === "" ? [unknownCountry(country)] : noWarnings;
  const location = locationCode(value.charCodeAt(6), value.charCodeAt(7));
  return value.length === 11
    ? { ok: true, value, warnings, test, institution, country, location, branch: value.slice(8) }
    : { ok: true, value, warnings, test, institution, country, location };
}

function unknownCountry(country: string): Issue {
  return asWarning(
    issue("unknown_country", `${country} in this BIC is not an ISO 3166-1 country code (ISO 9362 uses one).`, [], {
      country,
    }),
  );
}

/** The compact BIC or the first issue: institution, country, location, in reading order. */
function readBic(input: string): string | Issue {
  const value = readGroups(input, FORM);
  if (typeof value !== "string") return value;
  for (let i = 0; i < 6; i++) {
    if (!isUpper(value.charCodeAt(i))) {
      return i < 4
        ? issue("invalid_format", "The first four characters of a BIC (the institution code) are letters.", [], {
            position: i,
          })
        : issue("invalid_format", "Characters 5 and 6 of a BIC are the country code, two letters.", [], {
            position: i,
          });
    }
  }
  const location0 = value.charCodeAt(6);
  if (location0 === 0x30 || location0 === 0x31) {
    return issue("invalid_format", "The location code of a BIC (characters 7 and 8) cannot start with 0 or 1.", [], {
      position: 6,
    });
  }
  if (value.charCodeAt(7) === 0x4f) {
    return issue("invalid_format", 'The location code of a BIC cannot end with the letter "O".', [], { position: 7 });
  }
  return value;
}

/** Removes spaces and upper-cases; no validation. */
export function compact(input: string): string {
  if (typeof input !== "string") return "";
  return removeSeparators(input, 0, input.length).trim().toUpperCase();
}

/** Spaced, lower-case or invalid input: normalise, then check the rules in reading order to name the first problem. */
function readBicResult(input: string): Result<string, BicDetails> {
  const value = readBic(input);
  return typeof value === "string" ? bicSuccess(value) : failure([value]);
}

// The general path lives in a function of its own: inside this closure it would count against V8's inlining
// budget of every caller, and the fast path would no longer be inlined whole (~15 % slower on valid BICs).
export const validateBic = /* @__PURE__ */ defineValidator<string, BicDetails>((input) => {
  if (typeof input !== "string") return failure([notAString(FORM.name, input)]);
  return canonicalBic(input) ?? readBicResult(input);
});

/**
 * The boolean shortcut's fast path, as cheap as the `bic` package's regex but exact: 1 for a valid BIC in
 * canonical form, 0 for an invalid one made only of upper-case letters and digits (nothing to normalise, so
 * nothing else to try), -1 for any other form, which the general path reads. No allocation: one table lookup
 * for the country and one for the location, in a typed array built on first use.
 */
function canonicalVerdict(input: string): number {
  const length = input.length;
  if (length !== 8 && length !== 11) return -1;
  const table = shapeTable();
  const valid =
    isUpper(input.charCodeAt(0)) &&
    isUpper(input.charCodeAt(1)) &&
    isUpper(input.charCodeAt(2)) &&
    isUpper(input.charCodeAt(3)) &&
    table[countrySlot(input.charCodeAt(4), input.charCodeAt(5))] === 1 &&
    table[locationSlot(input.charCodeAt(6), input.charCodeAt(7))] === 1 &&
    (length === 8 ||
      (isAlphanumeric(input.charCodeAt(8)) &&
        isAlphanumeric(input.charCodeAt(9)) &&
        isAlphanumeric(input.charCodeAt(10))));
  if (valid) return 1;
  for (let i = 0; i < length; i++) if (!isAlphanumeric(input.charCodeAt(i))) return -1;
  return 0;
}

/** Country slots 0–675, location slots 676 onwards; slot `TABLE_SIZE - 1` (never 1) for anything out of range. */
const COUNTRY_SLOTS = 26 * 26;
const TABLE_SIZE = COUNTRY_SLOTS + LOCATION_SPAN * LOCATION_SPAN + 1;

function countrySlot(first: number, second: number): number {
  const row = first - 0x41;
  const column = second - 0x41;
  return row >>> 0 < 26 && column >>> 0 < 26 ? row * 26 + column : TABLE_SIZE - 1;
}

function locationSlot(first: number, second: number): number {
  const row = first - 0x30;
  const column = second - 0x30;
  return row >>> 0 < LOCATION_SPAN && column >>> 0 < LOCATION_SPAN
    ? COUNTRY_SLOTS + row * LOCATION_SPAN + column
    : TABLE_SIZE - 1;
}

let shapes: Uint8Array | undefined;

function shapeTable(): Uint8Array {
  return shapes ?? buildShapeTable();
}

/**
 * 1 for every two letters of a country (an unassigned one is only a warning) and where the location table has a
 * code; the same rules, as bits.
 */
function buildShapeTable(): Uint8Array {
  const built = new Uint8Array(TABLE_SIZE);
  built.fill(1, 0, COUNTRY_SLOTS);
  const locations = locationTable();
  for (let slot = 0; slot < locations.length; slot++) built[COUNTRY_SLOTS + slot] = locations[slot] === "" ? 0 : 1;
  return (shapes = built);
}

export function isValidBic(input: unknown): boolean {
  try {
    if (typeof input !== "string") return false;
    const verdict = canonicalVerdict(input);
    return verdict >= 0 ? verdict === 1 : typeof readBic(input) === "string";
  } catch {
    return false; // never throws: what makes the check throw (a hostile option, a Proxy) is not valid
  }
}

/** A BIC is printed compact and upper case (ISO 9362 has no grouped form); no validation. */
export function formatBic(input: string): string {
  return compact(input);
}
