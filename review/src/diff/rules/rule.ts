/**
 * A rule looks at one change (on the side the comparison found it) and either says what it is (rule id, level,
 * message) or passes. The engine (src/diff/classify.ts) asks the rules in order and keeps the first answer; a change
 * no rule answers is unclassified, and counts as breaking (rules/unclassified.ts).
 */
import type { Change, ChangeContext } from "../change.js";
import type { Level } from "../finding.js";

export interface Classification {
  readonly rule: string;
  readonly level: Level;
  readonly message: string;
  readonly note?: string;
  /** The same on every side (documentation): one finding for the node, not one per side. */
  readonly everySide?: boolean;
}

/** What a rule reads: the change, both documents, and a name for the changed node. */
export interface RuleInput {
  readonly change: Change;
  readonly context: ChangeContext;
  /** `Reference` of `CreateAccountTransfer`, `GET /api/v1/Transfers`, ... */
  readonly subject: string;
}

export interface Rule {
  readonly name: string;
  readonly classify: (input: RuleInput) => readonly Classification[] | undefined;
}

/**
 * One row of the README's rule table: the documentation of a rule id a rule can answer with, and what oasdiff does
 * with the same change (`differs` says why the review deliberately decides otherwise).
 */
export interface RuleDocumentation {
  readonly rule: string;
  readonly side: "request" | "response" | "both" | "per side";
  readonly level: string;
  readonly basis: string;
  /** oasdiff's checks for the same change and their level. */
  readonly oasdiff: string;
  /** Why the review's verdict differs from oasdiff's, when it does. */
  readonly differs?: string;
}

/** A value as a message shows it. */
export function shown(value: unknown): string {
  if (value === undefined) return "(none)";
  return typeof value === "string" ? `'${value}'` : JSON.stringify(value);
}

/** `was set to X`, `was removed`, `changed from X to Y`. */
export function changed(before: unknown, after: unknown): string {
  if (before === undefined) return `was set to ${shown(after)}`;
  if (after === undefined) return "was removed";
  return `changed from ${shown(before)} to ${shown(after)}`;
}

export const sideWord = (change: Change): string => (change.side === "call" ? "" : ` (${change.side})`);
