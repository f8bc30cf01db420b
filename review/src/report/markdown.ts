/** The review as Markdown: what a person reads in a terminal, a pull request comment or a job summary. */
import type { AssumptionChange } from "../assumptions.js";
import type { Category, FindingSide } from "../diff/finding.js";
import type { LocatedFinding, ReviewResult } from "../result.js";

/** Longer diffs are cut: the full text is in `--format json`. */
export const maxDiffLines = 400;

const cell = (text: string): string => text.replaceAll("|", "\\|").replaceAll("\n", "<br>");
const code = (text: string): string => (text.includes("`") ? `\`\` ${text} \`\`` : `\`${text}\``);
const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? "" : "s"}`;

export function shortCommit(commit: string): string {
  return commit.slice(0, 12);
}

export function operationsText(operations: readonly string[], max = 3): string {
  if (operations.length === 0) return "";
  const shown = operations.slice(0, max).join(", ");
  return operations.length > max ? `${shown} and ${operations.length - max} more` : shown;
}

function where(finding: LocatedFinding): string {
  const place =
    finding.location === undefined
      ? code(finding.pointer)
      : `${code(finding.pointer)}<br>${finding.location.file}${finding.location.line === undefined ? "" : `:${finding.location.line}`}`;
  const operations = operationsText(finding.operations);
  return operations === "" ? place : `${place}<br>${operations}`;
}

const sideText = (side: FindingSide): string => (side === "both" ? "call" : side);

function findingsTable(findings: readonly LocatedFinding[], withId: boolean): string[] {
  const rows = findings.map((finding) => {
    const status = finding.level !== "breaking" ? "" : finding.acknowledged === undefined ? "✗" : "✓ acknowledged";
    const detail = [
      finding.message,
      finding.note === undefined ? "" : `_${finding.note}_`,
      finding.acknowledged === undefined ? "" : `Acknowledged: ${finding.acknowledged.reason}`,
    ]
      .filter((part) => part !== "")
      .join("\n");
    const columns = [status, sideText(finding.side), cell(detail), cell(where(finding)), code(finding.rule)];
    if (withId) columns.push(code(finding.id));
    return `| ${columns.join(" | ")} |`;
  });
  const header = withId ? ["", "Side", "Change", "Where", "Rule", "Id"] : ["", "Side", "Change", "Where", "Rule"];
  return [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...rows];
}

function fenced(diff: string, language = "diff"): string[] {
  const lines = diff.replace(/\n$/, "").split("\n");
  const cut = lines.length > maxDiffLines;
  const fence = diff.includes("```") ? "````" : "```";
  return [
    `<details><summary>${plural(lines.length, "line")} of diff</summary>`,
    "",
    `${fence}${language}`,
    ...(cut ? lines.slice(0, maxDiffLines) : lines),
    fence,
    "",
    ...(cut ? [`(${lines.length - maxDiffLines} more lines: see \`--format json\`)`, ""] : []),
    "</details>",
  ];
}

function assumptionLines(changes: readonly AssumptionChange[]): string[] {
  if (changes.length === 0) return ["No `x-assumption` was added, removed or edited."];
  return changes.map((change) => {
    switch (change.kind) {
      case "added":
        return `- **added** ${code(change.pointer)}: ${change.after}`;
      case "removed":
        return `- **removed** ${code(change.pointer)}: ~~${change.before}~~`;
      case "edited":
        return `- **edited** ${code(change.pointer)}: ~~${change.before}~~ → ${change.after}`;
    }
  });
}

const categoryOrder: readonly Category[] = [
  "operation",
  "webhook",
  "parameter",
  "request body",
  "request field",
  "response",
  "response field",
  "enum",
  "type",
  "constraint",
  "schema",
  "security",
  "server",
  "consumer",
  "other",
  "extension",
  "docs",
];

function compatibleLines(findings: readonly LocatedFinding[]): string[] {
  if (findings.length === 0) return ["None."];
  const lines: string[] = [];
  for (const category of categoryOrder) {
    const inCategory = findings.filter((finding) => finding.category === category);
    if (inCategory.length === 0) continue;
    const items = inCategory.map((finding) => {
      const operations = operationsText(finding.operations);
      return `- ${finding.message}${finding.side === "both" ? "" : ` (${finding.side})`}${operations === "" || category === "docs" ? "" : ` · ${operations}`} ${code(finding.rule)}`;
    });
    // Documentation and extension edits are many and rarely matter to a client: folded.
    if (category === "docs" || category === "extension")
      lines.push(
        `<details><summary>${category}: ${plural(inCategory.length, "change")}</summary>`,
        "",
        ...items,
        "",
        "</details>",
      );
    else lines.push(`**${category}** (${inCategory.length})`, "", ...items, "");
  }
  return lines;
}

