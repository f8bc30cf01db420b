/**
 * Valid strings, by construction, for the spec's custom formats whose check digits or registries random
 * characters almost never satisfy. Check digits come from @account-funds/validators' own `calc…` helpers, and
 * each arbitrary is filtered by the format's validator, so a value here is valid by the same rules the spec's
 * ajv formats apply (`addAccountFundsFormats`).
 */
import fc from "fast-check";
import {
  accountFundsFormats,
  calcAbaRoutingNumberCheckDigit,
  calcClabeCheckDigit,
  calcIbanCheckDigits,
  calcLeiCheckDigits,
  countryCodes,
} from "@account-funds/validators";

const DIGITS = "0123456789";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const stringOf = (alphabet: string, length: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length });

/** Only values the format's own validator accepts (a guard against a construction mistake). */
function valid(format: keyof typeof accountFundsFormats, arbitrary: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const check = accountFundsFormats[format];
  return arbitrary.filter((value) => check.type === "string" && check.validate(value));
}

const assignedCountries = countryCodes();

const bic = fc
  .tuple(
    stringOf(LETTERS, 4),
    fc.constantFrom(...assignedCountries),
    stringOf(`${LETTERS}23456789`, 1),
    stringOf(`${LETTERS.replace("O", "")}${DIGITS}`, 1),
    fc.option(stringOf(LETTERS + DIGITS, 3), { nil: "" }),
  )
  .map((parts) => parts.join(""));

/** German IBANs (18-digit BBAN, no national check digit) and two registry examples with national checks. */
const iban = fc.oneof(
  stringOf(DIGITS, 18).map((bban) => `DE${calcIbanCheckDigits("DE", bban)}${bban}`),
  fc.constantFrom("GB29NWBK60161331926819", "FR1420041010050500013M02606"),
);

/** ABA prefixes are Federal Reserve ranges 00–12, 21–32, 61–72 and 80. */
const abaRoutingNumber = fc
  .tuple(fc.constantFrom("01", "05", "12", "21", "26", "32", "61", "67", "72", "80"), stringOf(DIGITS, 6))
  .map(([prefix, rest]) => `${prefix}${rest}${calcAbaRoutingNumberCheckDigit(`${prefix}${rest}`)}`);

const lei = stringOf(DIGITS + LETTERS, 18).map((base) => `${base}${calcLeiCheckDigits(base)}`);

const clabe = stringOf(DIGITS, 17).map((body) => `${body}${calcClabeCheckDigit(body)}`);

/** ANZ branch 0902 (an allocated bank and branch); about one base in eleven passes the modulus check. */
const nzAccountNumber = fc
  .tuple(stringOf(DIGITS, 7), stringOf(DIGITS, 2))
  .map(([base, suffix]) => `010902${base}${suffix}`);

export const formatArbitraries: Readonly<Record<string, fc.Arbitrary<string>>> = {
  bic: valid("bic", bic),
  iban: valid("iban", iban),
  "aba-routing-number": valid("aba-routing-number", abaRoutingNumber),
  lei: valid("lei", lei),
  clabe: valid("clabe", clabe),
  "nz-account-number": valid("nz-account-number", nzAccountNumber),
  "country-code": fc.constantFrom(...assignedCountries),
  "sort-code": valid("sort-code", stringOf(DIGITS, 6)),
  "uk-account-number": valid("uk-account-number", stringOf(DIGITS, 8)),
  bsb: valid("bsb", stringOf(DIGITS, 6)),
  "ca-transit-number": valid(
    "ca-transit-number",
    stringOf(DIGITS, 8).map((digits) => `0${digits}`),
  ),
  ifsc: valid(
    "ifsc",
    fc.tuple(stringOf(LETTERS, 4), stringOf(LETTERS + DIGITS, 6)).map(([bank, branch]) => `${bank}0${branch}`),
  ),
};
