/**
 * Enum changes, per side. Sent values (request): a removed value breaks callers that send it, a new one breaks
 * nobody. Received values (response, webhook payloads): a removed value breaks nobody, a new one is a warning:
 * code that switches exhaustively over the old values (and clients with validateResponses: true) meets a value
 * it does not know, code that passes unknown values through does not. Redocly rates a new response value major;
 * the review follows oasdiff's response-property-enum-value-added (WARN) instead.
 */
import { hasVerdict, shown, type Classification, type Rule, type RuleDocumentation } from "./rule.js";

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
  classify(facts, side) {
    if (facts.kind !== "changed" || facts.property !== "enum" || side === "both") return undefined;
    const { before, after, subject } = facts;
    const { added, removed } = enumDelta(before, after);
    const found: Classification[] = [];
    if (side === "request") {
      if (before === undefined) {
        found.push({
          rule: "enum-values-removed",
          source: hasVerdict(facts, "enum-values-removed") ? "redocly" : "review",
          level: "breaking",
          message: `Enum of ${subject} was set to ${list(added)}: other values are now rejected.`,
        });
      } else if (removed.length > 0) {
        found.push({
          rule: "enum-values-removed",
          source: hasVerdict(facts, "enum-values-removed") ? "redocly" : "review",
          level: "breaking",
          message: `Enum of ${subject} lost values: ${list(removed)}.`,
        });
      }
      if (after === undefined)
        found.push({
          rule: "request-enum-values-added",
          source: "review",
          level: "info",
          message: `Enum of ${subject} was removed: any value is accepted.`,
        });
      else if (added.length > 0 && before !== undefined)
        found.push({
          rule: "request-enum-values-added",
          source: "review",
          level: "info",
          message: `Enum of ${subject} gained values: ${list(added)}.`,
        });
    } else {
      const note =
        "Breaks exhaustive switches over the old values and clients with validateResponses: true; code that passes unknown values through keeps working.";
      if (after === undefined) {
        found.push({
          rule: "enum-values-added",
          source: "redocly+review",
          level: "warning",
          message: `Enum of ${subject} was removed: any value can be received.`,
          note,
        });
      } else if (added.length > 0 && before !== undefined) {
        found.push({
          rule: "enum-values-added",
          source: hasVerdict(facts, "enum-values-added") ? "redocly+review" : "review",
          level: "warning",
          message: `Enum of ${subject} gained values: ${list(added)}.`,
          note,
        });
      }
      if (before === undefined)
        found.push({
          rule: "response-enum-values-removed",
          source: "review",
          level: "info",
          message: `Enum of ${subject} was set to ${list(added)}.`,
        });
      else if (removed.length > 0)
        found.push({
          rule: "response-enum-values-removed",
          source: "review",
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
    source: "redocly",
    basis: "a value the client could send is rejected (also: an enum was set where there was none)",
  },
  {
    rule: "request-enum-values-added",
    side: "request",
    level: "info",
    source: "review",
    basis: "oasdiff: adding a request enum value is not breaking",
  },
  {
    rule: "enum-values-added",
    side: "response",
    level: "warning (Redocly: major)",
    source: "redocly+review",
    basis: "oasdiff response-property-enum-value-added (WARN): breaks exhaustive switches and validateResponses: true",
  },
  {
    rule: "response-enum-values-removed",
    side: "response",
    level: "info",
    source: "review",
    basis: "fewer values received: nothing breaks",
  },
];
