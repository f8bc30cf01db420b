/**
 * API Extractor reports of one generated client, with the repository's own configs (api-report/*.json) pointed at
 * a temporary package and report folder. Both entry points share one TypeScript program (CompilerState), which
 * halves the time of two `api-extractor run`s. Prints `ApiReportResult` as its last line.
 *
 *   tsx review/src/workers/api-report.ts '{"packageDirectory": ..., "reportDirectory": ...}'
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CompilerState, Extractor, ExtractorConfig } from "@microsoft/api-extractor";
import { repositoryRoot } from "../paths.js";
import { resultMarker, type ApiReportRequest, type ApiReportResult } from "./protocol.js";

/** The configs `make api-report` runs, one per entry point. */
export const apiExtractorConfigs = ["api-report/api-extractor.json", "api-report/api-extractor.node.json"] as const;

export async function buildApiReports(request: ApiReportRequest): Promise<ApiReportResult> {
  const errors: string[] = [];
  const configs = apiExtractorConfigs.map((file) => {
    const path = join(repositoryRoot, file);
    const configObject = ExtractorConfig.loadFile(path);
    configObject.projectFolder = request.packageDirectory;
    configObject.apiReport = {
      ...configObject.apiReport,
      enabled: true,
      reportFolder: request.reportDirectory,
      reportTempFolder: join(request.reportDirectory, "temp"),
    };
    // The package.json beside generated/ (a copy of the repository's, src/bundle.ts): the report names the package
    // from it and writes paths relative to it ("generated/dist/..."), as `make api-report` does in the repository.
    return ExtractorConfig.prepare({
      configObject,
      configObjectFullPath: path,
      packageJsonFullPath: join(request.packageDirectory, "..", "package.json"),
    });
  });
  const [first] = configs;
  if (first === undefined) return { reports: {}, errors: ["no API Extractor config"] };
  const compilerState = CompilerState.create(first, {
    additionalEntryPoints: configs.map((config) => config.mainEntryPointFilePath),
  });
  const reports: Record<string, string> = {};
  for (const config of configs) {
    Extractor.invoke(config, {
      localBuild: true,
      compilerState,
      messageCallback: (message) => {
        // Warnings land in the report itself (addToApiReportFile); only errors are the review's business.
        if (message.logLevel === "error") errors.push(message.formatMessageWithLocation(request.packageDirectory));
        message.handled = true;
      },
    });
    for (const { fileName } of config.reportConfigs) {
      reports[fileName] = await readFile(join(config.reportFolder, fileName), "utf8").catch(() => "");
    }
  }
  return { reports, errors };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await buildApiReports(JSON.parse(process.argv[2] ?? "{}") as ApiReportRequest);
  process.stdout.write(`\n${resultMarker}${JSON.stringify(result)}\n`);
}
