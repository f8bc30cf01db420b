/**
 * Enum changes, per side. Sent values (request): a removed value breaks callers that send it, a new one breaks
 * nobody. Received values (response, webhook payloads): a removed value breaks nobody, a new one is a warning: code
 * that switches exhaustively over the old values (and clients with validateResponses: true) meets a value it does
 * not know, code that passes unknown values through does not (oasdiff response-property-enum-value-added, WARN).
 * `x-extensible-enum` lists known values of an open set: only a value removed from a request's list breaks.
 */
import { shown, type Classification, type Rule, type RuleDocumentation } from "./rule.js";

const valuesOf = (value: unknown): unknown[] | undefined => (Array.isArray(value) ? value : undefined);
const key = (value: unknown): string => JSON.stringify(value);

export function enumDelta(before: unknown, after: unknown): { readonly added: unknown[]; readonly removed: unknown[] } {
  const old = valuesOf(before) ?? [];
  const now = valuesOf(after) ?? [];
  const oldKeys = new Set(old.map(key));
  const nowKeys = new Set(now.map(key));
  return {
    added: now.filter((value) => !oldKeys.has(key(value))),
    removed: old.filter((value) => !nowKeys.has(key(value))),
  };
}

const list = (values: readonly unknown[]): string => values.map(shown).join(", ");

export const enumsRule: Rule = {
  name: "enums",
  classify({ change, subject }) {
    if (change.node !== "schema" || change.kind !== "changed") return undefined;
    const { before, after } = change;
    const { added, removed } = enumDelta(before, after);
    if (change.property === "x-extensible-enum")
      return [
        change.side === "request" && removed.length > 0
          ? {
              rule: "enum-values-removed",
              level: "breaking",
              message: `Extensible enum of ${subject} lost values: ${list(removed)}.`,
            }
          : { rule: "extensible-enum-changed", level: "info", message: `Extensible enum of ${subject} changed.` },
      ];
    if (change.property !== "enum") return undefined;
    const found: Classification[] = [];
    if (change.side !== "response") {
      if (before === undefined)
        found.push({
          rule: "enum-values-removed",
          level: "breaking",
          message: `Enum of ${subject} was set to ${list(added)}: other values are now rejected.`,
        });
      else if (removed.length > 0)
        found.push({
          rule: "enum-values-removed",
          level: "breaking",
          message: `Enum of ${subject} lost values: ${list(removed)}.`,
        });
      if (after === undefined)
        found.push({
          rule: "request-enum-values-added",
          level: "info",
          message: `Enum of ${subject} was removed: any value is accepted.`,
        });
      else if (added.length > 0 && before !== undefined)
        found.push({
          rule: "request-enum-values-added",
          level: "info",
          message: `Enum of ${subject} gained values: ${list(added)}.`,
        });
    } else {
      const note =
        "Breaks exhaustive switches over the old values and clients with validateResponses: true; code that passes unknown values through keeps working.";
      if (after === undefined)
        found.push({
          rule: "enum-values-added",
          level: "warning",
          message: `Enum of ${subject} was removed: any value can be received.`,
          note,
        });
      else if (added.length > 0 && before !== undefined)
        found.push({
          rule: "enum-values-added",
          level: "warning",
          message: `Enum of ${subject} gained values: ${list(added)}.`,
          note,
        });
      if (before === undefined)
        found.push({
          rule: "response-enum-values-removed",
          level: "info",
          message: `Enum of ${subject} was set to ${list(added)}.`,
        });
      else if (removed.length > 0)
        found.push({
          rule: "response-enum-values-removed",
          level: "info",
          message: `Enum of ${subject} lost values: ${list(removed)}.`,
        });
    }
    return found.length > 0 ? found : undefined;
  },
};

export const enumsRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "enum-values-removed",
    side: "request",
    level: "breaking",
    basis:
      "a value the client could send is rejected (also: an enum set where there was none, a value removed from x-extensible-enum)",
    oasdiff: "request-*-enum-value-removed, request-parameter-became-enum, *-x-extensible-enum-value-removed (ERR)",
  },
  {
    rule: "request-enum-values-added",
    side: "request",
    level: "info",
    basis: "more values accepted",
    oasdiff: "request-*-enum-value-added (INFO)",
  },
  {
    rule: "enum-values-added",
    side: "response",
    level: "warning",
    basis: "breaks exhaustive switches and validateResponses: true",
    oasdiff: "response-property-enum-value-added (WARN)",
  },
  {
    rule: "response-enum-values-removed",
    side: "response",
    level: "info",
    basis: "fewer values received: nothing breaks",
    oasdiff: "response-property-enum-value-removed (INFO)",
  },
  {
    rule: "extensible-enum-changed",
    side: "per side",
    level: "info",
    basis: "values added to an open set, or removed from a received one",
    oasdiff: "not reported",
  },
];
