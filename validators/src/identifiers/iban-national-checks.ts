/**
 * National check digits inside the BBAN, for the countries whose BBAN ibantools checks (same countries,
 * same rules, ported from ibantools 4.5 to run on char codes of the electronic IBAN without slicing).
 * Each function gets a structurally valid electronic IBAN: the BBAN starts at index 4 and its digit
 * positions hold digits.
 */
import { mod97 } from "./mod97-10.js";

export type NationalCheck = (iban: string) => boolean;

/** Where the BBAN starts in an electronic IBAN. */
const BBAN = 4;

function digit(iban: string, bbanIndex: number): number {
  return iban.charCodeAt(BBAN + bbanIndex) - 0x30;
}

/** Σ digit·weight over the BBAN positions `from`, `from + 1`, …, one per weight. */
function weightedSum(iban: string, from: number, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += digit(iban, from + i) * (weights[i] ?? 0);
  return sum;
}

/** Check digit `10 - sum mod 10`, 0 when the remainder is 0 (PL, EE, HU). */
function mod10Complement(sum: number): number {
  const remainder = sum % 10;
  return remainder === 0 ? 0 : 10 - remainder;
}

/** Check digit `11 - sum mod 11` where remainders 0 and 1 give 0 and 1, as ibantools does for ES, CZ and SK. */
function mod11Complement(sum: number): number {
  const remainder = sum % 11;
  return remainder < 2 ? remainder : 11 - remainder;
}

/** BA, ME, MK, PT, RS, SI: the whole BBAN is ≡ 1 (mod 97), as in ISO 7064 MOD 97-10. */
const bbanMod97: NationalCheck = (iban) => mod97(iban, BBAN) === 1;

/** BE: the first 10 digits modulo 97 (97 when 0) equal the last two. */
const belgium: NationalCheck = (iban) => {
  const remainder = mod97(iban, BBAN, BBAN + 10);
  return (remainder === 0 ? 97 : remainder) === digit(iban, 10) * 10 + digit(iban, 11);
};

const CZ_PREFIX_WEIGHTS = [10, 5, 8, 4, 2];
const CZ_ACCOUNT_WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2];

/** CZ, SK: bank code, then a 6-digit prefix and a 10-digit account number, each ending in a mod-11 digit. */
const czechSlovak: NationalCheck = (iban) =>
  mod11Complement(weightedSum(iban, 4, CZ_PREFIX_WEIGHTS)) === digit(iban, 9) &&
  mod11Complement(weightedSum(iban, 10, CZ_ACCOUNT_WEIGHTS)) === digit(iban, 19);

const EE_WEIGHTS = [7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1, 3, 7];

/** EE: 7-3-1 weights over the account number after the 2-digit bank code. */
const estonia: NationalCheck = (iban) => mod10Complement(weightedSum(iban, 2, EE_WEIGHTS)) === digit(iban, 15);

const ES_BANK_BRANCH_WEIGHTS = [4, 8, 5, 10, 9, 7, 3, 6];
const ES_ACCOUNT_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];

/** ES: two "dígitos de control", one over bank and branch, one over the account number. */
const spain: NationalCheck = (iban) =>
  mod11Complement(weightedSum(iban, 0, ES_BANK_BRANCH_WEIGHTS)) === digit(iban, 8) &&
  mod11Complement(weightedSum(iban, 10, ES_ACCOUNT_WEIGHTS)) === digit(iban, 9);

/**
 * FR, MC: the RIB key. Letters count as digits (A, J → 1; B, K, S → 2; … I, R, Z → 9; S skips a step
 * because the table has no letter between R and S), then the 23-character BBAN is ≡ 0 (mod 97).
 */
const france: NationalCheck = (iban) => {
  let r = 0;
  for (let i = BBAN; i < iban.length; i++) {
    const code = iban.charCodeAt(i);
    let value = code - 0x30;
    if (code >= 0x41) {
      const letter = code - 0x41;
      value = ((letter >= 18 ? letter + 1 : letter) % 9) + 1;
    }
    r = (r * 10 + value) % 97;
  }
  return r === 0;
};

/** ISO 7064 MOD 11,10 as ibantools computes it for HR, over BBAN positions `from` … `from + length - 1`. */
function mod1110(iban: string, from: number, length: number): number {
  let nr = 10;
  for (let i = 0; i < length; i++) {
    nr += digit(iban, from + i);
    if (nr % 10 !== 0) nr %= 10;
    nr = (nr * 2) % 11;
  }
  return 11 - nr === 10 ? 0 : 11 - nr;
}

/** HR: MOD 11,10 check digits after the bank code and after the account number. */
const croatia: NationalCheck = (iban) =>
  mod1110(iban, 0, 6) === digit(iban, 6) && mod1110(iban, 7, 9) === digit(iban, 16);

const HU_SHORT_WEIGHTS = [9, 7, 3, 1, 9, 7, 3];
const HU_LONG_WEIGHTS = [9, 7, 3, 1, 9, 7, 3, 1, 9, 7, 3, 1, 9, 7, 3];

/** HU: 9-7-3-1 over bank and branch, then over a 16- or 24-digit account number (the short one is padded with 8 zeros). */
const hungary: NationalCheck = (iban) => {
  if (mod10Complement(weightedSum(iban, 0, HU_SHORT_WEIGHTS)) !== digit(iban, 7)) return false;
  let padded = true;
  for (let i = 16; i < 24; i++) if (digit(iban, i) !== 0) padded = false;
  return padded
    ? mod10Complement(weightedSum(iban, 8, HU_SHORT_WEIGHTS)) === digit(iban, 15)
    : mod10Complement(weightedSum(iban, 8, HU_LONG_WEIGHTS)) === digit(iban, 23);
};

const NO_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** NO: mod-11 check digit; numbers whose remainder would need a "10" are never issued. */
const norway: NationalCheck = (iban) => {
  const remainder = weightedSum(iban, 0, NO_WEIGHTS) % 11;
  return (remainder === 0 ? 0 : 11 - remainder) === digit(iban, 10);
};

const PL_WEIGHTS = [3, 9, 7, 1, 3, 9, 7];

/** PL: 3-9-7-1 check digit closing the 8-digit bank-branch number. */
const poland: NationalCheck = (iban) => mod10Complement(weightedSum(iban, 0, PL_WEIGHTS)) === digit(iban, 7);

/** Country → national check; countries not listed have none that ibantools checks. */
export const nationalChecks: Readonly<Record<string, NationalCheck>> = {
  BA: bbanMod97,
  BE: belgium,
  CZ: czechSlovak,
  EE: estonia,
  ES: spain,
  FR: france,
  HR: croatia,
  HU: hungary,
  MC: france,
  ME: bbanMod97,
  MK: bbanMod97,
  NO: norway,
  PL: poland,
  PT: bbanMod97,
  RS: bbanMod97,
  SI: bbanMod97,
  SK: czechSlovak,
};
