/**
 * The spec comparison's part of a review, shared by `make review` and `account-funds-review diff`: the engine's
 * findings with the acknowledgements applied and each placed at its source file and line, the counts, and the exit
 * code they lead to.
 */
import { applyAcknowledgements, readAcknowledgements, unacknowledged } from "./acknowledgements.js";
import type { JsonObject } from "@account-funds/generator/json-pointer";
import { compareFindings } from "./diff/classify.js";
import { diffDocuments } from "./diff/engine.js";
import type { Finding } from "./diff/finding.js";
import type { LocatedFinding, ReviewResult } from "./result.js";
import type { Locate } from "./source-locations.js";

export interface Verdict {
  readonly findings: readonly LocatedFinding[];
  readonly acknowledgements: ReviewResult["acknowledgements"];
  readonly summary: ReviewResult["summary"];
  readonly exitCode: ReviewResult["exitCode"];
}

export async function verdictOf(options: {
  readonly base: JsonObject;
  readonly revision: JsonObject;
  /** Findings from other checks (the consumer check of `make review`). */
  readonly extra?: readonly Finding[];
  /** The acknowledgements file; none when undefined. */
  readonly acknowledgements?: string;
  readonly locate?: Locate;
}): Promise<Verdict> {
  const findings = [...diffDocuments(options.base, options.revision), ...(options.extra ?? [])].sort(compareFindings);
  const file =
    options.acknowledgements === undefined
      ? { entries: [], problems: [] }
      : await readAcknowledgements(options.acknowledgements);
  const reviewed = applyAcknowledgements(findings, file.entries);
  const located = reviewed.findings.map((finding): LocatedFinding => {
    if (finding.category === "consumer" || options.locate === undefined) return finding;
    const location = options.locate(finding.pointer);
    return location === undefined ? finding : { ...finding, location };
  });
  const count = (level: Finding["level"]) => reviewed.findings.filter((finding) => finding.level === level).length;
  const failing = unacknowledged(reviewed.findings).length;
  return {
    findings: located,
    acknowledgements: { file: options.acknowledgements ?? "", stale: reviewed.stale, problems: file.problems },
    summary: {
      breaking: count("breaking"),
      acknowledged: reviewed.findings.filter((finding) => finding.acknowledged !== undefined).length,
      warnings: count("warning"),
      info: count("info"),
    },
    exitCode: file.problems.length > 0 ? 2 : failing > 0 ? 1 : 0,
  };
}