export function renderMarkdown(result: ReviewResult): string {
  const breaking = result.findings.filter((finding) => finding.level === "breaking");
  const failing = breaking.filter((finding) => finding.acknowledged === undefined);
  const warnings = result.findings.filter((finding) => finding.level === "warning");
  const compatible = result.findings.filter((finding) => finding.level === "info");
  const named = (side: ReviewResult["base"]): string =>
    side.commit === undefined
      ? side.ref === "working tree"
        ? side.ref
        : code(side.ref)
      : `${code(shortCommit(side.commit))} (${side.ref})`;
  const consumer = result.consumer;
  const verdict =
    result.exitCode === 2
      ? `**✗ ${result.acknowledgements.file || "the acknowledgements file"} is invalid**`
      : failing.length > 0
        ? `**✗ ${plural(failing.length, "breaking change")} not acknowledged**`
        : breaking.length > 0
          ? `**✓ every breaking change is acknowledged** (${breaking.length})`
          : result.findings.length === 0 && result.assumptions.length === 0
            ? "**✓ No change** to the API"
            : "**✓ No breaking change**";
  const lines: string[] = [
    `## API review: ${named(result.base)} → ${named(result.revision)}`,
    "",
    [
      verdict,
      `${plural(warnings.length, "warning")}`,
      `${plural(compatible.length, "compatible change")}`,
      `${plural(result.assumptions.length, "x-assumption change")}`,
      ...(consumer === undefined
        ? []
        : [
            consumer.status === "checked"
              ? `consumer check: ${plural(consumer.diagnostics.filter((diagnostic) => diagnostic.level === "breaking").length, "error")}`
              : "consumer check skipped",
          ]),
    ].join(" · "),
    "",
  ];

  lines.push("### Breaking changes", "");
  if (breaking.length === 0) lines.push("None.", "");
  else {
    lines.push(...findingsTable(breaking, true), "");
    if (failing.length > 0) {
      lines.push(
        result.acknowledgements.file === ""
          ? "To accept one, name it in a file given with `--acknowledgements <file>` (and commit it):"
          : `To accept one, name it in ${code(result.acknowledgements.file)} (and commit it):`,
        "",
        "```yaml",
        "acknowledged:",
        ...failing
          .slice(0, 5)
          .flatMap((finding) => [
            `  - id: ${JSON.stringify(finding.id)}`,
            "    reason: <why consumers can live with it>",
          ]),
        "```",
        "",
      );
    }
  }
  lines.push("### Warnings", "", ...(warnings.length === 0 ? ["None."] : findingsTable(warnings, false)), "");
  lines.push("### Compatible changes", "", ...compatibleLines(compatible), "");
  lines.push("### x-assumptions", "", ...assumptionLines(result.assumptions), "");

  lines.push(...clientSections(result));

  const { stale, problems } = result.acknowledgements;
  if (stale.length > 0 || problems.length > 0) {
    lines.push("### Acknowledgements", "");
    for (const problem of problems) lines.push(`- ✗ ${problem}`);
    for (const entry of stale) lines.push(`- stale (matches no breaking change of this review): ${code(entry.id)}`);
    lines.push("");
  }
  if (result.notes.length > 0)
    lines.push("### Notes", "", ...result.notes.map((note) => `- ${note.replaceAll("\n", "\n  ")}`), "");
  const timings = Object.entries(result.timings).map(([step, millis]) => `${step} ${(millis / 1000).toFixed(1)} s`);
  if (timings.length > 0) lines.push(`<sub>${timings.join(" · ")}</sub>`, "");
  return lines.join("\n");
}

/** The client checks of `make review` (absent from `account-funds-review diff`). */
function clientSections(result: ReviewResult): string[] {
  const lines: string[] = [];
  const { consumer, apiReport, reference } = result;
  if (consumer !== undefined) {
    lines.push("### Consumer impact", "");
    if (consumer.status === "skipped") lines.push(`Skipped: ${consumer.reason}`, "");
    else {
      const files = consumer.files.map(code).join(", ");
      if (consumer.diagnostics.length === 0) lines.push(`BASE's ${files} compile against the new client.`, "");
      else {
        lines.push(`BASE's ${files} against the new client:`, "");
        for (const diagnostic of consumer.diagnostics) {
          lines.push(
            `- ${diagnostic.level === "breaking" ? "✗" : "⚠"} ${code(`${diagnostic.file}:${diagnostic.line}`)} ${diagnostic.code}: ${diagnostic.message.replaceAll("\n", " ")}`,
          );
        }
        lines.push("");
      }
      if (consumer.other !== "") lines.push("tsc also said:", "", ...fenced(consumer.other, "text"), "");
    }
  }
  if (apiReport !== undefined) {
    lines.push("### Client API report (API Extractor)", "");
    if (apiReport.status === "compared") {
      lines.push(
        ...(apiReport.diff === ""
          ? ["No change to api-report/client.api.md or client-node.api.md."]
          : fenced(apiReport.diff)),
        "",
      );
      for (const error of apiReport.errors) lines.push(`- API Extractor: ${error}`);
    } else lines.push(`${apiReport.status === "identical" ? "No change" : "Skipped"}: ${apiReport.reason}.`, "");
  }
  if (reference !== undefined) {
    lines.push("### Generated reference (generated/REFERENCE.md)", "");
    if (reference.status === "compared")
      lines.push(...(reference.diff === "" ? ["No change."] : fenced(reference.diff)), "");
    else
      lines.push(
        reference.status === "absent" ? "The generator writes no REFERENCE.md." : `Skipped: ${reference.reason}.`,
        "",
      );
  }
  return lines;
}
