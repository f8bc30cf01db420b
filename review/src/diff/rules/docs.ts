/**
 * Documentation, examples, deprecation, operation tags and vendor extensions: nothing a client's code or validation
 * depends on, except the tags (the client groups some operations by them). x-assumption changes have their own
 * section of the report and are left out before the rules (src/diff/classify.ts).
 */
import { changed, type Rule, type RuleDocumentation } from "./rule.js";

const documentationKeys = new Set([
  "description",
  "summary",
  "title",
  "example",
  "examples",
  "externalDocs",
  "$comment",
  "x-summary",
]);

/** Nodes that only document, whatever changed in them. */
const documentationNodes = new Set(["info", "tag", "link"]);

export const docsRule: Rule = {
  name: "docs",
  classify({ change, subject }) {
    const key = change.property ?? "";
    if (key === "deprecated" && change.kind === "changed") {
      return [
        {
          rule: "deprecated",
          everySide: true,
          level: "info",
          message: `${subject} ${change.after === true ? "is now deprecated" : "is no longer deprecated"}.`,
        },
      ];
    }
    if (key === "tags" && change.node === "operation") {
      return [
        {
          rule: "operation-tags-changed",
          level: "warning",
          message: `Tags of ${subject} changed from ${JSON.stringify(change.before)} to ${JSON.stringify(change.after)}.`,
          note: "The client groups operations outside /api/v<N>/ by their first tag (client.<tag>.<method>); the consumer check and the API report show whether a method moved.",
        },
      ];
    }
    if (change.node === "document" && key === "openapi")
      return [
        {
          rule: "openapi-version-changed",
          level: "info",
          message: `The document's OpenAPI version ${changed(change.before, change.after)} (a 3.0 document is upgraded to 3.1 before the comparison).`,
        },
      ];
    if (documentationKeys.has(key) || documentationNodes.has(change.node)) {
      return [
        { rule: "docs-changed", everySide: true, level: "info", message: `${key} of ${subject} ${change.kind}.` },
      ];
    }
    if (key.startsWith("x-") && key !== "x-extensible-enum") {
      return [
        {
          rule: "extension-changed",
          everySide: true,
          level: "info",
          message: `\`${key}\` of ${subject} ${change.kind}.`,
        },
      ];
    }
    return undefined;
  },
};

export const docsRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "docs-changed",
    side: "both",
    level: "info",
    basis: "descriptions, summaries, titles, examples, `info`, document tags, links",
    oasdiff: "not reported (links: not compared)",
  },
  {
    rule: "openapi-version-changed",
    side: "both",
    level: "info",
    basis: "3.0 is read as 3.1 (the generator's loader upgrades it)",
    oasdiff: "not reported",
  },
  {
    rule: "deprecated",
    side: "both",
    level: "info",
    basis: "deprecating is not breaking (removing later is)",
    oasdiff: "*-deprecated (INFO); removing before the sunset date: ERR",
  },
  {
    rule: "operation-tags-changed",
    side: "both",
    level: "warning",
    basis: "the generated client groups operations outside `/api/v<N>/` by their first tag",
    oasdiff: "api-tag-added / api-tag-removed (INFO)",
    differs: "stricter: a tag is part of the generated client's surface",
  },
  {
    rule: "extension-changed",
    side: "both",
    level: "info",
    basis: "`x-` extensions other than x-assumption (its own section) and x-extensible-enum (rules/enums.ts)",
    oasdiff: "not reported",
  },
];
