/**
 * The success result of every request validator: the normalised request (the wire form to send), what
 * normalising changed (`normalized`, `changes`), and `uncheckedRules`, the conditional rules that could not be
 * decided because their context was not given. `readRequest` reads a body by its table and hands the result here.
 */
import { splitIssues, type Issue } from "../core/issue.js";
import type { ObjectTable } from "../core/field-table.js";
import { definedFields, invalidType, isJsonObject, type JsonObject } from "../core/json-fields.js";
import { normalizationOf, type Normalization } from "../core/normalization.js";
import { readTableFieldsOf, type ReadContext, type TableReaders } from "../core/read-table.js";
import { failure, success, type Result } from "../core/result.js";
import { combineOutcomes, type ConditionalRule, type RuleOutcome } from "./rules/rule-context.js";

export interface RuleReport {
  /** Conditional rules not checked for lack of context; the server may still refuse the request for them. */
  readonly uncheckedRules: readonly ConditionalRule[];
}

/** What a request validator reports beside the value. */
export interface RequestReport extends RuleReport, Normalization {}

/**
 * Fails with every error found (field issues first, then rule issues), or succeeds with `build()` and how it
 * differs from `input`; either way with the warnings found (checks stricter than the reference: never a refusal).
 */
export function requestResult<T>(
  input: unknown,
  fieldIssues: readonly Issue[],
  outcomes: readonly RuleOutcome[],
  build: () => T,
): Result<T, RequestReport> {
  const { issues, uncheckedRules } = combineOutcomes(outcomes);
  const { errors, warnings } = splitIssues([...fieldIssues, ...issues]);
  if (errors.length > 0) return failure(errors, warnings);
  const value = build();
  return success(value, { uncheckedRules, ...normalizationOf(input, value) }, warnings);
}

/** What a request adds to its table's reading: warnings that need the body whole, and its conditional rules. */
export interface RequestChecks<V> {
  /** Issues of the body as a whole (warnings: two equal currencies, neither Individual nor Company). */
  readonly issues?: (body: JsonObject, fields: Partial<V>) => readonly Issue[];
  /** The conditional rules, given the body as it came and its fields as read (`undefined` where one was wrong). */
  readonly rules?: (body: JsonObject, fields: Partial<V>) => readonly RuleOutcome[];
}

/**
 * A request body read by its table (`core/read-table.ts`) with the request's own readers, then its whole-body
 * issues and its conditional rules: the value in the table's order (absent fields left out), or every error found.
 */
export function readRequest<V, T extends ObjectTable>(
  input: unknown,
  table: T,
  readers: TableReaders<T>,
  context: ReadContext,
  checks: RequestChecks<V> = {},
): Result<V, RequestReport> {
  if (!isJsonObject(input)) return failure([invalidType([], "an object", input)]);
  const read = readTableFieldsOf(input, table, readers, context);
  const fields = read.values as Partial<V>;
  const found = [...read.issues, ...(checks.issues?.(input, fields) ?? [])];
  const outcomes = checks.rules?.(input, fields) ?? [];
  return requestResult(input, found, outcomes, () => definedFields<V & object>(fields as V & object));
}
