/**
 * Type changes, per side: a request type that accepts fewer values (string → integer, or `null` dropped) breaks
 * senders; a response type that holds more (a new `null`, integer → number) breaks receivers; the other direction
 * is compatible. Types are compared as sets of JSON kinds, `integer` inside `number` (JSON Schema 2020-12 §6.1.1).
 * In an XML body a type is loosely held (oasdiff: *-type-compatible), so a change there is information.
 */
import { parsePointer } from "@account-funds/generator/json-pointer";
import { levelOf, type Direction } from "./direction.js";
import { shown, type Rule, type RuleDocumentation } from "./rule.js";

const universe = ["null", "boolean", "object", "array", "string", "integer", "fraction"] as const;

function kinds(type: unknown): Set<string> {
  if (type === undefined) return new Set(universe);
  const list = (Array.isArray(type) ? type : [type]).map(String);
  const found = new Set<string>();
  for (const name of list) {
    if (name === "number") found.add("integer").add("fraction");
    else found.add(name);
  }
  return found;
}

export function typeDirection(before: unknown, after: unknown): Direction {
  const old = kinds(before);
  const now = kinds(after);
  const lost = [...old].some((kind) => !now.has(kind));
  const gained = [...now].some((kind) => !old.has(kind));
  return lost && gained ? "changed" : lost ? "stricter" : gained ? "looser" : "same";
}

const inXmlBody = (pointer: string | undefined): boolean =>
  parsePointer(pointer ?? "").some((segment) => /[/+]xml\b/i.test(segment));

export const typesRule: Rule = {
  name: "types",
  classify({ change, subject }) {
    if (change.node !== "schema" || change.kind !== "changed" || change.property !== "type") return undefined;
    const direction = typeDirection(change.before, change.after);
    const what = `\`type\` of ${subject} changed from ${shown(change.before)} to ${shown(change.after)}`;
    if (inXmlBody(change.revisionPointer))
      return [
        { rule: "xml-type-changed", level: "info", message: `${what}; in an XML body the type is loosely held.` },
      ];
    if (levelOf(direction, change) === "breaking")
      return [
        {
          rule: "schema-type-changed",
          level: "breaking",
          message: `${what}: ${change.side === "response" ? "received values may be of a type clients do not expect" : "values of the old type may be rejected"}.`,
        },
      ];
    return [
      {
        rule: `${change.side === "response" ? "response" : "request"}-type-changed`,
        level: "info",
        message: `${what}; compatible on the ${change.side} side.`,
      },
    ];
  },
};

export const typesRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "schema-type-changed",
    side: "per side",
    level: "breaking",
    basis: "request: type narrowed; response: type widened (`null` counts)",
    oasdiff: "request-*-type-changed, response-*-type-changed, *-became-nullable (ERR)",
  },
  {
    rule: "request-type-changed",
    side: "request",
    level: "info",
    basis: "the request type was widened (integer → number)",
    oasdiff: "request-*-type-generalized (INFO)",
  },
  {
    rule: "response-type-changed",
    side: "response",
    level: "info",
    basis: "the response type was narrowed (number → integer)",
    oasdiff: "response-*-type-specialized (INFO)",
  },
  {
    rule: "xml-type-changed",
    side: "per side",
    level: "info",
    basis: "an XML body holds its types loosely",
    oasdiff: "*-body-type-compatible (INFO)",
  },
];
