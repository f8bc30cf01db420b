/**
 * Redocly's verdicts, placed on the side they break. Redocly checks direction itself (its rules only fire for
 * the side a change breaks) but does not say which side that was; the rule id, and for a few rules the message,
 * does. Three verdicts get a lower level here, for the reasons in `note`. Enum and constraint verdicts are
 * handled by rules/enums.ts and rules/constraints.ts, which judge every side of those changes.
 */
import { parsePointer } from "@account-funds/generator/json-pointer";
import type { ChangeFacts } from "../facts.js";
import type { FindingSide } from "../finding.js";
import type { RedoclyVerdict } from "../redocly.js";
import type { Classification, Rule, RuleDocumentation } from "./rule.js";

const requestRules = new Set([
  "parameter-removed",
  "parameter-became-required",
  "parameter-serialization-changed",
  "request-body-removed",
  "request-body-became-required",
  "required-properties-added",
]);
const responseRules = new Set(["response-removed", "response-header-removed", "required-properties-removed"]);
const callRules = new Set([
  "path-removed",
  "operation-removed",
  "operation-id-changed",
  "security-requirement-changed",
  "security-scheme-changed",
  "server-removed",
]);
/** Judged per side by their own rules. */
export const delegatedRules = new Set(["enum-values-added", "enum-values-removed", "schema-constraint-changed"]);

/** The sides a verdict breaks. */
export function verdictSides(verdict: RedoclyVerdict, facts: ChangeFacts): readonly FindingSide[] {
  const id = verdict.ruleId;
  if (requestRules.has(id)) return ["request"];
  if (responseRules.has(id)) return ["response"];
  if (callRules.has(id)) return ["both"];
  if (id === "schema-type-changed") return /\bnarrowed\b/.test(verdict.message) ? ["request"] : ["response"];
  if (id === "schema-combinator-changed") {
    const match = /`(allOf|anyOf|oneOf)` subschema.* was (added|removed)/.exec(verdict.message);
    // allOf adds constraints (a new conjunct is stricter); oneOf/anyOf add alternatives (a new branch is wider).
    const stricter = match === null ? undefined : (match[1] === "allOf") === (match[2] === "added");
    if (stricter !== undefined) return [stricter ? "request" : "response"];
  }
  if (id === "property-removed") {
    // Redocly reports a removed property for a request only when the schema forbids unknown properties.
    const sides = facts.placement.sides;
    return sides.length === 0 ? ["response"] : sides.filter((side) => side === "response" || closedSchema(facts));
  }
  return facts.placement.sides.length > 0 ? facts.placement.sides : ["both"];
}

function closedSchema(facts: ChangeFacts): boolean {
  const segments = parsePointer(facts.nodePointer);
  const owner = segments.slice(0, -2);
  let node: unknown = facts.context.revision;
  for (const segment of owner)
    node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[segment] : undefined;
  const record = node !== null && typeof node === "object" ? (node as Record<string, unknown>) : {};
  return record["additionalProperties"] === false || record["unevaluatedProperties"] === false;
}

/** 2XX, 200..299 and default are what the client returns as data; other statuses surface as errors. */
export function isSuccessStatus(status: string): boolean {
  return status === "default" || /^2(\d\d|XX)$/i.test(status);
}

function levelOf(verdict: RedoclyVerdict, facts: ChangeFacts): Pick<Classification, "level" | "source" | "note"> {
  const breaking = verdict.impact === "major" ? "breaking" : "info";
  if (verdict.ruleId === "response-removed") {
    const status = parsePointer(facts.nodePointer).at(-1) ?? "";
    if (!isSuccessStatus(status)) {
      return {
        level: "warning",
        source: "redocly+review",
        note: "An error status: the client still throws for it (as an error of another status); only code that checks this status stops matching (oasdiff: removing a non-success response is not breaking).",
      };
    }
  }
  if (verdict.ruleId === "schema-combinator-changed" && /`(anyOf|oneOf)` subschema.* was added/.test(verdict.message)) {
    return {
      level: "warning",
      source: "redocly+review",
      note: "A new alternative in received data, like a new enum value: it breaks exhaustive handling and clients with validateResponses: true, not code that ignores kinds it does not know.",
    };
  }
  return { level: breaking, source: "redocly" };
}

