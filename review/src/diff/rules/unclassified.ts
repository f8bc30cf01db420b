/**
 * Fail closed: a change no rule recognises (a keyword, field or node the review has no rule for) is reported as
 * unclassified and counts as breaking, until a rule is written for it or a reviewer acknowledges it
 * (review/acknowledged-changes.yaml).
 */
import type { Rule, RuleDocumentation } from "./rule.js";
import { sideWord } from "./rule.js";

export const unclassifiedRule: Rule = {
  name: "unclassified",
  classify({ change, subject }) {
    const what =
      change.kind === "changed"
        ? `\`${change.property ?? "value"}\` of ${subject} changed from ${JSON.stringify(change.before)?.slice(0, 200)} to ${JSON.stringify(change.after)?.slice(0, 200)}`
        : `${change.node} ${subject} was ${change.kind}`;
    return [
      {
        rule: "unclassified",
        level: "breaking",
        message: `${what}${sideWord(change)}.`,
        note: "No rule of the review knows this kind of change, so it counts as breaking. If it is compatible, acknowledge it in review/acknowledged-changes.yaml with the reason (and tell the review's maintainers).",
      },
    ];
  },
};

export const unclassifiedRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "unclassified",
    side: "per side",
    level: "breaking",
    basis:
      "a change no rule knows (`$schema`, `jsonSchemaDialect`, a field outside OpenAPI 3.1): fails closed until a rule or an acknowledgement says otherwise",
    oasdiff: "not reported",
    differs: "stricter: oasdiff ignores what it does not compare",
  },
];
