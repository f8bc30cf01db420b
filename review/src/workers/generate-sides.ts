/**
 * Both sides of the review (BASE and the revision) in one process: the working tree's generator is loaded once
 * (TypeScript, ts-morph, the formatter, its library thread) and runs both pipelines at once, each into its own
 * repository-shaped directory, writing exactly what `generator/src/cli.ts generate` writes.
 *
 * A side the current generator cannot build a client from is still bundled and normalised the generator's way, so
 * the spec diff works: for BASE the client checks are then skipped, for the revision the review fails (exit 2).
 * Prints one line: `GenerateSideResult[]`, in the order of the requests.
 *
 *   tsx review/src/workers/generate-sides.ts '[{"specPath": ..., "configPath": ..., "outDirectory": ...}, ...]'
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { formatSpecProblem, specProblemsOf } from "@account-funds/generator/spec-error";
import { loadSpec } from "@account-funds/generator/load";
import { generate } from "@account-funds/generator/pipeline";
import { resultMarker, type GenerateSideRequest, type GenerateSideResult } from "./protocol.js";

function describe(thrown: unknown): string {
  const problems = specProblemsOf(thrown);
  if (problems !== undefined) return problems.map(formatSpecProblem).join("\n");
  return thrown instanceof Error ? thrown.message : String(thrown);
}

export async function generateSide(request: GenerateSideRequest): Promise<GenerateSideResult> {
  const loadOptions = {
    specPath: request.specPath,
    ...(request.configPath === undefined ? {} : { configPath: request.configPath }),
  };
  try {
    // Both sides name their spec spec/openapi.yaml, so generated headers do not differ by where the copy lives.
    const result = await generate({ ...loadOptions, source: "spec/openapi.yaml", outDirectory: request.outDirectory });
    return { status: "generated", warnings: result.warnings.map((warning) => `${warning.from}: ${warning.message}`) };
  } catch (generateError) {
    try {
      const spec = await loadSpec(loadOptions);
      await mkdir(request.outDirectory, { recursive: true });
      await writeFile(join(request.outDirectory, "openapi.json"), `${JSON.stringify(spec.document, null, 2)}\n`);
      return { status: "bundled-only", reason: describe(generateError) };
    } catch (loadError) {
      return { status: "failed", reason: describe(loadError) };
    }
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const requests = JSON.parse(process.argv[2] ?? "[]") as GenerateSideRequest[];
  const results = await Promise.all(requests.map(generateSide));
  // The last line of stdout, whatever a library printed before it.
  process.stdout.write(`\n${resultMarker}${JSON.stringify(results)}\n`);
}
