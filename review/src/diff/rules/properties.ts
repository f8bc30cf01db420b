/**
 * Properties added, removed, made required or optional. A client must send what a request requires, and relies on
 * what a response promises: a newly required request property and a removed or no-longer-required response
 * property break it. A removed request property is a warning (the client no longer compiles a call that passes it;
 * the API may ignore it), breaking when the schema forbids other properties. Read-only properties are not sent and
 * write-only ones not received, so changes to them do not reach that side.
 */
import { isJsonObject, resolvePointer } from "@account-funds/generator/json-pointer";
import type { Change, ChangeContext } from "../change.js";
import type { Classification, Rule, RuleDocumentation } from "./rule.js";

const names = (values: unknown): string[] =>
  Array.isArray(values) ? values.filter((value): value is string => typeof value === "string") : [];
const quoted = (list: readonly string[]): string => list.map((name) => `\`${name}\``).join(", ");

/** The revision's schema that held a removed property forbids unknown properties. */
function closedOwner(change: Change, context: ChangeContext): boolean {
  const pointer = change.basePointer ?? "";
  const owner = resolvePointer(context.revision, pointer.slice(0, pointer.lastIndexOf("/properties/")));
  return isJsonObject(owner) && (owner["additionalProperties"] === false || owner["unevaluatedProperties"] === false);
}

function propertyChange(change: Change, context: ChangeContext, subject: string): Classification[] {
  const side = change.side === "response" ? "response" : "request";
  if (change.detail.ignoredOnSide === true)
    return [
      {
        rule: `${side}-property-ignored`,
        level: "info",
        message: `${side === "request" ? "Read-only" : "Write-only"} property ${subject} was ${change.kind}: the ${side} never carries it.`,
      },
    ];
  if (change.kind === "added")
    return [
      {
        rule: `${side}-property-added`,
        level: "info",
        message: `${side === "request" ? "Request" : "Response"} property ${subject} was added.`,
      },
    ];
  if (side === "response")
    return [{ rule: "property-removed", level: "breaking", message: `Response property ${subject} was removed.` }];
  if (closedOwner(change, context))
    return [
      {
        rule: "property-removed",
        level: "breaking",
        message: `Request property ${subject} was removed, and its schema forbids other properties: callers that send it are rejected.`,
      },
    ];
  return [
    {
      rule: "request-property-removed",
      level: "warning",
      message: `Request property ${subject} was removed.`,
      note: "Callers that still send it no longer compile (excess property check), and the API may ignore or reject it.",
    },
  ];
}

function requiredChange(change: Change, subject: string): Classification[] {
  const ignored = new Set(change.detail.ignoredNames ?? []);
  const before = names(change.before).filter((name) => !ignored.has(name));
  const after = names(change.after).filter((name) => !ignored.has(name));
  const nowRequired = after.filter((name) => !before.includes(name));
  const nowOptional = before.filter((name) => !after.includes(name));
  const found: Classification[] = [];
  if (change.side === "response") {
    if (nowOptional.length > 0)
      found.push({
        rule: "required-properties-removed",
        level: "breaking",
        message: `Response properties of ${subject} are no longer always present: ${quoted(nowOptional)}.`,
      });
    if (nowRequired.length > 0)
      found.push({
        rule: "response-property-became-required",
        level: "info",
        message: `Response properties of ${subject} are now always present: ${quoted(nowRequired)}.`,
      });
  } else {
    if (nowRequired.length > 0)
      found.push({
        rule: "required-properties-added",
        level: "breaking",
        message: `Request properties of ${subject} are now required: ${quoted(nowRequired)}.`,
      });
    if (nowOptional.length > 0)
      found.push({
        rule: "request-property-became-optional",
        level: "info",
        message: `Request properties of ${subject} are no longer required: ${quoted(nowOptional)}.`,
      });
  }
  if (found.length === 0)
    found.push({
      rule: "required-unchanged-on-side",
      level: "info",
      message: `\`required\` of ${subject} changed only for properties the ${change.side} never carries.`,
    });
  return found;
}

export const propertiesRule: Rule = {
  name: "properties",
  classify({ change, context, subject }) {
    if (change.node !== "schema") return undefined;
    if (change.detail.keyword === "properties" && change.kind !== "changed")
      return propertyChange(change, context, subject);
    if (change.property === "required" && change.kind === "changed") return requiredChange(change, subject);
    return undefined;
  },
};

export const propertiesRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "required-properties-added",
    side: "request",
    level: "breaking",
    basis: "a request property became required (or a required one was added)",
    oasdiff: "new-required-request-property, request-property-became-required (ERR)",
  },
  {
    rule: "required-properties-removed",
    side: "response",
    level: "breaking",
    basis: "a response property is no longer guaranteed",
    oasdiff: "response-property-became-optional, response-required-property-removed (ERR)",
  },
  {
    rule: "property-removed",
    side: "response",
    level: "breaking",
    basis: "a response property was removed; on the request side only when the schema forbids other properties",
    oasdiff: "response-required-property-removed (ERR), response-optional-property-removed (WARN)",
    differs:
      "stricter for optional response properties: the generated type loses the field, and code that reads it no longer compiles",
  },
  {
    rule: "request-property-removed",
    side: "request",
    level: "warning",
    basis: "callers that pass it no longer compile; the API may ignore it",
    oasdiff: "request-property-removed (WARN)",
  },
  {
    rule: "request-property-added",
    side: "request",
    level: "info",
    basis: "an optional request property (a required one is also required-properties-added)",
    oasdiff: "new-optional-request-property (INFO)",
  },
  {
    rule: "response-property-added",
    side: "response",
    level: "info",
    basis: "a new response property",
    oasdiff: "response-optional-property-added (INFO)",
  },
  {
    rule: "request-property-became-optional",
    side: "request",
    level: "info",
    basis: "not breaking",
    oasdiff: "request-property-became-optional (INFO)",
  },
  {
    rule: "response-property-became-required",
    side: "response",
    level: "info",
    basis: "not breaking",
    oasdiff: "response-property-became-required (INFO)",
  },
  {
    rule: "request-property-ignored",
    side: "request",
    level: "info",
    basis: "a read-only property is not sent",
    oasdiff: "*-read-only-* (INFO)",
  },
  {
    rule: "response-property-ignored",
    side: "response",
    level: "info",
    basis: "a write-only property is not received",
    oasdiff: "*-write-only-* (INFO)",
  },
  {
    rule: "required-unchanged-on-side",
    side: "per side",
    level: "info",
    basis: "`required` changed only for read-only (request) or write-only (response) properties",
    oasdiff: "*-write-only-*/-read-only-* (INFO)",
  },
];
