/**
 * Value constraints (bounds, lengths, counts, pattern, format, multipleOf, const, uniqueItems), per side: stricter
 * breaks senders (request), looser breaks receivers (response), a new pattern or format both as far as a tool can
 * tell. On the response side a changed pattern, format or multipleOf is a warning: only a client that validates
 * responses (validateResponses: true) checks them, and the generated types do not change. A pattern that matches
 * every string (`''`, `.*`) is no pattern.
 */
import { consequence, levelOf, type Direction } from "./direction.js";
import { changed, type Rule, type RuleDocumentation } from "./rule.js";

const lowerBounds = new Set(["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"]);
const upperBounds = new Set(["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"]);
/** Only validating clients look at these on the response side. */
const validationOnly = new Set(["pattern", "format", "multipleOf"]);

export const constraintKeys: ReadonlySet<string> = new Set([
  ...lowerBounds,
  ...upperBounds,
  ...validationOnly,
  "const",
  "uniqueItems",
]);

/** Patterns that every string matches (ECMA-262 search semantics: a pattern is not anchored unless it says so). */
const matchAll = new Set(["", ".*", "^.*", ".*$", "(.*)", "[\\s\\S]*", "^[\\s\\S]*$"]);
const matchesEverything = (pattern: unknown): boolean => typeof pattern === "string" && matchAll.has(pattern);

function multipleDirection(before: unknown, after: unknown): Direction {
  if (typeof before !== "number" || typeof after !== "number") return "changed";
  const divides = (a: number, b: number): boolean => Number.isInteger(b / a);
  if (divides(before, after)) return "stricter"; // every multiple of `after` is one of `before`
  if (divides(after, before)) return "looser";
  return "changed";
}

export function constraintDirection(key: string, before: unknown, after: unknown): Direction {
  if (key === "pattern") {
    before = matchesEverything(before) ? undefined : before;
    after = matchesEverything(after) ? undefined : after;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return "same";
  if (before === undefined) return key === "uniqueItems" && after === false ? "same" : "stricter";
  if (after === undefined) return key === "uniqueItems" && before === false ? "same" : "looser";
  if (lowerBounds.has(key) || upperBounds.has(key)) {
    if (typeof before !== "number" || typeof after !== "number") return "changed";
    return after > before === lowerBounds.has(key) ? "stricter" : "looser";
  }
  if (key === "uniqueItems") return after === true ? "stricter" : "looser";
  if (key === "multipleOf") return multipleDirection(before, after);
  return "changed";
}

export const constraintsRule: Rule = {
  name: "constraints",
  classify({ change, subject }) {
    const key = change.property;
    if (change.node !== "schema" || change.kind !== "changed" || key === undefined || !constraintKeys.has(key))
      return undefined;
    const direction = constraintDirection(key, change.before, change.after);
    const what = `\`${key}\` of ${subject} ${changed(change.before, change.after)}`;
    if (direction === "same")
      return [{ rule: "constraint-unchanged", level: "info", message: `${what}; the values it allows are the same.` }];
    const level = levelOf(direction, change);
    if (level === "breaking" && change.side === "response" && validationOnly.has(key))
      return [
        {
          rule: "response-validation-changed",
          level: "warning",
          message: `${what}.`,
          note: "Only clients with validateResponses: true check this; the generated types do not change.",
        },
      ];
    if (level === "breaking")
      return [{ rule: "schema-constraint-changed", level, message: `${what}: ${consequence(direction, change)}.` }];
    return [
      {
        rule: change.side === "response" ? "response-constraint-tightened" : "request-constraint-relaxed",
        level: "info",
        message: `${what} (${consequence(direction, change)}).`,
      },
    ];
  },
};

export const constraintsRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "schema-constraint-changed",
    side: "per side",
    level: "breaking",
    basis:
      "request: a bound tightened or set, a pattern/format/const/multipleOf set or changed, uniqueItems set; response: a bound relaxed or removed, a const changed or removed",
    oasdiff:
      "request-*-max-decreased, -min-increased, -pattern-added (ERR), -max-set, -pattern-changed, -exclusive-*-set (WARN); response-*-max-increased, -min-decreased, -const-changed/-removed (ERR)",
    differs:
      "stricter for a request bound or pattern set or changed (oasdiff: WARN): a value the client sent before may now be rejected",
  },
  {
    rule: "response-validation-changed",
    side: "response",
    level: "warning",
    basis: "a response pattern/format/multipleOf changed or removed: only validateResponses: true checks it",
    oasdiff: "response-property-pattern-* (INFO)",
  },
  {
    rule: "request-constraint-relaxed",
    side: "request",
    level: "info",
    basis: "more values accepted",
    oasdiff: "request-*-max-increased, -min-decreased, -pattern-removed (INFO)",
  },
  {
    rule: "response-constraint-tightened",
    side: "response",
    level: "info",
    basis: "fewer values received",
    oasdiff: "response-*-max-decreased, -min-increased (INFO)",
  },
  {
    rule: "constraint-unchanged",
    side: "per side",
    level: "info",
    basis: "written differently, allows the same values (a pattern changed to `''` or `.*`)",
    oasdiff: "request-*-pattern-generalized (INFO)",
  },
];
