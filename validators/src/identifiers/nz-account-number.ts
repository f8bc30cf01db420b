/**
 * New Zealand bank account number: bank (2 digits), branch (4), account base (7) and suffix (2 or 3),
 * written `01-0902-0068389-00`. Checked by the Payments NZ "Bank account number validation" rules as
 * Inland Revenue publishes them (RWT/NRWT specification, 2016 onwards): the branch must lie in a range
 * allocated to the bank, then a weighted modulus check with algorithm A, B, D, E, F, G or X, chosen by
 * bank (and for A/B by the account base). A number in that structure has the value 15 or 16 digits, no dashes.
 *
 * The reference states only `^[0-9A-Z-]{15,16}$`. So the bank and branch table and the check digits are
 * warnings, never refusals, and a value the structure cannot read but the reference's pattern accepts
 * (`01-902-68389-000`) is valid as written (upper case), with a warning saying why it is not read as bank,
 * branch, base and suffix.
 */
import { defineValidator } from "../core/define-validator.js";
import { asWarning, issue, type Issue } from "../core/issue.js";
import { failure, noWarnings, success, type Result, type Success } from "../core/result.js";
import { patternOf } from "../core/wire-form.js";
import { newZealandAccountNumberPaymentRoutingTable } from "../generated/request-fields.js";
import {
  describeCharacter,
  empty,
  invalidCharacter,
  invalidChecksum,
  invalidLength,
  notAString,
  tooLong,
} from "./identifier-issues.js";
import { bankTable, isAllocated, type Algorithm, type Bank, type NzAlgorithm } from "./nz-bank-table.js";
import { HYPHEN, MAX_INPUT_LENGTH, SPACE, removeSeparators, trimEnd, trimStart } from "./separators.js";

export type { NzAlgorithm } from "./nz-bank-table.js";

/** The parts of a number in the bank-branch-base-suffix structure; absent for one only the reference's pattern accepts. */
export interface NzAccountNumberDetails {
  readonly bank?: string;
  readonly branch?: string;
  readonly base?: string;
  readonly suffix?: string;
  /** `01-0902-0068389-00`. */
  readonly print?: string;
}

/**
 * The reference's pattern for the NZ AccountNumber (§ routing types), as the spec's routing table states it, on the
 * trimmed, upper-cased input.
 */
const REFERENCE_PATTERN = /* @__PURE__ */ patternOf(
  newZealandAccountNumberPaymentRoutingTable.fields.AccountNumber.pattern,
);

const NAME = "NZ bank account number";

/** The number written by the digits `input[from..to)`. */
function numberAt(input: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + (input.charCodeAt(i) - 0x30);
  return n;
}

/** The bank's own algorithm, or for the "AB" banks A below account base 00990000 and B from there. */
function algorithmOf(bank: Bank, base: number): Algorithm {
  return bank.highBase !== undefined && base >= 990_000 ? bank.highBase : bank.algorithm;
}

/**
 * Σ weight·digit over the digits `input[from..to)`, right-aligned in the layout so that the last one sits
 * just before `slotEnd` (the rules pad every group with zeros on the left, which add nothing). For E and G
 * each product's digits are added, and the digits of that sum again (the rules' "add the two digits … and
 * again"), so a product of 63 counts 9.
 */
function weightedSum(input: string, from: number, to: number, slotEnd: number, algorithm: Algorithm): number {
  const weights = algorithm.weights;
  let sum = 0;
  for (let i = from, slot = slotEnd - (to - from); i < to; i++, slot++) {
    let product = (weights[slot] ?? 0) * (input.charCodeAt(i) - 0x30);
    if (algorithm.digitSum && product > 9) {
      product = ((product / 10) | 0) + (product % 10);
      if (product > 9) product = ((product / 10) | 0) + (product % 10);
    }
    sum += product;
  }
  return sum;
}

/** The algorithm the rules pick for a 15- or 16-digit value; undefined for an unknown bank. */
export function algorithmFor(value: string): NzAlgorithm | undefined {
  const bank = bankTable()[numberAt(value, 0, 2)];
  return bank === undefined ? undefined : algorithmOf(bank, numberAt(value, 6, 13)).name;
}

