/**
 * The diff of the client's API Extractor report (api-report/client.api.md and client-node.api.md, what
 * `make api-report` writes) between the client generated from BASE's spec and the one generated from the
 * revision's: the TypeScript surface a spec change adds, removes or changes, in the form reviewers already read.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { unifiedDiff } from "@account-funds/generator/line-diff";
import { exec } from "./exec.js";
import { bin, repositoryRoot } from "./paths.js";
import { readResult, type ApiReportRequest, type ApiReportResult } from "./workers/protocol.js";

export type ApiReportSide =
  | {
      readonly ok: true;
      readonly reports: { readonly [file: string]: string };
      readonly errors: readonly string[];
      readonly millis: number;
    }
  | { readonly ok: false; readonly message: string };

export async function apiReportOf(packageDirectory: string, reportDirectory: string): Promise<ApiReportSide> {
  await mkdir(reportDirectory, { recursive: true });
  const request: ApiReportRequest = { packageDirectory, reportDirectory };
  const worker = join(repositoryRoot, "review", "src", "workers", "api-report.ts");
  const result = await exec(bin("tsx"), [worker, JSON.stringify(request)], {
    cwd: repositoryRoot,
    timeoutMillis: 10 * 60_000,
  });
  const parsed = readResult<ApiReportResult>(result.stdout);
  if (parsed === undefined)
    return {
      ok: false,
      message: `API Extractor exited with ${result.code}: ${(result.stderr || result.stdout).trim().slice(-2000)}`,
    };
  return { ok: true, reports: parsed.reports, errors: parsed.errors, millis: result.millis };
}

/** One unified diff per report file that differs, labelled with its path in the repository. */
export function diffApiReports(
  base: { readonly [file: string]: string },
  revision: { readonly [file: string]: string },
): string {
  const files = [...new Set([...Object.keys(base), ...Object.keys(revision)])].sort();
  return files.map((file) => unifiedDiff(`api-report/${file}`, base[file], revision[file])).join("");
}
