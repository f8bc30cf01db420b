/**
 * Stripe's public spec (2.5 MB, OpenAPI 3.0) through our generator CLI and the openapi-typescript CLI, as wall time
 * of fresh processes, runs interleaved, medians compared: issue 22's large-spec target. The spec comes from the
 * corpus project's install (generator/corpus/node_modules, `make corpus` installs it on first use), which is
 * opt-in: without it this part is skipped with a note, not failed.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpusSpecs } from "../corpus/specs.js";
import { generatorCli, openapiTypescriptBin, repositoryRoot } from "./paths.js";
import { median, timedRun } from "./stats.js";

export interface LargeSpecContender {
  readonly id: "generator" | "openapi-typescript";
  readonly name: string;
  readonly medianMs: number;
  readonly runsMs: readonly number[];
}

export type LargeSpecReport =
  | { readonly spec: string; readonly contenders: readonly LargeSpecContender[] }
  | { readonly spec: string; readonly skipped: string };

const specName = "Stripe";

export function measureLargeSpecTime(runs: number, progress: (message: string) => void): LargeSpecReport {
  const spec = corpusSpecs.find((candidate) => candidate.name === specName);
  if (spec === undefined) throw new Error(`corpus/specs.ts has no ${specName}`);
  const specPath = join(repositoryRoot, "generator/corpus/node_modules", spec.file);
  if (!existsSync(specPath)) {
    const skipped = `skipped: ${spec.file} is not installed (the corpus is opt-in: \`make corpus\` installs generator/corpus/node_modules once)`;
    progress(`large spec: ${skipped}`);
    return { spec: specName, skipped };
  }
  const scratch = mkdtempSync(join(tmpdir(), "account-funds-bench-large-spec-"));
  try {
    const contenders = [
      {
        id: "generator" as const,
        name: "our generator CLI",
        args: (run: number) => ({
          command: process.execPath,
          args: [generatorCli, "generate", "--spec", specPath, "--out", join(scratch, `generated-${run}`)],
        }),
      },
      {
        id: "openapi-typescript" as const,
        name: "openapi-typescript CLI",
        args: (run: number) => ({
          command: openapiTypescriptBin,
          args: [specPath, "-o", join(scratch, `types-${run}.ts`)],
        }),
      },
    ];
    const samples = new Map(contenders.map((contender) => [contender.id, [] as number[]]));
    for (let run = 0; run < runs; run++) {
      for (const contender of contenders) {
        progress(`large spec: ${specName}, run ${run + 1}/${runs}, ${contender.id}`);
        const { command, args } = contender.args(run);
        samples.get(contender.id)!.push(timedRun(command, args, repositoryRoot).ms);
        // Each run writes megabytes; the next one starts from a clean scratch folder's worth of disk.
        rmSync(join(scratch, `generated-${run}`), { recursive: true, force: true });
      }
    }
    return {
      spec: specName,
      contenders: contenders.map(({ id, name }) => {
        const runsMs = samples.get(id)!;
        return { id, name, medianMs: median(runsMs), runsMs };
      }),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
