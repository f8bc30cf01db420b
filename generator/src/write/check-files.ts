/**
 * Compares what the generator would write with what the output directory holds, without writing: changed and
 * missing files (with a unified diff) and files a regeneration would delete (listed in the manifest, no longer
 * emitted). Files not in the manifest are not looked at.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { EmittedFile } from "../emit/emitter.js";
import { unifiedDiff } from "./line-diff.js";
import { manifestFile, readManifest } from "./manifest.js";

export interface Drift {
  readonly path: string;
  /** `changed`: differs; `missing`: not on disk; `stale`: on disk and listed, but no longer generated. */
  readonly kind: "changed" | "missing" | "stale";
  readonly diff: string;
}

export async function checkFiles(directory: string, emitted: readonly EmittedFile[]): Promise<Drift[]> {
  const files = [...emitted, manifestFile(emitted)];
  const drifts: Drift[] = [];
  for (const file of files) {
    const actual = await readText(join(directory, file.path));
    if (actual === file.contents) continue;
    drifts.push({
      path: file.path,
      kind: actual === undefined ? "missing" : "changed",
      diff: unifiedDiff(file.path, actual, file.contents),
    });
  }
  const current = new Set(files.map((file) => file.path));
  for (const path of await readManifest(directory)) {
    if (current.has(path)) continue;
    const actual = await readText(join(directory, path));
    if (actual !== undefined) drifts.push({ path, kind: "stale", diff: unifiedDiff(path, actual, undefined) });
  }
  return drifts;
}

/**
 * The report `check` prints: one line per drifted file, then the diffs (`-` what is on disk, `+` what
 * `make generate` would write), cut after `maxLines` lines.
 */
export function formatDrifts(drifts: readonly Drift[], maxLines = 400): string {
  const summary = drifts.map((drift) => `  ${drift.kind.padEnd(7)} ${drift.path}`);
  const diffLines = drifts.flatMap((drift) =>
    drift.diff.split("\n").filter((line, index, lines) => index < lines.length - 1 || line !== ""),
  );
  const shown = diffLines.slice(0, maxLines);
  const cut = diffLines.length - shown.length;
  return [
    ...shown,
    ...(cut > 0 ? [`... ${cut} more diff lines not shown`] : []),
    "",
    `${drifts.length} generated file${drifts.length === 1 ? "" : "s"} out of date:`,
    ...summary,
  ].join("\n");
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch {
    return undefined;
  }
}
