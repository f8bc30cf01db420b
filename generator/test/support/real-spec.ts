/**
 * The real spec (spec/openapi.yaml) through the whole pipeline, once: it takes ~11 s, and several test files check
 * its output (real-spec.test.ts its contents, cli.test.ts a second run against it). The promise is memoised at
 * module level, so the files share one run: the generator project runs its files in one module graph
 * (`isolate: false` in vitest.config.ts). Were it isolated again, each file would run it once, still correctly.
 */
import { runPipeline, type PipelineResult } from "../../src/pipeline.js";
import { realSpecPath } from "./fixtures.js";

let run: Promise<PipelineResult> | undefined;

export function generateRealSpec(): Promise<PipelineResult> {
  run ??= runPipeline({ specPath: realSpecPath });
  return run;
}
