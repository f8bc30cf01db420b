/**
 * A changed default of an optional request parameter or property: a caller that leaves the value out gets
 * different behaviour with no change on its side (oasdiff request-parameter-default-value-changed,
 * request-property-default-value-changed: ERR). For a required value the default never applies, and on the response
 * side it only documents.
 */
import { isJsonObject, parsePointer, resolvePointer } from "@account-funds/generator/json-pointer";
import type { Change, ChangeContext } from "../change.js";
import { propertyOwner } from "../names.js";
import { changed, type Rule, type RuleDocumentation } from "./rule.js";

/** Whether the schema at the change's node is optional in the request: a parameter's schema, or a property. */
function optionalInRequest(change: Change, context: ChangeContext): boolean {
  const pointer = change.revisionPointer ?? change.basePointer ?? "";
  const document = change.revisionPointer === undefined ? context.base : context.revision;
  if (parsePointer(pointer).at(-1) === "schema") {
    const parameter = resolvePointer(document, pointer.slice(0, -"/schema".length));
    if (isJsonObject(parameter) && typeof parameter["in"] === "string") return parameter["required"] !== true;
  }
  const owner = propertyOwner(pointer);
  if (owner === undefined) return false;
  const schema = resolvePointer(document, owner.schema);
  const required = isJsonObject(schema) && Array.isArray(schema["required"]) ? schema["required"] : [];
  return !required.includes(owner.name);
}

export const defaultsRule: Rule = {
  name: "defaults",
  classify({ change, context, subject }) {
    if (change.node !== "schema" || change.kind !== "changed" || change.property !== "default") return undefined;
    const what = `Default of ${subject} ${changed(change.before, change.after)}`;
    if (change.side === "request" && optionalInRequest(change, context))
      return [
        {
          rule: "request-default-changed",
          level: "breaking",
          message: `${what}: callers that leave it out get different behaviour.`,
        },
      ];
    return [
      {
        rule: change.side === "response" ? "response-default-changed" : "required-default-changed",
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
    basis: "the default of an optional parameter or property: callers that leave it out get different behaviour",
    oasdiff: "request-parameter-default-value-changed, request-property-default-value-changed (ERR)",
  },
  {
    rule: "required-default-changed",
    side: "request",
    level: "info",
    basis: "the default of a required (or body-level) request value never applies",
    oasdiff: "request-body-default-value-changed (INFO)",
  },
  {
    rule: "response-default-changed",
    side: "response",
    level: "info",
    basis: "a response default only documents",
    oasdiff: "response-*-default-value-changed (INFO)",
  },
];
