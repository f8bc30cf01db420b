/**
 * Constraint changes (bounds, lengths, counts, pattern, format, multipleOf, const, uniqueItems, closed objects),
 * per side. Redocly reports one `schema-constraint-changed` for a schema however many sides reach it; the side it
 * breaks depends on the direction: stricter breaks senders (request), looser breaks receivers (response), a
 * changed pattern or format breaks both as far as a tool can tell. On the response side a changed pattern or
 * format is a warning: only a client that validates responses (validateResponses: true) checks them, and the
 * generated types do not change (oasdiff rates response pattern changes as information).
 */
import { hasVerdict, shown, type Rule, type RuleDocumentation } from "./rule.js";

export type Direction = "stricter" | "looser" | "changed" | "same";

const lowerBounds = new Set(["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"]);
const upperBounds = new Set(["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"]);
/** Keys whose change makes some values valid and others invalid: a tool cannot tell which way it went. */
const valueShapes = new Set(["pattern", "format", "multipleOf", "const", "contentEncoding", "contentMediaType"]);
/** Only validating clients look at these on the response side. */
const validationOnly = new Set(["pattern", "format", "multipleOf", "contentEncoding", "contentMediaType"]);
/** Boolean keywords and the value that makes the schema stricter. */
const strictValues: Readonly<Record<string, unknown>> = {
  uniqueItems: true,
  additionalProperties: false,
  unevaluatedProperties: false,
  unevaluatedItems: false,
};

export const constraintKeys: ReadonlySet<string> = new Set([
  ...lowerBounds,
  ...upperBounds,
  ...valueShapes,
  ...Object.keys(strictValues),
]);

export function constraintDirection(key: string, before: unknown, after: unknown): Direction {
  if (JSON.stringify(before) === JSON.stringify(after)) return "same";
  if (lowerBounds.has(key) || upperBounds.has(key)) {
    if (after === undefined) return "looser";
    if (before === undefined) return "stricter";
    if (typeof before !== "number" || typeof after !== "number") return "changed";
    return after > before === lowerBounds.has(key) ? "stricter" : "looser";
  }
  if (key in strictValues) {
    // Only booleans are constraints here; a schema-valued additionalProperties is a nested schema change.
    if ((before !== undefined && typeof before !== "boolean") || (after !== undefined && typeof after !== "boolean"))
      return "changed";
    return after === strictValues[key] ? "stricter" : before === strictValues[key] ? "looser" : "same";
  }
  if (before === undefined) return "stricter";
  if (after === undefined) return "looser";
  return "changed";
}

export const constraintsRule: Rule = {
  name: "constraints",
  classify(facts, side) {
    const key = facts.property;
    if (facts.kind !== "changed" || key === undefined || !constraintKeys.has(key)) return undefined;
    const direction = constraintDirection(key, facts.before, facts.after);
    if (direction === "same") return undefined;
    const what = `\`${key}\` of ${facts.subject} ${facts.before === undefined ? `was set to ${shown(facts.after)}` : facts.after === undefined ? "was removed" : `changed from ${shown(facts.before)} to ${shown(facts.after)}`}`;
    const source = hasVerdict(facts, "schema-constraint-changed") ? "redocly+review" : "review";
    const breaksRequest = direction === "stricter" || direction === "changed";
    const breaksResponse = direction === "looser" || direction === "changed";
    if (side === "request" || side === "both") {
      if (breaksRequest)
        return [
          {
            rule: "schema-constraint-changed",
            source,
            level: "breaking",
            message: `${what}: values that were valid to send may now be rejected.`,
          },
        ];
      if (side === "request")
        return [
          {
            rule: "request-constraint-relaxed",
            source: "review",
            level: "info",
            message: `${what} (more values accepted).`,
          },
        ];
    }
    if (breaksResponse) {
      if (validationOnly.has(key)) {
        return [
          {
            rule: "response-validation-changed",
            source,
            level: "warning",
            message: `${what}.`,
            note: "Only clients with validateResponses: true check this; the generated types do not change.",
          },
        ];
      }
      return [
        {
          rule: "schema-constraint-changed",
          source,
          level: "breaking",
          message: `${what}: received values may now fall outside what clients were told to expect.`,
        },
      ];
    }
    return [
      {
        rule: "response-constraint-tightened",
        source: "review",
        level: "info",
        message: `${what} (fewer values can be received).`,
      },
    ];
  },
};

export const constraintsRuleDocumentation: readonly RuleDocumentation[] = [
  {
    rule: "schema-constraint-changed",
    side: "per side",
    level: "breaking",
    source: "redocly+review",
    basis:
      "request: a bound tightened, a pattern/format/const/multipleOf set or changed; response: a bound relaxed or removed, a const changed. Redocly finds the change; the review decides the side",
  },
  {
    rule: "response-validation-changed",
    side: "response",
    level: "warning",
    source: "redocly+review",
    basis:
      "a response pattern/format/multipleOf changed or removed: only validateResponses: true checks it (oasdiff: response pattern changes are information)",
  },
  {
    rule: "request-constraint-relaxed",
    side: "request",
    level: "info",
    source: "review",
    basis: "more values accepted",
  },
  {
    rule: "response-constraint-tightened",
    side: "response",
    level: "info",
    source: "review",
    basis: "fewer values received",
  },
];
