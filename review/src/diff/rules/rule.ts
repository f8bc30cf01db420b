/**
 * A rule looks at one change on one side and either says what it is (rule id, level, message) or passes. The
 * engine (src/diff/classify.ts) asks the rules in order and keeps the first answer for each side.
 */
import type { ChangeFacts } from "../facts.js";
import type { FindingSide, Level, RuleSource } from "../finding.js";

export interface Classification {
  readonly rule: string;
  readonly source: RuleSource;
  readonly level: Level;
  readonly message: string;
  readonly note?: string;
}

export interface Rule {
  readonly name: string;
  readonly classify: (facts: ChangeFacts, side: FindingSide) => readonly Classification[] | undefined;
}

/** One row of the README's rule table: the documentation of a rule id a rule can answer with. */
export interface RuleDocumentation {
  readonly rule: string;
  readonly side: FindingSide | "per side";
  readonly level: string;
  readonly source: RuleSource;
  readonly basis: string;
}

export const sideName = (side: FindingSide): string => (side === "both" ? "" : `${side} `);

export function hasVerdict(facts: ChangeFacts, ruleId: string): boolean {
  return facts.change.verdicts.some((verdict) => verdict.ruleId === ruleId);
}

/** A value as a message shows it. */
export function shown(value: unknown): string {
  if (value === undefined) return "(none)";
  return typeof value === "string" ? `'${value}'` : JSON.stringify(value);
}
