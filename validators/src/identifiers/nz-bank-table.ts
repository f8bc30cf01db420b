/**
 * The data of the NZ bank account number rules: which bank uses which check algorithm, the branch ranges each
 * bank is allocated, and the algorithms' weights and moduli, as Payments NZ publishes them through Inland
 * Revenue (RWT/NRWT specification, 2016 onwards). Parsed into lookup tables on first use; nz-account-number.ts
 * reads numbers with them.
 */

export type NzAlgorithm = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "X";

/**
 * Bank, algorithm ("AB": A below account base 00990000, else B) and allocated branch ranges. IRD's 2016
 * table, plus the ranges added since (03: 7350–7399, 04: 2020–2024, 10: 5165–5169, 88: 8800–8805).
 */
const BANKS =
  "01 AB 0001-0999 1100-1199 1800-1899, 02 AB 0001-0999 1200-1299, " +
  "03 AB 0001-0999 1300-1399 1500-1599 1700-1799 1900-1999 7350-7399, 04 AB 2020-2024, " +
  "06 AB 0001-0999 1400-1499, 08 D 6500-6599, 09 E 0000-0000, 10 AB 5165-5169, 11 AB 5000-6499 6600-8999, " +
  "12 AB 3000-3299 3400-3499 3600-3699, 13 AB 4900-4999, 14 AB 4700-4799, 15 AB 3900-3999, " +
  "16 AB 4400-4499, 17 AB 3300-3399, 18 AB 3500-3599, 19 AB 4600-4649, 20 AB 4100-4199, 21 AB 4800-4899, " +
  "22 AB 4000-4049, 23 AB 3700-3799, 24 AB 4300-4349, 25 F 2500-2599, 26 G 2600-2699, 27 AB 3800-3849, " +
  "28 G 2100-2149, 29 G 2150-2299, 30 AB 2900-2949, 31 X 2800-2849, 33 F 6700-6799, 35 AB 2400-2499, " +
  "38 AB 9000-9499, 88 AB 8800-8805";

/**
 * Weights over the 18-digit layout the rules are written for (bank 2, branch 4, base 8, suffix 4, each
 * zero-padded on the left), and the modulus. C is published but allocated to no bank; X (bank 31) accepts
 * everything.
 */
const WEIGHTS: Readonly<Record<NzAlgorithm, readonly number[]>> = {
  A: [0, 0, 6, 3, 7, 9, 0, 0, 10, 5, 8, 4, 2, 1, 0, 0, 0, 0],
  B: [0, 0, 0, 0, 0, 0, 0, 0, 10, 5, 8, 4, 2, 1, 0, 0, 0, 0],
  C: [3, 7, 0, 0, 0, 0, 9, 1, 10, 5, 3, 4, 2, 1, 0, 0, 0, 0],
  D: [0, 0, 0, 0, 0, 0, 0, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0],
  E: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 4, 3, 2, 0, 0, 0, 1],
  F: [0, 0, 0, 0, 0, 0, 0, 1, 7, 3, 1, 7, 3, 1, 0, 0, 0, 0],
  G: [0, 0, 0, 0, 0, 0, 0, 1, 3, 7, 1, 3, 7, 1, 0, 3, 7, 1],
  X: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
};

const MODULI: Readonly<Record<NzAlgorithm, number>> = { A: 11, B: 11, C: 11, D: 11, E: 11, F: 10, G: 10, X: 1 };

export interface Algorithm {
  readonly name: NzAlgorithm;
  readonly weights: Int32Array;
  readonly modulus: number;
  /** E and G add the digits of each product. */
  readonly digitSum: boolean;
  /** [digit index, weight, …] over the 15-digit form (2-digit suffix), zero weights left out. */
  readonly terms15: Int32Array;
  /** The same over the 16-digit form (3-digit suffix). */
  readonly terms16: Int32Array;
}

export interface Bank {
  /** The two-digit bank number as written, shared by every result for this bank. */
  readonly code: string;
  /** The bank's own algorithm, or A (with B for bases from 00990000) for the "AB" banks. */
  readonly algorithm: Algorithm;
  readonly highBase: Algorithm | undefined;
  /** Flat [from, to, from, to, …]. */
  readonly branches: Int32Array;
}

let banks: (Bank | undefined)[] | undefined;

function algorithm(name: NzAlgorithm): Algorithm {
  const weights = WEIGHTS[name];
  return {
    name,
    weights: Int32Array.from(weights),
    modulus: MODULI[name],
    digitSum: name === "E" || name === "G",
    terms15: termsOf(weights, 15),
    terms16: termsOf(weights, 16),
  };
}

/**
 * The slot of the 18-digit layout where digit `i` of a `count`-digit number (15 or 16, no dashes) sits: the
 * base's padding zero (slot 6) is skipped and the suffix is right-aligned.
 */
function slotOf(i: number, count: number): number {
  return i < 6 ? i : i < 13 ? i + 1 : i + 18 - count;
}

/** The weights of a `count`-digit number as [digit index, weight] pairs, without the zero weights. */
function termsOf(weights: readonly number[], count: number): Int32Array {
  const terms: number[] = [];
  for (let i = 0; i < count; i++) {
    const weight = weights[slotOf(i, count)] ?? 0;
    if (weight !== 0) terms.push(i, weight);
  }
  return Int32Array.from(terms);
}

/**
 * BANKS parsed into an array indexed by bank number on first use: no work at import, no string keys after.
 * The getter is kept apart from the parsing so that it is small enough for V8 to inline.
 */
export function bankTable(): (Bank | undefined)[] {
  return banks ?? buildBankTable();
}

function buildBankTable(): (Bank | undefined)[] {
  const built = new Array<Bank | undefined>(100).fill(undefined);
  const a = algorithm("A");
  const b = algorithm("B");
  for (const entry of BANKS.split(", ")) {
    const [bank = "", name = "", ...ranges] = entry.split(" ");
    const bounds = ranges.flatMap((range) => range.split("-").map(Number));
    built[Number(bank)] = {
      code: bank,
      algorithm: name === "AB" ? a : algorithm(name as NzAlgorithm),
      highBase: name === "AB" ? b : undefined,
      branches: Int32Array.from(bounds),
    };
  }
  return (banks = built);
}

/** Whether `branch` lies in one of the ranges allocated to `bank` (false for an unknown bank). */
export function isAllocated(bank: Bank | undefined, branch: number): boolean {
  if (bank === undefined) return false;
  const ranges = bank.branches;
  for (let i = 0; i + 1 < ranges.length; i += 2) {
    if (branch >= (ranges[i] ?? 0) && branch <= (ranges[i + 1] ?? -1)) return true;
  }
  return false;
}