/**
 * Digits of the number being read by the fast path, in the spec's order (no dashes); reused across calls.
 * 19 slots, the longest input the fast path reads, so that no input writes past the end.
 */
let scratch: Int32Array | undefined;

/**
 * The two forms nearly all input comes in, read in one pass: printed `01-0902-0068389-00` / `…-001` (dashes at
 * 2, 7 and 15) or compact 15 or 16 digits. Fills `digits` and returns how many there are (15 or 16); 0 for any
 * other form, which the general reader handles.
 */
function readCanonicalDigits(input: string, digits: Int32Array): number {
  const length = input.length;
  const printed = length === 18 || length === 19;
  if (!printed && length !== 15 && length !== 16) return 0;
  let count = 0;
  for (let i = 0; i < length; i++) {
    const digit = input.charCodeAt(i) - 0x30;
    if (digit >>> 0 <= 9) digits[count++] = digit; // unsigned: a code below "0" wraps to a huge number
    else if (!printed || digit !== HYPHEN - 0x30 || (i !== 2 && i !== 7 && i !== 15)) return 0;
  }
  return count === length - (printed ? 3 : 0) ? count : 0;
}

/** The number written by `digits[from..to)`. */
function numberOf(digits: Int32Array, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + (digits[i] ?? 0);
  return n;
}

/**
 * Σ weight·digit over the 15 or 16 digits, by the algorithm's precomputed terms (only the non-zero weights).
 * E and G add the digits of each product twice, as weightedSum does.
 */
function checksumOf(digits: Int32Array, count: number, algorithm: Algorithm): number {
  const terms = count === 15 ? algorithm.terms15 : algorithm.terms16;
  let sum = 0;
  for (let t = 0; t + 1 < terms.length; t += 2) {
    let product = (terms[t + 1] ?? 0) * (digits[terms[t] ?? 0] ?? 0);
    if (algorithm.digitSum && product > 9) {
      product = ((product / 10) | 0) + (product % 10);
      if (product > 9) product = ((product / 10) | 0) + (product % 10);
    }
    sum += product;
  }
  return sum;
}

/**
 * A success with every detail, as one literal of one shape: not success(value, extra), whose spread of `extra`
 * costs 30–120 ns a call on Node 20, more than the check.
 */
function nzSuccess(
  value: string,
  bank: string,
  branch: string,
  base: string,
  suffix: string,
  print: string,
  warnings: readonly Issue[],
): Success<string, NzAccountNumberDetails> {
  return { ok: true, value, warnings, bank, branch, base, suffix, print };
}

/**
 * Input in a canonical form, read in one pass: the result (an unknown bank or branch, or wrong check digits, are
 * its warnings). Undefined for any other form, which the general reader handles. The strings are the input
 * itself where possible: `print` for printed input, `value` for compact input.
 */
function readCanonicalNz(input: string): Success<string, NzAccountNumberDetails> | undefined {
  const digits = (scratch ??= new Int32Array(19));
  const count = readCanonicalDigits(input, digits);
  if (count === 0) return undefined;
  const bankCode = input.slice(0, 2);
  const bank = bankTable()[numberOf(digits, 0, 2)];
  const branchNumber = numberOf(digits, 2, 6);
  let warnings: readonly Issue[] = noWarnings;
  if (bank === undefined || !isAllocated(bank, branchNumber)) {
    warnings = [asWarning(unknownBank(bank, bankCode, branchNumber))];
  } else {
    const algorithm = algorithmOf(bank, numberOf(digits, 6, 13));
    if (checksumOf(digits, count, algorithm) % algorithm.modulus !== 0) warnings = [asWarning(invalidChecksum(NAME))];
  }
  if (count === input.length) {
    const branch = input.slice(2, 6);
    const base = input.slice(6, 13);
    const suffix = input.slice(13);
    return nzSuccess(input, bankCode, branch, base, suffix, `${bankCode}-${branch}-${base}-${suffix}`, warnings);
  }
  const branch = input.slice(3, 7);
  const base = input.slice(8, 15);
  const suffix = input.slice(16);
  return nzSuccess(bankCode + branch + base + suffix, bankCode, branch, base, suffix, input, warnings);
}

