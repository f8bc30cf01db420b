/**
 * allOf, anyOf, oneOf and not. A new allOf branch is one more condition (stricter); a new anyOf or oneOf branch one
 * more alternative (looser); removing them, the reverse; setting `not` excludes values (stricter). An allOf branch
 * of annotations only (a description, `deprecated`) adds no condition. A new anyOf branch in received data is a
 * warning like a new enum value; a new oneOf branch there is breaking, as oasdiff rates it.
 */
import { isAnnotationOnly } from "../schema-keywords.js";
import { consequence, levelOf, type Direction } from "./direction.js";
import type { Rule, RuleDocumentation } from "./rule.js";

const combinators = new Set(["allOf", "anyOf", "oneOf"]);

export const combinatorsRule: Rule = {
  name: "combinators",
  classify({ change, subject }) {
    if (change.node !== "schema") return undefined;
    const entry =
      change.kind !== "changed" && change.detail.keyword !== undefined && combinators.has(change.detail.keyword);
    const keyword = entry ? (change.detail.keyword ?? "") : (change.property ?? "");
    if (!combinators.has(keyword) && keyword !== "not") return undefined;
    const branch = entry ? (change.kind === "added" ? change.after : change.before) : undefined;
    if (entry && keyword === "allOf" && isAnnotationOnly(branch))
      return [
        {
          rule: "annotation-only-all-of-changed",
          level: "info",
          message: `An \`allOf\` branch of annotations only was ${change.kind} in ${subject}.`,
        },
      ];
    let direction: Direction;
    if (entry) {
      const narrows = (keyword === "allOf") === (change.kind === "added");
      direction = narrows ? "stricter" : "looser";
    } else {
      const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
      const onlyAnnotations =
        keyword === "allOf" && [...list(change.before), ...list(change.after)].every(isAnnotationOnly);
      direction = onlyAnnotations
        ? "same"
        : change.before === undefined
          ? "stricter"
          : change.after === undefined
            ? "looser"
            : "changed";
    }
    const what = entry
      ? `A \`${keyword}\` branch was ${change.kind} in ${subject}`
      : `\`${keyword}\` of ${subject} was ${change.before === undefined ? "set" : change.after === undefined ? "removed" : "replaced"}`;
    if (entry && keyword === "anyOf" && change.kind === "added" && change.side === "response")
      return [
        {
          rule: "schema-combinator-changed",
          level: "warning",
          message: `${what}.`,
          note: "A new alternative in received data, like a new enum value: it breaks exhaustive handling and clients with validateResponses: true, not code that ignores kinds it does not know.",
        },
      ];
    return [
      {
        rule: "schema-combinator-changed",
        level: levelOf(direction, change),
        message: `${what}: ${consequence(direction, change)}.`,
      },
    ];
  },
};

export const combinatorsRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "schema-combinator-changed",
    side: "per side",
    level: "breaking when it narrows a request or widens a response; warning for a new anyOf branch in a response",
    basis: "request: allOf branch or `not` added, oneOf/anyOf branch removed; response: the reverse",
    oasdiff:
      "request-*-all-of-added, -one-of-removed, -any-of-removed (ERR), -all-of-removed (WARN); response-*-one-of-added (ERR), -any-of-added, -all-of-removed (INFO)",
    differs:
      "stricter for an allOf branch removed from a response (what it guaranteed is no longer) and for a new anyOf branch there (warning)",
  },
  {
    rule: "annotation-only-all-of-changed",
    side: "per side",
    level: "info",
    basis: "an allOf branch of only a description, title, deprecated, readOnly, ... adds no condition",
    oasdiff: "request-body-all-of-added-annotation-only (INFO)",
  },
];
