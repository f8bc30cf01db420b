/**
 * TypeScript's cost of using the client: `tsc --noEmit --extendedDiagnostics` on a consumer file with 50 typed
 * calls (consumer-calls.ts), on the same file with one mistyped call, and on a file that only imports the client
 * (the baseline). The consumer imports the built declarations (generated/dist/index.d.ts, what a consumer gets)
 * with `skipLibCheck`, as most applications do, so the counts are what the consumer's own code costs.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { CALL_COUNT, baselineSource, consumerSource } from "./consumer-calls.js";
import { generatedEntry, tscScript } from "./paths.js";

export type InstantiationsVariant = "baseline" | "correct" | "mistyped";

export interface InstantiationsResult {
  readonly variant: InstantiationsVariant;
  readonly description: string;
  readonly instantiations: number;
  readonly types: number;
  readonly checkTimeSeconds: number;
  /** The compiler's diagnostics (the mistyped file has exactly one). */
  readonly errors: readonly string[];
}

const compilerOptions = {
  target: "ES2022",
  lib: ["ES2022", "DOM", "DOM.Iterable"],
  module: "NodeNext",
  moduleResolution: "NodeNext",
  types: [],
  strict: true,
  skipLibCheck: true,
  noEmit: true,
};

function statistic(output: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+([\\d.]+)`, "m").exec(output);
  if (match === null) throw new Error(`tsc --extendedDiagnostics printed no "${name}:" line:\n${output}`);
  return Number(match[1]);
}

function check(
  directory: string,
  variant: InstantiationsVariant,
  source: string,
): Omit<InstantiationsResult, "description"> {
  writeFileSync(join(directory, `${variant}.ts`), source);
  const tsconfig = join(directory, `tsconfig.${variant}.json`);
  writeFileSync(tsconfig, JSON.stringify({ compilerOptions, files: [`${variant}.ts`] }, null, 2));
  const result = spawnSync(
    process.execPath,
    [tscScript, "-p", tsconfig, "--extendedDiagnostics", "--pretty", "false"],
    {
      cwd: directory,
      encoding: "utf8",
      timeout: 300_000,
    },
  );
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  const errors = output.split("\n").filter((line) => /error TS\d+/.test(line));
  return {
    variant,
    instantiations: statistic(output, "Instantiations"),
    types: statistic(output, "Types"),
    checkTimeSeconds: statistic(output, "Check time"),
    errors,
  };
}

export function measureInstantiations(progress: (message: string) => void): InstantiationsResult[] {
  const directory = mkdtempSync(join(tmpdir(), "account-funds-bench-tsc-"));
  try {
    const variants: readonly [InstantiationsVariant, string, string][] = [
      ["baseline", "import + `createAccountFundsClient` only", baselineSource(generatedEntry)],
      ["correct", `${CALL_COUNT} typed calls`, consumerSource(generatedEntry, false)],
      ["mistyped", `the same ${CALL_COUNT} calls, one with a wrong field name`, consumerSource(generatedEntry, true)],
    ];
    return variants.map(([variant, description, source]) => {
      progress(`instantiations: tsc on the ${variant} file`);
      const result = { ...check(directory, variant, source), description };
      const expectedErrors = variant === "mistyped" ? 1 : 0;
      if (result.errors.length !== expectedErrors) {
        throw new Error(
          `the ${variant} consumer file should have ${expectedErrors} error(s), tsc reported:\n${result.errors.join("\n")}`,
        );
      }
      return result;
    });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
