/**
 * Parameters. A client sends them (request side): a new required one, a removed one, one made required or a
 * changed serialization breaks it. A webhook's parameters are sent by the API (response side): there a removed
 * one, or one made optional, breaks the client that reads it.
 */
import type { Change } from "../change.js";
import type { Classification, Rule, RuleDocumentation } from "./rule.js";

const serializationFields = new Set(["style", "explode", "allowReserved", "allowEmptyValue", "schema", "content"]);

const named = (change: Change): string => `\`${change.detail.name ?? "?"}\` (${change.detail.in ?? "?"})`;

export const parametersRule: Rule = {
  name: "parameters",
  classify({ change, subject }): readonly Classification[] | undefined {
    if (change.node !== "parameter") return undefined;
    const received = change.side === "response";
    const where = change.operations.size > 0 ? [...change.operations].join(", ") : subject;
    if (change.kind === "added") {
      const required = change.detail.parameter?.required === true;
      if (required && !received)
        return [
          {
            rule: "parameter-became-required",
            level: "breaking",
            message: `Required parameter ${named(change)} was added to ${where}.`,
          },
        ];
      return [
        {
          rule: "parameter-added",
          level: "info",
          message: `${required ? "Parameter" : "Optional parameter"} ${named(change)} was added to ${where}.`,
        },
      ];
    }
    if (change.kind === "removed")
      return [
        {
          rule: "parameter-removed",
          level: "breaking",
          message: received
            ? `Parameter ${named(change)} of ${where} was removed: the API no longer sends it.`
            : `Parameter ${named(change)} of ${where} was removed: the API no longer accepts it.`,
        },
      ];
    if (change.property === "required") {
      const nowRequired = change.after === true;
      if (nowRequired !== received)
        return [
          {
            rule: nowRequired ? "parameter-became-required" : "parameter-became-optional",
            level: "breaking",
            message: `Parameter ${named(change)} of ${subject} is ${nowRequired ? "now required" : "no longer always sent"}.`,
          },
        ];
      return [
        {
          rule: nowRequired ? "parameter-became-required" : "parameter-became-optional",
          level: "info",
          message: `Parameter ${named(change)} of ${subject} is ${nowRequired ? "now always sent" : "now optional"}.`,
        },
      ];
    }
    if (change.property !== undefined && serializationFields.has(change.property))
      return [
        {
          rule: "parameter-serialization-changed",
          level: "breaking",
          message: `\`${change.property}\` of parameter ${named(change)} changed from ${JSON.stringify(change.before)} to ${JSON.stringify(change.after)}: the same value is written differently.`,
        },
      ];
    return undefined;
  },
};

export const parametersRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "parameter-became-required",
    side: "per side",
    level: "breaking for a request, info for a webhook's",
    basis: "a parameter became required, or a required one was added",
    oasdiff: "request-parameter-became-required, new-required-request-parameter (ERR)",
  },
  {
    rule: "parameter-became-optional",
    side: "per side",
    level: "info for a request, breaking for a webhook's",
    basis: "a webhook parameter no longer always sent breaks the code that reads it",
    oasdiff: "request-parameter-became-optional (INFO)",
  },
  {
    rule: "parameter-removed",
    side: "per side",
    level: "breaking",
    basis: "a parameter was removed, renamed or moved (`in`); for a webhook, the API stops sending it",
    oasdiff: "request-parameter-removed (WARN)",
    differs:
      "stricter: the generated client's signature loses the parameter, so callers that pass it no longer compile",
  },
  {
    rule: "parameter-added",
    side: "per side",
    level: "info",
    basis: "an optional parameter (or one a webhook now sends)",
    oasdiff: "new-optional-request-parameter (INFO)",
  },
  {
    rule: "parameter-serialization-changed",
    side: "per side",
    level: "breaking",
    basis: "`style`, `explode` (as written or by default), `allowReserved`, `allowEmptyValue`, schema ↔ content",
    oasdiff: "not compared",
  },
];
