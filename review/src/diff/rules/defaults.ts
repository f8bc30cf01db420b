/**
 * A changed default of an optional request parameter or property: Redocly rates it patch, oasdiff as breaking
 * (request-parameter-default-value-changed, request-property-default-value-changed): a caller that leaves the
 * value out now gets different behaviour with no change on its side. For a required value the default never
 * applies, and on the response side it only documents.
 */
import { isJsonObject, parsePointer, resolvePointer } from "@account-funds/generator/json-pointer";
import type { ChangeFacts } from "../facts.js";
import { propertyOwner } from "../facts.js";
import { shown, type Rule, type RuleDocumentation } from "./rule.js";

/** Whether the schema at `facts.nodePointer` is optional in the request: a parameter's schema, or a property. */
function optionalInRequest(facts: ChangeFacts): boolean | undefined {
  const document = facts.in === "base" ? facts.context.base : facts.context.revision;
  const segments = parsePointer(facts.nodePointer);
  if (segments.at(-1) === "schema") {
    const parameter = resolvePointer(document, facts.nodePointer.slice(0, -"/schema".length));
    if (isJsonObject(parameter) && typeof parameter["in"] === "string") return parameter["required"] !== true;
  }
  const owner = propertyOwner(facts.nodePointer);
  if (owner !== undefined) {
    const schema = resolvePointer(document, owner.schema);
    const required = isJsonObject(schema) && Array.isArray(schema["required"]) ? schema["required"] : [];
    return !required.includes(owner.name);
  }
  return undefined;
}

export const defaultsRule: Rule = {
  name: "defaults",
  classify(facts, side) {
    if (facts.kind !== "changed" || facts.property !== "default" || side === "both") return undefined;
    const what = `Default of ${facts.subject} ${facts.before === undefined ? `was set to ${shown(facts.after)}` : facts.after === undefined ? "was removed" : `changed from ${shown(facts.before)} to ${shown(facts.after)}`}`;
    if (side === "request" && optionalInRequest(facts) === true) {
      return [
        {
          rule: "request-default-changed",
          source: "review",
          level: "breaking",
          message: `${what}: callers that leave it out get different behaviour.`,
        },
      ];
    }
    return [
      {
        rule: side === "request" ? "required-default-changed" : "response-default-changed",
        source: "review",
        level: "info",
        message: `${what}.`,
      },
    ];
  },
};

export const defaultsRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "request-default-changed",
    side: "request",
    level: "breaking",
    source: "review",
    basis:
      "oasdiff request-parameter-default-value-changed / request-property-default-value-changed (ERR); Redocly: patch",
  },
  {
    rule: "required-default-changed",
    side: "request",
    level: "info",
    source: "review",
    basis: "the default of a required (or body-level) request value never applies (oasdiff: not breaking)",
  },
  {
    rule: "response-default-changed",
    side: "response",
    level: "info",
    source: "review",
    basis: "a response default only documents",
  },
];