export const verdictsRule: Rule = {
  name: "redocly-verdicts",
  classify(facts, side) {
    const found = facts.change.verdicts
      .filter((verdict) => !delegatedRules.has(verdict.ruleId) && verdictSides(verdict, facts).includes(side))
      .map((verdict): Classification => ({
        rule: verdict.ruleId,
        message: verdict.message,
        ...levelOf(verdict, facts),
      }));
    return found.length > 0 ? found : undefined;
  },
};

export const verdictsRuleDocumentation: readonly RuleDocumentation[] = [
  { rule: "path-removed", side: "both", level: "breaking", source: "redocly", basis: "a path or webhook was removed" },
  { rule: "operation-removed", side: "both", level: "breaking", source: "redocly", basis: "an operation was removed" },
  {
    rule: "operation-id-changed",
    side: "both",
    level: "breaking",
    source: "redocly",
    basis: "client method names are operationIds",
  },
  {
    rule: "parameter-removed",
    side: "request",
    level: "breaking",
    source: "redocly",
    basis: "a parameter was removed or renamed, or moved (`in`)",
  },
  {
    rule: "parameter-became-required",
    side: "request",
    level: "breaking",
    source: "redocly",
    basis: "a parameter became required, or a required one was added",
  },
  {
    rule: "parameter-serialization-changed",
    side: "request",
    level: "breaking",
    source: "redocly",
    basis: "`style`, `explode`, `allowReserved`, `allowEmptyValue`",
  },
  {
    rule: "request-body-removed",
    side: "request",
    level: "breaking",
    source: "redocly",
    basis: "the operation no longer takes the body callers send",
  },
  {
    rule: "request-body-became-required",
    side: "request",
    level: "breaking",
    source: "redocly",
    basis: "callers that send no body are rejected",
  },
  {
    rule: "required-properties-added",
    side: "request",
    level: "breaking",
    source: "redocly",
    basis: "a request property became required (or a required one was added)",
  },
  {
    rule: "required-properties-removed",
    side: "response",
    level: "breaking",
    source: "redocly",
    basis: "a response property is no longer guaranteed",
  },
  {
    rule: "property-removed",
    side: "response",
    level: "breaking",
    source: "redocly",
    basis: "a response property was removed; on the request side only when the schema forbids other properties",
  },
  {
    rule: "schema-type-changed",
    side: "per side",
    level: "breaking",
    source: "redocly",
    basis: "request: type narrowed; response: type widened (nullable counts)",
  },
  {
    rule: "schema-combinator-changed",
    side: "per side",
    level: "breaking; warning for a new oneOf/anyOf branch in a response",
    source: "redocly+review",
    basis:
      "request: allOf added, oneOf/anyOf removed; response: the reverse. A new response branch is a warning like a new enum value",
  },
  {
    rule: "response-removed",
    side: "response",
    level: "breaking for 2XX and default; warning for other statuses",
    source: "redocly+review",
    basis: "oasdiff: removing a non-success status is not breaking",
  },
  {
    rule: "response-header-removed",
    side: "response",
    level: "breaking",
    source: "redocly",
    basis: "a response header was removed or renamed",
  },
  {
    rule: "media-type-removed",
    side: "per side",
    level: "breaking",
    source: "redocly",
    basis: "a request or response media type was removed",
  },
  {
    rule: "security-requirement-changed",
    side: "both",
    level: "breaking",
    source: "redocly",
    basis: "authentication became required, a requirement is no longer accepted, new scopes",
  },
  {
    rule: "security-scheme-changed",
    side: "both",
    level: "breaking",
    source: "redocly",
    basis: "a scheme was removed or its type/scheme/in/name/bearerFormat changed",
  },
  {
    rule: "server-removed",
    side: "both",
    level: "breaking",
    source: "redocly",
    basis: "a server was removed or its URL changed",
  },
];
