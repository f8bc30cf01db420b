/**
 * IBAN, ISO 13616-1:2020: country code, two MOD 97-10 check digits (ISO 7064) and a BBAN whose length and
 * structure the SWIFT IBAN Registry (release 102) fixes per country; some BBANs carry national check
 * digits too. Source: https://www.swift.com/standards/data-standards/iban (registry), ibantools 4.5.
 * The reference says "structure and checksum validated": those are errors. National check digits, beyond
 * it, are a warning (`invalid_national_checksum`, `severity: "warning"`): the IBAN is valid and sent.
 */
import { defineValidator } from "../core/define-validator.js";
import { asWarning, issue, type Issue } from "../core/issue.js";
import { failure, noWarnings, type Success } from "../core/result.js";
import { assignedCountryCode } from "./country-code.js";
import { ibanFormat, type IbanFormat } from "./iban-registry.js";
import {
  describeCharacter,
  empty,
  invalidCharacter,
  invalidChecksum,
  invalidLength,
  notAString,
  tooLong,
} from "./identifier-issues.js";
import { calcCheckDigits as calcMod97CheckDigits, isCheckDigitRange } from "./mod97-10.js";
import { HYPHEN, SPACE, isUpper, removeSeparators, trimEnd, trimStart } from "./separators.js";

export interface IbanOptions {
  /** Also accept the national formats ibantools knows outside the SWIFT registry (AO, CI, MA, SN, …). */
  readonly allowNonRegistry?: boolean;
}

export interface IbanDetails {
  /** Upper case, no separators: `DE89370400440532013000`. Same as `value`. */
  readonly electronic: string;
  /** Groups of four separated by spaces: `DE89 3704 0044 0532 0130 00`. */
  readonly print: string;
  readonly country: string;
  readonly bban: string;
}

const NAME = "IBAN";

/** 34 characters (the ISO 13616 maximum) plus a separator between every pair, rounded up. */
const MAX_INPUT_LENGTH = 72;

const CLASS_NAMES: Readonly<Record<string, string>> = { n: "a digit", a: "a letter", c: "a letter or digit" };

/**
 * The electronic form of `input`, or the first issue found, in one pass over the characters: separators,
 * upper-casing, the BBAN structure and the MOD 97-10 remainder are all handled while reading.
 */
function readIban(input: string, allowNonRegistry: boolean): string | Issue {
  if (input.length > MAX_INPUT_LENGTH) return tooLong(NAME, MAX_INPUT_LENGTH, input.length);
  const start = trimStart(input);
  const end = trimEnd(input, start);
  if (start === end) return empty(NAME);

  let n = 0; // characters of the electronic form read so far
  let c0 = 0,
    c1 = 0,
    c2 = 0,
    c3 = 0; // the first four: country code and check digits
  let format: IbanFormat | undefined;
  let mismatch = -1; // first BBAN position whose character class is wrong
  let r = 0; // MOD 97-10 of the BBAN read so far (country and check digits are appended at the end)
  let lower = false;
  let separator = 0;
  let misplaced = -1;
  let previousWasSeparator = true; // so that a leading hyphen counts as misplaced
  for (let i = start; i < end; i++) {
    let code = input.charCodeAt(i);
    if (code >= 0x61 && code <= 0x7a) {
      code -= 0x20;
      lower = true;
    }
    const digit = code >= 0x30 && code <= 0x39;
    if (digit || (code >= 0x41 && code <= 0x5a)) {
      if (n >= 4) {
        if (format !== undefined && mismatch < 0) {
          const expected = format.bban.charCodeAt(n - 4); // NaN past the end: length is reported instead
          if ((expected === 0x6e && !digit) || (expected === 0x61 && digit)) mismatch = n - 4;
        }
        r = digit ? r * 10 + (code - 0x30) : r * 100 + (code - 55);
        if (r > 9_999_999) r %= 97;
      } else if (n === 0) c0 = code;
      else if (n === 1) {
        c1 = code;
        format = ibanFormat(c0, c1);
      } else if (n === 2) c2 = code;
      else c3 = code;
      n++;
      previousWasSeparator = false;
      continue;
    }
    if (code !== SPACE && code !== HYPHEN) return invalidCharacter(NAME, input.charCodeAt(i), i);
    // Spaces and hyphens may be mixed (`ES72 2013-0692-81-0201150993`), as ibantools and python-stdnum compact
    // them; a doubled, leading or trailing separator is still refused (a sign of a pasted fragment).
    if (misplaced < 0 && previousWasSeparator) misplaced = i;
    separator = code;
    previousWasSeparator = true;
  }
  if (misplaced < 0 && previousWasSeparator) misplaced = end - 1;
  if (misplaced >= 0) return misplacedSeparator(input.charCodeAt(misplaced), misplaced);

  if (c0 === 0x49 && c1 === 0x42 && c2 === 0x41 && c3 === 0x4e) {
    return issue("invalid_format", 'Remove the "IBAN" prefix: an IBAN starts with its country code.', [], {
      prefix: "IBAN",
    });
  }
  if (n < 2 || c0 < 0x41 || c1 < 0x41) {
    return issue("invalid_format", "An IBAN starts with a two-letter country code.", [], {
      position: c0 < 0x41 ? 0 : 1,
    });
  }
  const country = String.fromCharCode(c0, c1);
  if (format === undefined || (!format.registry && !allowNonRegistry)) return unsupportedCountry(country, format);
  if (n < 4 || c2 > 0x39 || c3 > 0x39) {
    if (n < 4) return invalidLength(NAME, format.length, n);
    return issue("invalid_format", "The IBAN check digits (characters 3 and 4) must be digits.", [], {
      position: c2 > 0x39 ? 2 : 3,
    });
  }
  if (n !== format.length) return invalidLength(`${country} IBAN`, format.length, n);
  if (mismatch >= 0) return structureMismatch(format, mismatch);

  r = ((r % 97) * 1_000_000 + (c0 - 55) * 10_000 + (c1 - 55) * 100 + (c2 - 0x30) * 10 + (c3 - 0x30)) % 97;
  if (r !== 1 || !isCheckDigitRange(c2 - 0x30, c3 - 0x30)) return invalidChecksum(NAME);

  const electronic =
    separator === 0
      ? start === 0 && end === input.length
        ? input
        : input.slice(start, end)
      : removeSeparators(input, start, end);
  return lower ? electronic.toUpperCase() : electronic;
}

