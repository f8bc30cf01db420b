/**
 * Redocly's changes → the review's findings: one per change and side (a schema that requests and responses
 * both reach is judged once for each), from the first rule of src/diff/rules/ that answers.
 */
import { parsePointer, type JsonObject } from "@account-funds/generator/json-pointer";
import { factsOf, type ChangeFacts, type DiffContext } from "./facts.js";
import { findingId, levelOrder, type Category, type Finding, type FindingSide } from "./finding.js";
import type { RedoclyReport } from "./redocly.js";
import { constraintKeys } from "./rules/constraints.js";
import { docsRule } from "./rules/docs.js";
import { rules } from "./rules/index.js";
import type { Classification } from "./rules/rule.js";
import { delegatedRules, verdictSides } from "./rules/verdicts.js";
import { buildUsageIndex } from "./usage.js";

export function diffContext(base: JsonObject, revision: JsonObject): DiffContext {
  return { base, revision, baseUsage: buildUsageIndex(base), revisionUsage: buildUsageIndex(revision) };
}

/** x-assumption edits are listed in their own section (src/assumptions.ts), not as changes. */
function isAssumptionChange(facts: ChangeFacts): boolean {
  return facts.property === "x-assumption" || parsePointer(facts.pointer).at(-1) === "x-assumption";
}

export function sidesToJudge(facts: ChangeFacts): readonly FindingSide[] {
  const sides = new Set<FindingSide>(facts.placement.sides);
  for (const verdict of facts.change.verdicts)
    if (!delegatedRules.has(verdict.ruleId)) for (const side of verdictSides(verdict, facts)) sides.add(side);
  if (sides.size === 0) sides.add("both");
  return (["request", "response", "both"] as const).filter((side) => sides.has(side));
}

export function classifyChange(facts: ChangeFacts): Finding[] {
  // Documentation is the same on every side: one finding.
  const documentation = docsRule.classify(facts, "both");
  if (documentation !== undefined) return documentation.map((found) => toFinding(facts, "both", found));
  return sidesToJudge(facts).flatMap((side) => {
    for (const rule of rules) {
      const found = rule.classify(facts, side);
      if (found !== undefined) return found.map((classification) => toFinding(facts, side, classification));
    }
    return [];
  });
}

export function classifyChanges(report: RedoclyReport, context: DiffContext): Finding[] {
  const findings = new Map<string, Finding>();
  for (const change of report.changes) {
    const facts = factsOf(change, context);
    if (isAssumptionChange(facts)) continue;
    for (const finding of classifyChange(facts)) {
      const key = `${finding.id} ${finding.side}`;
      if (!findings.has(key)) findings.set(key, finding);
    }
  }
  return [...findings.values()].sort(compareFindings);
}

export function compareFindings(a: Finding, b: Finding): number {
  return (
    levelOrder[a.level] - levelOrder[b.level] ||
    a.pointer.localeCompare(b.pointer) ||
    a.side.localeCompare(b.side) ||
    a.rule.localeCompare(b.rule)
  );
}

function toFinding(facts: ChangeFacts, side: FindingSide, classification: Classification): Finding {
  return {
    id: findingId(classification.rule, facts.pointer),
    rule: classification.rule,
    source: classification.source,
    level: classification.level,
    side,
    category: categoryOf(facts, side, classification.rule),
    change: facts.kind,
    message: classification.message,
    pointer: facts.pointer,
    in: facts.in,
    operations: facts.placement.operations,
    ...(classification.note === undefined ? {} : { note: classification.note }),
  };
}

const documentationRules = new Set(["docs-changed", "deprecated"]);

export function categoryOf(facts: ChangeFacts, side: FindingSide, rule: string): Category {
  if (documentationRules.has(rule)) return "docs";
  if (rule === "extension-changed") return "extension";
  const segments = parsePointer(facts.nodePointer);
  const webhook = segments[0] === "webhooks";
  switch (facts.change.typeName) {
    case "PathItem":
    case "Operation":
      return webhook ? "webhook" : "operation";
    case "Parameter":
    case "ParameterList":
      return "parameter";
    case "RequestBody":
      return "request body";
    case "Response":
    case "Responses":
    case "Header":
    case "HeadersMap":
      return "response";
    case "MediaType":
    case "MediaTypesMap":
      return side === "request" ? "request body" : "response";
    case "Server":
    case "ServerList":
    case "ServerMap":
      return "server";
    case "Schema": {
      const key = facts.property;
      if (key === "enum") return "enum";
      if (key === "type" || key === "nullable") return "type";
      if (key !== undefined && constraintKeys.has(key)) return "constraint";
      const field = key === "required" || (facts.kind !== "changed" && segments.at(-2) === "properties");
      if (field && side !== "both") return `${side} field`;
      if (segments.includes("parameters")) return "parameter";
      return "schema";
    }
    default:
      if (facts.change.typeName.startsWith("Security") || facts.change.typeName.startsWith("OAuth")) return "security";
      return "other";
  }
}
