/**
 * Documentation, examples, deprecation and vendor extensions: nothing a client's code or validation depends on.
 * Redocly rates them patch; the review lists them as information (x-assumption changes have their own section).
 */
import { parsePointer } from "@account-funds/generator/json-pointer";
import type { Rule, RuleDocumentation } from "./rule.js";

const documentationKeys = new Set([
  "description",
  "summary",
  "title",
  "example",
  "examples",
  "externalDocs",
  "x-summary",
]);

export const docsRule: Rule = {
  name: "docs",
  classify(facts) {
    const key = facts.property ?? lastKey(facts.pointer);
    if (key === "deprecated") {
      const now = facts.after === true;
      return [
        {
          rule: "deprecated",
          source: "review",
          level: "info",
          message: `${facts.subject} ${now ? "is now deprecated" : "is no longer deprecated"}.`,
        },
      ];
    }
    if (key === "tags" && facts.change.typeName === "Operation") {
      return [
        {
          rule: "operation-tags-changed",
          source: "review",
          level: "warning",
          message: `Tags of ${facts.subject} changed from ${JSON.stringify(facts.before)} to ${JSON.stringify(facts.after)}.`,
          note: "The client groups operations outside /api/v<N>/ by their first tag (client.<tag>.<method>); the consumer check and the API report show whether a method moved.",
        },
      ];
    }
    if (documentationKeys.has(key) || facts.change.typeName === "Example" || facts.change.typeName === "ExamplesMap") {
      return [
        { rule: "docs-changed", source: "review", level: "info", message: `${key} of ${facts.subject} ${facts.kind}.` },
      ];
    }
    if (key.startsWith("x-")) {
      return [
        {
          rule: "extension-changed",
          source: "review",
          level: "info",
          message: `\`${key}\` of ${facts.subject} ${facts.kind}.`,
        },
      ];
    }
    return undefined;
  },
};

function lastKey(pointer: string): string {
  return parsePointer(pointer).at(-1) ?? "";
}

export const docsRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "docs-changed",
    side: "both",
    level: "info",
    source: "review",
    basis: "descriptions, summaries, titles, examples: Redocly rates them patch",
  },
  {
    rule: "deprecated",
    side: "both",
    level: "info",
    source: "review",
    basis: "oasdiff: deprecating is not breaking (removing later is)",
  },
  {
    rule: "operation-tags-changed",
    side: "both",
    level: "warning",
    source: "review",
    basis: "the generated client groups operations outside `/api/v<N>/` by their first tag",
  },
  {
    rule: "extension-changed",
    side: "both",
    level: "info",
    source: "review",
    basis: "`x-` extensions other than x-assumption (which has its own section)",
  },
];
