/** Whatever no other rule recognised: listed as information with Redocly's own impact, so nothing is dropped. */
import type { Rule, RuleDocumentation } from "./rule.js";

export const fallbackRule: Rule = {
  name: "fallback",
  classify(facts, side) {
    const what =
      facts.kind === "changed"
        ? `\`${facts.property ?? "value"}\` of ${facts.subject} changed`
        : `${facts.change.typeName} ${facts.subject} was ${facts.kind}`;
    return [
      {
        rule: `${facts.kind === "changed" ? "changed" : facts.kind}`,
        source: "review",
        level: "info",
        message: `${what}${side === "both" ? "" : ` (${side})`}.`,
      },
    ];
  },
};

export const fallbackRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "added / removed / changed",
    side: "per side",
    level: "info",
    source: "review",
    basis: "any other change Redocly reports without a verdict (its impact minor or patch)",
  },
];
