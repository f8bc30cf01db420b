/**
 * The compatible side of a type change: a request type that accepts more (integer → number), a response type that
 * returns less (number → integer), or a shared schema's other side. The breaking side is Redocly's
 * `schema-type-changed` verdict ("narrowed" for requests, "widened" for responses).
 */
import type { Rule, RuleDocumentation } from "./rule.js";
import { shown } from "./rule.js";

export const typesRule: Rule = {
  name: "types",
  classify(facts, side) {
    if (facts.kind !== "changed" || (facts.property !== "type" && facts.property !== "nullable") || side === "both")
      return undefined;
    return [
      {
        rule: `${side}-type-changed`,
        source: "review",
        level: "info",
        message: `\`${facts.property}\` of ${facts.subject} changed from ${shown(facts.before)} to ${shown(facts.after)}; compatible on the ${side} side.`,
      },
    ];
  },
};

export const typesRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "request-type-changed",
    side: "request",
    level: "info",
    source: "review",
    basis: "the request type was widened (oasdiff: integer → number in a request is not breaking)",
  },
  {
    rule: "response-type-changed",
    side: "response",
    level: "info",
    source: "review",
    basis: "the response type was narrowed (oasdiff: number → integer in a response is not breaking)",
  },
];
