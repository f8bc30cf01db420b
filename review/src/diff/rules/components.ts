/**
 * Components the comparison of the operations did not reach (no operation uses them, or only through a part that
 * was removed, itself a finding): no call changes, but the client exports their types, so removing one breaks code
 * that names the type (a warning), and anything else about them is information.
 */
import type { Rule, RuleDocumentation } from "./rule.js";

export const componentsRule: Rule = {
  name: "components",
  classify({ change }) {
    if (change.node !== "component") return undefined;
    const name = `\`${change.detail.name ?? "?"}\` (${change.detail.in ?? "components"})`;
    if (change.kind === "removed")
      return [
        {
          rule: "unused-component-removed",
          level: "warning",
          message: `Component ${name}, which no compared operation reaches, was removed.`,
          note: "No call changes; code that names its generated type no longer compiles.",
        },
      ];
    return [
      {
        rule: "unused-component-changed",
        level: "info",
        message: `Component ${name}, which no compared operation reaches, was ${change.kind}.`,
      },
    ];
  },
};

export const componentsRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "unused-component-removed",
    side: "both",
    level: "warning",
    basis: "no call changes; the client's exported type is gone",
    oasdiff: "component-schema-removed (INFO)",
  },
  {
    rule: "unused-component-changed",
    side: "both",
    level: "info",
    basis: "a component no operation uses was added or changed",
    oasdiff: "not reported",
  },
];
