/**
 * `make generate` against openapi-typescript alone on the same spec, as wall time of fresh processes: our
 * generator CLI (`node generator/dist/src/cli.js generate`, the command `make generate` runs, with the sandbox's
 * overlay, into a new temporary --out directory every run) and the openapi-typescript CLI on the bundled spec (generated/openapi.json), runs
 * interleaved, medians compared. `make generate`'s prerequisites (building @account-funds/validators, and
 * compiling the generator when its sources changed) are not timed. Also for information: openapi-typescript on
 * the multi-file source (it bundles too, like we do), and where the generator's time goes (generate-phases.mjs,
 * one in-process run).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  generatePhasesScript,
  generatedOpenapiJson,
  generatorCli,
  openapiTypescriptBin,
  redoclyConfig,
  repositoryRoot,
  sandboxOverlay,
  specRoot,
} from "./paths.js";
import { median, timedRun } from "./stats.js";

export type GenerateContenderId = "generator" | "openapi-typescript" | "openapi-typescript-multi-file";

export interface GenerateTimeResult {
  readonly id: GenerateContenderId;
  readonly name: string;
  readonly medianMs: number;
  readonly runsMs: readonly number[];
}

export interface GeneratePhase {
  readonly name: string;
  readonly ms: number;
}

export interface GenerateTimeReport {
  readonly contenders: readonly GenerateTimeResult[];
  /** One run, phase by phase; they add up to the run. */
  readonly phases: readonly GeneratePhase[];
  /** Each emitter alone, after that run. */
  readonly emitters: readonly GeneratePhase[];
}

interface Contender {
  readonly id: GenerateContenderId;
  readonly name: string;
  readonly args: (scratch: string, run: number) => { command: string; args: string[] };
}

const contenders: readonly Contender[] = [
  {
    id: "generator",
    name: "our generator (`make generate`'s command)",
    args: (scratch, run) => ({
      command: process.execPath,
      args: [
        generatorCli,
        "generate",
        "--spec",
        specRoot,
        "--config",
        redoclyConfig,
        "--out",
        join(scratch, `generated-${run}`),
        "--overlay",
        sandboxOverlay,
        "--overlay-out",
        join(scratch, `sandbox-openapi-${run}.json`),
      ],
    }),
  },
  {
    id: "openapi-typescript",
    name: "openapi-typescript CLI, generated/openapi.json",
    args: (scratch, run) => ({
      command: openapiTypescriptBin,
      args: [generatedOpenapiJson, "-o", join(scratch, `types-${run}.ts`)],
    }),
  },
  {
    id: "openapi-typescript-multi-file",
    name: "openapi-typescript CLI, spec/openapi.yaml (multi-file)",
    args: (scratch, run) => ({
      command: openapiTypescriptBin,
      args: [specRoot, "-o", join(scratch, `types-multi-${run}.ts`)],
    }),
  },
];

export function measureGenerateTime(runs: number, progress: (message: string) => void): GenerateTimeReport {
  const scratch = mkdtempSync(join(tmpdir(), "account-funds-bench-generate-"));
  try {
    const samples = new Map<GenerateContenderId, number[]>(contenders.map((contender) => [contender.id, []]));
    for (let run = 0; run < runs; run++) {
      for (const contender of contenders) {
        progress(`generate: run ${run + 1}/${runs}, ${contender.id}`);
        const { command, args } = contender.args(scratch, run);
        samples.get(contender.id)!.push(timedRun(command, args, repositoryRoot).ms);
      }
    }
    progress("generate: phases (one in-process run)");
    const phasesRun = timedRun(
      process.execPath,
      [generatePhasesScript, join(scratch, "generated-phases")],
      repositoryRoot,
    );
    const { phases, emitters } = JSON.parse(phasesRun.stdout) as Pick<GenerateTimeReport, "phases" | "emitters">;
    return {
      contenders: contenders.map((contender) => {
        const runsMs = samples.get(contender.id)!;
        return { id: contender.id, name: contender.name, medianMs: median(runsMs), runsMs };
      }),
      phases,
      emitters,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
