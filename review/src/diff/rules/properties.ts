/**
 * Properties added, removed, made required or optional, on the sides Redocly's verdicts leave open:
 *
 * - a removed request property is a warning (oasdiff request-property-removed, WARN): the API may ignore it or
 *   reject it, and TypeScript rejects an object literal that still passes it, so callers must change code;
 * - added properties, a request property made optional and a response property made required are compatible.
 *
 * The breaking halves (a new required request property, a removed or no-longer-required response property) are
 * Redocly's verdicts (rules/verdicts.ts); a response property removal Redocly did not flag is still breaking.
 */
import { propertyOwner } from "../facts.js";
import { type Classification, type Rule, type RuleDocumentation } from "./rule.js";

const names = (values: unknown): string[] =>
  Array.isArray(values) ? values.filter((value): value is string => typeof value === "string") : [];
const quoted = (list: readonly string[]): string => list.map((name) => `\`${name}\``).join(", ");

export const propertiesRule: Rule = {
  name: "properties",
  classify(facts, side) {
    if (side === "both") return undefined;
    const owner =
      facts.change.typeName === "Schema" && facts.kind !== "changed" ? propertyOwner(facts.nodePointer) : undefined;
    if (owner !== undefined) {
      if (facts.kind === "added")
        return [
          {
            rule: `${side}-property-added`,
            source: "review",
            level: "info",
            message: `${side === "request" ? "Request" : "Response"} property ${facts.subject} was added.`,
          },
        ];
      if (side === "request") {
        return [
          {
            rule: "request-property-removed",
            source: "review",
            level: "warning",
            message: `Request property ${facts.subject} was removed.`,
            note: "Callers that still send it no longer compile (excess property check), and the API may ignore or reject it.",
          },
        ];
      }
      return [
        {
          rule: "property-removed",
          source: "review",
          level: "breaking",
          message: `Response property ${facts.subject} was removed.`,
        },
      ];
    }
    if (facts.kind === "changed" && facts.property === "required" && facts.change.typeName === "Schema") {
      const before = names(facts.before);
      const after = names(facts.after);
      const nowRequired = after.filter((name) => !before.includes(name));
      const nowOptional = before.filter((name) => !after.includes(name));
      const found: Classification[] = [];
      if (side === "request" && nowOptional.length > 0) {
        found.push({
          rule: "request-property-became-optional",
          source: "review",
          level: "info",
          message: `Request properties of ${facts.subject} are no longer required: ${quoted(nowOptional)}.`,
        });
      }
      if (side === "response" && nowRequired.length > 0) {
        found.push({
          rule: "response-property-became-required",
          source: "review",
          level: "info",
          message: `Response properties of ${facts.subject} are now always present: ${quoted(nowRequired)}.`,
        });
      }
      return found.length > 0 ? found : undefined;
    }
    return undefined;
  },
};

export const propertiesRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "request-property-removed",
    side: "request",
    level: "warning",
    source: "review",
    basis: "oasdiff request-property-removed (WARN); Redocly rates it patch unless the schema is closed",
  },
  {
    rule: "request-property-added",
    side: "request",
    level: "info",
    source: "review",
    basis: "an optional request property (a required one is also required-properties-added)",
  },
  {
    rule: "response-property-added",
    side: "response",
    level: "info",
    source: "review",
    basis: "oasdiff: a new response property is not breaking",
  },
  {
    rule: "request-property-became-optional",
    side: "request",
    level: "info",
    source: "review",
    basis: "oasdiff: not breaking",
  },
  {
    rule: "response-property-became-required",
    side: "response",
    level: "info",
    source: "review",
    basis: "oasdiff: not breaking",
  },
];