/** The bank number is not allocated, or the branch is not allocated to the bank. */
function unknownBank(bank: Bank | undefined, bankCode: string, branchNumber: number): Issue {
  const branchCode = String(branchNumber).padStart(4, "0");
  return issue(
    "unknown_bank",
    bank !== undefined
      ? `Branch ${branchCode} is not allocated to NZ bank ${bankCode}.`
      : `${bankCode} is not an NZ bank number.`,
    [],
    { bank: bankCode, branch: branchCode },
  );
}

const GROUPED_SHAPE = "Write an NZ bank account number as BB-bbbb-AAAAAAA-SS(S), or as 15 or 16 digits.";

function groupIssue(group: number): Issue {
  return issue("invalid_format", GROUPED_SHAPE, [], { group });
}

/** `input[from..to)` padded to `length` digits, or with one leading zero dropped when it has `length + 1`. */
function fitGroup(input: string, from: number, to: number, length: number): string {
  const group = input.slice(from, to);
  if (group.length === length) return group;
  return group.length > length ? group.slice(1) : group.padStart(length, "0");
}

/**
 * The result for a number in the structure (with the table's and check digits' warnings), or the first issue
 * that keeps it from being read so, reading the input once: compact (15 or 16 digits) or
 * grouped by one kind of separator as bank (2), branch (3–4), base (6–8) and suffix (2–4); groups longer
 * than the canonical length may only add a leading zero. Builds the parts from the groups it already has,
 * because string slicing dominates the cost of this check.
 */
function readNz(input: string): Success<string, NzAccountNumberDetails> | Issue {
  if (input.length > MAX_INPUT_LENGTH) return tooLong(NAME, MAX_INPUT_LENGTH, input.length);
  const start = trimStart(input);
  const end = trimEnd(input, start);
  if (start === end) return empty(NAME);
  let separator = 0;
  let separators = 0;
  let s1 = 0,
    s2 = 0,
    s3 = 0; // separator positions
  let misplaced = -1;
  let previousWasSeparator = true;
  for (let i = start; i < end; i++) {
    const code = input.charCodeAt(i);
    if (code >= 0x30 && code <= 0x39) {
      previousWasSeparator = false;
      continue;
    }
    if (code !== SPACE && code !== HYPHEN) return invalidCharacter(NAME, code, i);
    if (misplaced < 0 && (previousWasSeparator || (separator !== 0 && separator !== code))) misplaced = i;
    separator = code;
    previousWasSeparator = true;
    separators++;
    if (separators === 1) s1 = i;
    else if (separators === 2) s2 = i;
    else if (separators === 3) s3 = i;
  }
  if (misplaced < 0 && previousWasSeparator) misplaced = end - 1;
  if (misplaced >= 0) {
    return issue("invalid_separator", `${GROUPED_SHAPE} Use one kind of separator, once between groups.`, [], {
      character: describeCharacter(input.charCodeAt(misplaced)),
      position: misplaced,
    });
  }

  // Group boundaries: bank [start, e0), branch [b1, e1), base [b2, e2), suffix [b3, end).
  let e0 = start + 2,
    b1 = e0,
    e1 = start + 6,
    b2 = e1,
    e2 = start + 13,
    b3 = e2;
  if (separators === 0) {
    const length = end - start;
    if (length !== 15 && length !== 16) return invalidLength(NAME, [15, 16], length);
  } else {
    if (separators !== 3) return issue("invalid_format", GROUPED_SHAPE, [], { groups: separators + 1 });
    e0 = s1;
    b1 = s1 + 1;
    e1 = s2;
    b2 = s2 + 1;
    e2 = s3;
    b3 = s3 + 1;
    const branch = e1 - b1;
    const base = e2 - b2;
    const suffix = end - b3;
    if (e0 - start !== 2) return groupIssue(0);
    if (branch < 3 || branch > 4) return groupIssue(1);
    if (base < 6 || base > 8 || (base === 8 && input.charCodeAt(b2) !== 0x30)) return groupIssue(2);
    if (suffix < 2 || suffix > 4 || (suffix === 4 && input.charCodeAt(b3) !== 0x30)) return groupIssue(3);
  }

  const bank = bankTable()[numberAt(input, start, e0)];
  const branchNumber = numberAt(input, b1, e1);
  let warnings: readonly Issue[] = noWarnings;
  if (bank === undefined || !isAllocated(bank, branchNumber)) {
    warnings = [asWarning(unknownBank(bank, input.slice(start, e0), branchNumber))];
  } else {
    const algorithm = bank.highBase === undefined ? bank.algorithm : algorithmOf(bank, numberAt(input, b2, e2));
    // Bank digits weigh 0 in every allocated algorithm (only the unused C weighs them); suffix digits only in E and G.
    let sum = weightedSum(input, b1, e1, 6, algorithm) + weightedSum(input, b2, e2, 14, algorithm);
    if (algorithm.digitSum) sum += weightedSum(input, b3, end, 18, algorithm);
    if (sum % algorithm.modulus !== 0) warnings = [asWarning(invalidChecksum(NAME))];
  }

  if (separators === 0) {
    const value = start === 0 && end === input.length ? input : input.slice(start, end);
    const bankCode = value.slice(0, 2);
    const branch = value.slice(2, 6);
    const base = value.slice(6, 13);
    const suffix = value.slice(13);
    return nzSuccess(value, bankCode, branch, base, suffix, `${bankCode}-${branch}-${base}-${suffix}`, warnings);
  }
  const bankCode = input.slice(start, e0);
  const branch = fitGroup(input, b1, e1, 4);
  const base = fitGroup(input, b2, e2, 7);
  const suffix = fitGroup(input, b3, end, end - b3 === 2 ? 2 : 3);
  const canonical = separator === HYPHEN && e1 - b1 === 4 && e2 - b2 === 7 && end - b3 <= 3;
  return nzSuccess(
    bankCode + branch + base + suffix,
    bankCode,
    branch,
    base,
    suffix,
    canonical ? input.slice(start, end) : `${bankCode}-${branch}-${base}-${suffix}`,
    warnings,
  );
}

