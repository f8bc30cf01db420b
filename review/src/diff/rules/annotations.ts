/**
 * Schema keywords that change no value's validity but what the client does with it: readOnly and writeOnly (a
 * property a side no longer carries), discriminator (a hint for choosing a oneOf branch, the branches decide),
 * xml (the client speaks JSON), and identifiers ($id, $anchor, $dynamicAnchor).
 */
import { changed, type Rule, type RuleDocumentation } from "./rule.js";

const identifiers = new Set(["$id", "$anchor", "$dynamicAnchor"]);

export const annotationsRule: Rule = {
  name: "annotations",
  classify({ change, subject }) {
    if (change.node !== "schema" || change.kind !== "changed" || change.property === undefined) return undefined;
    const key = change.property;
    const what = `\`${key}\` of ${subject} ${changed(change.before, change.after)}`;
    if (key === "readOnly" || key === "writeOnly") {
      // A request property now read-only is ignored by the API; a response property now write-only is not returned.
      const gone =
        change.after === true &&
        ((key === "readOnly" && change.side === "request") || (key === "writeOnly" && change.side === "response"));
      if (gone && change.side === "response")
        return [{ rule: "write-only-changed", level: "breaking", message: `${what}: responses no longer carry it.` }];
      if (gone)
        return [
          {
            rule: "read-only-changed",
            level: "warning",
            message: `${what}: the API ignores it in requests now.`,
            note: "Callers that set it no longer get its effect.",
          },
        ];
      return [
        { rule: key === "readOnly" ? "read-only-changed" : "write-only-changed", level: "info", message: `${what}.` },
      ];
    }
    if (key === "discriminator")
      return [
        {
          rule: "discriminator-changed",
          level: "info",
          message: `${what}.`,
          note: "A hint for picking the oneOf/anyOf branch; the branches decide what is valid.",
        },
      ];
    if (key === "xml") return [{ rule: "xml-changed", level: "info", message: `${what}.` }];
    if (identifiers.has(key)) return [{ rule: "schema-identifier-changed", level: "info", message: `${what}.` }];
    return undefined;
  },
};

export const annotationsRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "write-only-changed",
    side: "per side",
    level: "breaking when a response property becomes write-only",
    basis: "responses no longer carry it",
    oasdiff: "response-*-became-write-only (INFO)",
    differs: "stricter: the generated response type loses the field",
  },
  {
    rule: "read-only-changed",
    side: "per side",
    level: "warning when a request property becomes read-only",
    basis: "the API ignores it in requests",
    oasdiff: "request-*-became-read-only (INFO)",
  },
  {
    rule: "discriminator-changed",
    side: "per side",
    level: "info",
    basis: "a hint for choosing a branch; the branches decide",
    oasdiff: "*-discriminator-* (INFO)",
  },
  {
    rule: "xml-changed",
    side: "per side",
    level: "info",
    basis: "XML naming; the client speaks JSON",
    oasdiff: "not reported",
  },
  {
    rule: "schema-identifier-changed",
    side: "per side",
    level: "info",
    basis: "`$id`, `$anchor`, `$dynamicAnchor`",
    oasdiff: "not reported",
  },
];