/** The national check digits of a valid electronic IBAN, where its country has them: the warnings. */
function nationalWarnings(electronic: string): readonly Issue[] {
  const format = ibanFormat(electronic.charCodeAt(0), electronic.charCodeAt(1));
  if (format?.national === undefined || format.national(electronic)) return noWarnings;
  const country = electronic.slice(0, 2);
  return [
    asWarning(
      issue("invalid_national_checksum", `The national check digits inside this ${country} IBAN are wrong.`, [], {
        country,
      }),
    ),
  ];
}

function misplacedSeparator(code: number, position: number): Issue {
  return issue("invalid_separator", "Separate IBAN characters by single spaces or hyphens only.", [], {
    character: describeCharacter(code),
    position,
  });
}

function unsupportedCountry(country: string, format: IbanFormat | undefined): Issue {
  if (format !== undefined) {
    return issue(
      "unsupported_country",
      `${country} IBANs are outside the SWIFT IBAN registry (allowed with allowNonRegistry).`,
      [],
      { country, registry: false },
    );
  }
  if (assignedCountryCode(country.charCodeAt(0), country.charCodeAt(1)) !== "") {
    return issue("unsupported_country", `${country} does not use IBANs.`, [], { country });
  }
  return issue("unknown_country", `${country} is not an ISO 3166-1 country code.`, [], { country });
}

function structureMismatch(format: IbanFormat, bbanPosition: number): Issue {
  const position = bbanPosition + 4;
  const expected = CLASS_NAMES[format.bban.charAt(bbanPosition)] ?? "";
  return issue(
    "invalid_format",
    `${format.country} IBANs have ${expected} at position ${position + 1} (BBAN format ${format.notation}).`,
    [],
    { position, expected: format.bban.charAt(bbanPosition), format: format.notation },
  );
}

/** Groups of four, separated by single spaces (ISO 13616-1 §5.3 paper format). */
function printForm(electronic: string): string {
  let out = electronic.slice(0, 4);
  for (let i = 4; i < electronic.length; i += 4) out += ` ${electronic.slice(i, i + 4)}`;
  return out;
}

/** Removes spaces and hyphens and upper-cases; no validation. */
export function compact(input: string): string {
  if (typeof input !== "string") return "";
  return removeSeparators(input, 0, input.length).trim().toUpperCase();
}

/**
 * The two check digits for `country` + `bban`. Domain: two upper-case letters and a BBAN of 1 to 30 upper-case
 * letters or digits (ISO 13616: an IBAN has at most 34 characters); the BBAN's structure is not checked.
 * Anything else gives "".
 */
export function calcCheckDigits(country: string, bban: string): string {
  if (
    typeof country !== "string" ||
    country.length !== 2 ||
    typeof bban !== "string" ||
    bban.length < 1 ||
    bban.length > 30
  ) {
    return "";
  }
  if (!isUpper(country.charCodeAt(0)) || !isUpper(country.charCodeAt(1))) return "";
  return calcMod97CheckDigits(bban + country);
}

export const validateIban = /* @__PURE__ */ defineValidator<string, IbanDetails, IbanOptions>((input, options) => {
  if (typeof input !== "string") return failure([notAString(NAME, input)]);
  const electronic = readIban(input, options?.allowNonRegistry === true);
  if (typeof electronic !== "string") return failure([electronic]);
  // A literal, not success(value, extra): spreading `extra` costs 30–120 ns a call on Node 20, more than the check.
  const result: Success<string, IbanDetails> = {
    ok: true,
    value: electronic,
    warnings: nationalWarnings(electronic),
    electronic,
    print: printForm(electronic),
    country: electronic.slice(0, 2),
    bban: electronic.slice(4),
  };
  return result;
});

/** Boolean shortcut: builds no result object. */
export function isValidIban(input: unknown, options?: IbanOptions): boolean {
  try {
    return typeof input === "string" && typeof readIban(input, options?.allowNonRegistry === true) === "string";
  } catch {
    return false; // never throws: what makes the check throw (a hostile option, a Proxy) is not valid
  }
}

/** The print form of `input` (compacted first); no validation. */
export function formatIban(input: string): string {
  return printForm(compact(input));
}
