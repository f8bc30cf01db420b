/**
 * RegEx rules: the time of one validation of validateCreateWithdrawalBeneficiary with one catastrophic rule
 * (for a backtracking engine) on a value of the maximum tested length, for every pattern × value of the test
 * corpus. Each validation compiles its rule afresh, as a form's keystroke or a server request does. Measured in
 * CPU time of this process (`process.cpuUsage`): on a shared 2-core machine the wall clock also counts the
 * time spent waiting for a core, which says nothing about the engine.
 */
import { validateCreateWithdrawalBeneficiary } from "../src/node.js";
import { adversarialValues, catastrophicPatterns } from "../test/requests/regex/catastrophic-patterns.js";
import { validBeneficiary } from "../test/requests/request-examples.js";
import { median } from "./measure.js";

export interface RegexCorpusResult {
  readonly validations: number;
  /** Median over runs of each validation, then: the worst one, with its pattern and value. */
  readonly worstMs: number;
  readonly worstPattern: string;
  readonly worstValue: string;
  readonly medianMs: number;
}

const RUNS = 5;

function timeOne(pattern: string, value: string): number {
  const before = process.cpuUsage();
  validateCreateWithdrawalBeneficiary(
    { ...validBeneficiary, AdditionalInformation: { Code: value } },
    { additionalInformationRules: [{ Field: "Code", Rule: [{ RegEx: pattern }] }] },
  );
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

export function measureRegexCorpus(): RegexCorpusResult {
  for (const pattern of catastrophicPatterns.slice(0, 5)) timeOne(pattern, adversarialValues[0] ?? ""); // warm-up
  const all: { pattern: string; value: string; ms: number }[] = [];
  for (const pattern of catastrophicPatterns) {
    for (const value of adversarialValues) {
      all.push({ pattern, value, ms: median(Array.from({ length: RUNS }, () => timeOne(pattern, value))) });
    }
  }
  const worst = all.reduce((a, b) => (b.ms > a.ms ? b : a));
  return {
    validations: all.length,
    worstMs: worst.ms,
    worstPattern: worst.pattern,
    worstValue: worst.value,
    medianMs: median(all.map((entry) => entry.ms)),
  };
}
