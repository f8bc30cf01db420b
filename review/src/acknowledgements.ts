/**
 * review/acknowledged-changes.yaml: the breaking changes a reviewer has accepted, each named by its finding id
 * (`<rule> <JSON pointer>`) with a reason. Only the changes named are acknowledged: another breaking change in
 * the same schema still fails the review. An entry that matches no breaking change of this review is stale.
 */
import { readFile } from "node:fs/promises";
import { parse } from "yaml";
import type { Finding } from "./diff/finding.js";

export interface Acknowledgement {
  readonly id: string;
  readonly reason: string;
}

export interface AcknowledgementFile {
  readonly entries: readonly Acknowledgement[];
  /** What is wrong with the file; a problem entry acknowledges nothing. */
  readonly problems: readonly string[];
}

export type ReviewedFinding = Finding & { readonly acknowledged?: Acknowledgement };

export function parseAcknowledgements(text: string): AcknowledgementFile {
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    return { entries: [], problems: [`not YAML: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (document === null || document === undefined) return { entries: [], problems: [] };
  const list =
    typeof document === "object" && !Array.isArray(document)
      ? (document as Record<string, unknown>)["acknowledged"]
      : undefined;
  if (list === null || list === undefined) return { entries: [], problems: [] };
  if (!Array.isArray(list)) return { entries: [], problems: ["`acknowledged` must be a list of { id, reason }"] };
  const entries: Acknowledgement[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  list.forEach((item: unknown, index) => {
    const entry = typeof item === "object" && item !== null ? (item as Record<string, unknown>) : {};
    const id = typeof entry["id"] === "string" ? entry["id"].trim() : "";
    const reason = typeof entry["reason"] === "string" ? entry["reason"].trim() : "";
    if (id === "") problems.push(`entry ${index + 1}: no id (copy it from the review report: "<rule> <JSON pointer>")`);
    else if (reason === "")
      problems.push(`entry ${index + 1} (${id}): no reason: say why this breaking change is acceptable`);
    else if (seen.has(id)) problems.push(`entry ${index + 1}: ${id} is listed twice`);
    else {
      seen.add(id);
      entries.push({ id, reason });
    }
  });
  return { entries, problems };
}

export async function readAcknowledgements(path: string): Promise<AcknowledgementFile> {
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) =>
    error.code === "ENOENT" ? "" : Promise.reject(error),
  );
  return parseAcknowledgements(text);
}

export function applyAcknowledgements(
  findings: readonly Finding[],
  entries: readonly Acknowledgement[],
): { readonly findings: readonly ReviewedFinding[]; readonly stale: readonly Acknowledgement[] } {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const used = new Set<string>();
  const reviewed = findings.map((finding): ReviewedFinding => {
    const entry = finding.level === "breaking" ? byId.get(finding.id) : undefined;
    if (entry === undefined) return finding;
    used.add(entry.id);
    return { ...finding, acknowledged: entry };
  });
  return { findings: reviewed, stale: entries.filter((entry) => !used.has(entry.id)) };
}

/** Breaking findings that no entry names: what makes the review fail. */
export function unacknowledged(findings: readonly ReviewedFinding[]): readonly ReviewedFinding[] {
  return findings.filter((finding) => finding.level === "breaking" && finding.acknowledged === undefined);
}
