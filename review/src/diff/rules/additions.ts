/**
 * New operations, webhooks, parameters, responses, media types and request bodies: compatible, except a new
 * request body that is required (oasdiff: adding a required request body is breaking; Redocly rates additions
 * minor). A new required parameter is Redocly's parameter-became-required.
 */
import { parsePointer } from "@account-funds/generator/json-pointer";
import type { Rule, RuleDocumentation } from "./rule.js";

export const additionsRule: Rule = {
  name: "additions",
  classify(facts, side) {
    if (facts.kind !== "added") return undefined;
    const after = facts.after as { readonly [key: string]: unknown } | undefined;
    switch (facts.change.typeName) {
      case "PathItem":
      case "Operation": {
        const webhook = facts.nodePointer.startsWith("/webhooks/");
        return [
          {
            rule: webhook ? "webhook-added" : "operation-added",
            source: "review",
            level: "info",
            message: `${webhook ? "Webhook" : "Operation"} ${facts.subject} was added.`,
          },
        ];
      }
      case "Parameter":
        return after?.["required"] === true
          ? undefined
          : [
              {
                rule: "parameter-added",
                source: "review",
                level: "info",
                message: `Optional parameter \`${String(after?.["name"])}\` (${String(after?.["in"])}) was added to ${facts.placement.operations.join(", ") || facts.subject}.`,
              },
            ];
      case "Response":
        return [
          {
            rule: "response-added",
            source: "review",
            level: "info",
            message: `Response ${parsePointer(facts.nodePointer).at(-1)} of ${facts.subject} was added.`,
          },
        ];
      case "MediaType":
        return [
          {
            rule: "media-type-added",
            source: "review",
            level: "info",
            message: `Media type ${parsePointer(facts.nodePointer).at(-1)} of ${facts.subject} was added (${side}).`,
          },
        ];
      case "RequestBody":
        return after?.["required"] === true
          ? [
              {
                rule: "request-body-added-required",
                source: "review",
                level: "breaking",
                message: `A required request body was added to ${facts.subject}.`,
              },
            ]
          : [
              {
                rule: "request-body-added",
                source: "review",
                level: "info",
                message: `An optional request body was added to ${facts.subject}.`,
              },
            ];
      default:
        return undefined;
    }
  },
};

export const additionsRuleDocumentation: readonly RuleDocumentation[] = [
  { rule: "operation-added", side: "both", level: "info", source: "review", basis: "Redocly: minor" },
  { rule: "webhook-added", side: "both", level: "info", source: "review", basis: "Redocly: minor" },
  { rule: "parameter-added", side: "request", level: "info", source: "review", basis: "an optional parameter" },
  {
    rule: "response-added",
    side: "response",
    level: "info",
    source: "review",
    basis: "a new status (oasdiff: information)",
  },
  {
    rule: "media-type-added",
    side: "per side",
    level: "info",
    source: "review",
    basis: "another request or response media type",
  },
  { rule: "request-body-added", side: "request", level: "info", source: "review", basis: "an optional request body" },
  {
    rule: "request-body-added-required",
    side: "request",
    level: "breaking",
    source: "review",
    basis: "oasdiff: adding a required request body is breaking; Redocly: minor",
  },
];
