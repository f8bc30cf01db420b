/**
 * The review as GitHub Actions workflow commands: an annotation per breaking change (error, or notice once
 * acknowledged), per warning, per consumer-check error and per stale or invalid acknowledgement, on the spec file
 * and line where the change is when the review can find it.
 */
import { isAbsolute, relative } from "node:path";
import type { LocatedFinding, ReviewResult } from "../result.js";

/** Annotations name files relative to the repository, which is where GitHub runs the step. */
function relativeToWorkingDirectory(file: string): string {
  return isAbsolute(file) ? relative(process.cwd(), file).split("\\").join("/") : file;
}

/** Workflow command escaping (GitHub's toolkit: escapeData / escapeProperty). */
export const escapeData = (text: string): string =>
  text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
export const escapeProperty = (text: string): string => escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");

export function annotation(
  kind: "error" | "warning" | "notice",
  message: string,
  properties: { readonly file?: string; readonly line?: number; readonly title?: string } = {},
): string {
  const parts = Object.entries(properties)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`);
  return `::${kind}${parts.length > 0 ? ` ${parts.join(",")}` : ""}::${escapeData(message)}`;
}

function placeOf(finding: LocatedFinding): { file?: string; line?: number } {
  if (finding.category === "consumer") {
    // file:line:column at BASE: the file usually still exists, and the line is the best there is.
    const [file, line] = finding.pointer.split(":");
    return { ...(file === undefined ? {} : { file }), ...(line === undefined ? {} : { line: Number(line) }) };
  }
  return finding.location === undefined
    ? {}
    : { file: finding.location.file, ...(finding.location.line === undefined ? {} : { line: finding.location.line }) };
}

export function renderGithub(result: ReviewResult): string {
  const lines: string[] = [];
  // make review reads review/acknowledged-changes.yaml; diff reads the file it was given, if any.
  const acknowledgements = result.acknowledgements.file;
  const howToAccept =
    acknowledgements === ""
      ? "To accept it, list it in a file given with --acknowledgements (the Action's acknowledgements input)"
      : `To accept it, add to ${relativeToWorkingDirectory(acknowledgements)}`;
  for (const finding of result.findings) {
    if (finding.level === "info") continue;
    const where = finding.category === "consumer" ? "" : ` (${finding.pointer})`;
    const note = finding.note === undefined ? "" : `\n${finding.note}`;
    if (finding.level === "warning") {
      lines.push(
        annotation("warning", `${finding.message}${where}${note}`, {
          ...placeOf(finding),
          title: `${finding.rule} (${finding.side})`,
        }),
      );
    } else if (finding.acknowledged !== undefined) {
      lines.push(
        annotation(
          "notice",
          `Acknowledged breaking change: ${finding.message}${where}\nReason: ${finding.acknowledged.reason}`,
          { ...placeOf(finding), title: `${finding.rule} (acknowledged)` },
        ),
      );
    } else {
      lines.push(
        annotation(
          "error",
          `Breaking for client consumers${finding.side === "both" ? "" : ` (${finding.side} side)`}: ${finding.message}${where}${note}\n${howToAccept}: - id: ${finding.id}`,
          {
            ...placeOf(finding),
            title: `${finding.rule} (breaking)`,
          },
        ),
      );
    }
  }
  const file = relativeToWorkingDirectory(acknowledgements);
  for (const problem of result.acknowledgements.problems)
    lines.push(annotation("error", problem, { file, title: "invalid acknowledgement" }));
  for (const entry of result.acknowledgements.stale)
    lines.push(
      annotation("warning", `Stale: matches no breaking change of this review: ${entry.id}`, {
        file,
        title: "stale acknowledgement",
      }),
    );
  const { breaking, acknowledged, warnings, info } = result.summary;
  const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;
  const summary = `${breaking} breaking (${acknowledged} acknowledged), ${count(warnings, "warning")}, ${count(info, "compatible change")}, ${count(result.assumptions.length, "x-assumption change")}`;
  lines.push(
    annotation(
      result.exitCode === 0 ? "notice" : "error",
      `API review ${result.base.ref} → ${result.revision.ref}: ${summary}.`,
      { title: result.base.commit === undefined ? "API review" : "make review" },
    ),
  );
  return `${lines.join("\n")}\n`;
}
