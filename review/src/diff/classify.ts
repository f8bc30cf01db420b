/**
 * The comparison's changes → the review's findings: one per change, from the first rule of src/diff/rules/ that
 * answers, or unclassified (breaking) when none does. Findings with the same rule, pointer and side (a component
 * reached from many operations) are one finding listing every operation.
 */
import { parsePointer } from "@account-funds/generator/json-pointer";
import { changeDocument, changePointer, type Change, type ChangeContext } from "./change.js";
import { findingId, levelOrder, type Category, type Finding, type FindingSide } from "./finding.js";
import { subjectOf } from "./names.js";
import { constraintKeys } from "./rules/constraints.js";
import { rules, unclassifiedRule } from "./rules/index.js";
import type { Classification, RuleInput } from "./rules/rule.js";

/** x-assumption edits are listed in their own section (src/assumptions.ts), not as changes. */
function isAssumptionChange(change: Change): boolean {
  const pointer = changePointer(change);
  return change.property === "x-assumption" || (pointer !== "" && parsePointer(pointer).at(-1) === "x-assumption");
}

export function classifyChange(change: Change, context: ChangeContext): Finding[] {
  const pointer = changePointer(change);
  const document = changeDocument(change) === "base" ? context.base : context.revision;
  const input: RuleInput = {
    change,
    context,
    subject: subjectOf(
      change.revisionPointer ?? change.basePointer ?? "",
      changeDocument(change) === "base" && change.revisionPointer === undefined ? context.base : document,
    ),
  };
  for (const rule of rules) {
    const found = rule.classify(input);
    if (found !== undefined) return found.map((classification) => toFinding(change, pointer, classification));
  }
  return (unclassifiedRule.classify(input) ?? []).map((classification) => toFinding(change, pointer, classification));
}

export function classifyChanges(changes: readonly Change[], context: ChangeContext): Finding[] {
  const findings = new Map<string, Finding>();
  for (const change of changes) {
    if (isAssumptionChange(change)) continue;
    for (const finding of classifyChange(change, context)) {
      const key = `${finding.id} ${finding.side}`;
      const found = findings.get(key);
      if (found === undefined) findings.set(key, finding);
      else
        findings.set(key, { ...found, operations: [...new Set([...found.operations, ...finding.operations])].sort() });
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

function toFinding(change: Change, pointer: string, classification: Classification): Finding {
  const side: FindingSide = change.side === "call" || classification.everySide === true ? "both" : change.side;
  return {
    id: findingId(classification.rule, pointer),
    rule: classification.rule,
    level: classification.level,
    side,
    category: categoryOf(change, side),
    change: change.kind,
    message: classification.message,
    pointer,
    in: changeDocument(change),
    operations: [...change.operations].sort(),
    ...(classification.note === undefined ? {} : { note: classification.note }),
  };
}

export function categoryOf(change: Change, side: FindingSide): Category {
  const key = change.property;
  if (
    key === "description" ||
    key === "summary" ||
    key === "title" ||
    key === "example" ||
    key === "examples" ||
    key === "deprecated"
  )
    return "docs";
  if (key?.startsWith("x-") === true) return "extension";
  switch (change.node) {
    case "path":
    case "operation":
      return "operation";
    case "webhook":
    case "callback":
      return "webhook";
    case "parameter":
      return "parameter";
    case "request-body":
    case "encoding":
      return "request body";
    case "response":
    case "header":
    case "link":
      return "response";
    case "media-type":
      return side === "request" ? "request body" : "response";
    case "server":
      return "server";
    case "security-requirement":
    case "security-scheme":
      return "security";
    case "schema": {
      if (key === "enum" || key === "x-extensible-enum") return "enum";
      if (key === "type") return "type";
      if (key !== undefined && constraintKeys.has(key)) return "constraint";
      const field = key === "required" || change.detail.keyword === "properties";
      if (field && side !== "both") return `${side} field`;
      return "schema";
    }
    default:
      return "other";
  }
}