function printForm(value: string): string {
  return `${value.slice(0, 2)}-${value.slice(2, 6)}-${value.slice(6, 13)}-${value.slice(13)}`;
}

/** The 15- or 16-digit form of a number in the bank-branch-base-suffix structure, else the input without separators. */
export function compact(input: string): string {
  if (typeof input !== "string") return "";
  const result = readCanonicalNz(input) ?? readNz(input);
  return "ok" in result ? result.value : removeSeparators(input, 0, input.length).trim();
}

/**
 * The result for any accepted form: canonical forms in one pass, everything else by the general reader; a form
 * it cannot read as bank, branch, base and suffix is still valid when the reference's pattern accepts it.
 */
function readNzResult(input: string): Result<string, NzAccountNumberDetails> {
  const result = readCanonicalNz(input) ?? readNz(input);
  if ("ok" in result) return result;
  const written = referenceForm(input);
  return written === undefined ? failure([result]) : success(written, {}, [asWarning(result)]);
}

/** The trimmed, upper-cased input when the reference's pattern accepts it, else undefined. */
function referenceForm(input: string): string | undefined {
  if (input.length > MAX_INPUT_LENGTH) return undefined;
  const written = input.trim().toUpperCase();
  return REFERENCE_PATTERN.test(written) ? written : undefined;
}

/**
 * Accepts `01-0902-0068389-00`, `01 902 0068389 000` and `010902006838900` (the value: 15 or 16 digits, no
 * dashes), and anything else the reference's pattern accepts, as written (with a warning).
 */
export const validateNzAccountNumber = /* @__PURE__ */ defineValidator<string, NzAccountNumberDetails>((input) => {
  if (typeof input !== "string") return failure([notAString(NAME, input)]);
  return readNzResult(input);
});

export function isValidNzAccountNumber(input: unknown): boolean {
  try {
    return (
      typeof input === "string" &&
      ("ok" in (readCanonicalNz(input) ?? readNz(input)) || referenceForm(input) !== undefined)
    );
  } catch {
    return false; // never throws: what makes the check throw (a hostile option, a Proxy) is not valid
  }
}

/** `010902006838900` → `01-0902-0068389-00`; no validation. */
export function formatNzAccountNumber(input: string): string {
  return printForm(compact(input));
}
