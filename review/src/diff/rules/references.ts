/**
 * A `$ref` that names another component: the two targets are compared like any schemas (their differences are
 * findings of their own), so the retargeting itself is information. A `$ref` that leads nowhere in one document
 * cannot be judged, and counts as breaking.
 */
import type { Rule, RuleDocumentation } from "./rule.js";

export const referencesRule: Rule = {
  name: "references",
  classify({ change, subject }) {
    if (change.node !== "schema" || change.property !== "$ref") return undefined;
    if (change.detail.unresolved === true)
      return [
        {
          rule: "unresolved-ref",
          level: "breaking",
          message: `\`$ref\` of ${subject} (${String(change.before)} → ${String(change.after)}) leads nowhere in one document: the review cannot compare it.`,
        },
      ];
    return [
      {
        rule: "schema-ref-changed",
        level: "info",
        message: `${subject} now refers to ${String(change.after)} instead of ${String(change.before)}; what differs between the two is listed on its own.`,
      },
    ];
  },
};

export const referencesRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "schema-ref-changed",
    side: "per side",
    level: "info (the targets' differences are judged on their own)",
    basis: "a `$ref` retargeted to another component",
    oasdiff: "compares the targets",
  },
  {
    rule: "unresolved-ref",
    side: "per side",
    level: "breaking",
    basis: "a `$ref` that leads nowhere cannot be judged",
    oasdiff: "fails to load",
  },
];
