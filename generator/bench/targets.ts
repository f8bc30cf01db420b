/** The targets, evaluated on one run's results. Information, not a gate: a miss does not fail the run. */
import type { GenerateTimeReport } from "./generate-time.js";
import type { InstantiationsResult } from "./instantiations.js";
import type { LargeSpecReport } from "./large-spec-time.js";
import type { PerCallResult } from "./per-call.js";
import type { SizeResult } from "./size.js";

export interface TargetResult {
  readonly name: string;
  readonly measured: string;
  readonly goal: string;
  /** undefined: reported, no goal to meet. */
  readonly met: boolean | undefined;
}

export interface BenchResults {
  readonly perCall?: readonly PerCallResult[] | undefined;
  readonly generate?: GenerateTimeReport | undefined;
  readonly largeSpec?: LargeSpecReport | undefined;
  readonly instantiations?: readonly InstantiationsResult[] | undefined;
  readonly sizes?: readonly SizeResult[] | undefined;
}

function find<T extends { readonly id?: string; readonly variant?: string }>(items: readonly T[], key: string): T {
  const item = items.find((candidate) => candidate.id === key || candidate.variant === key);
  if (item === undefined) throw new Error(`bench result ${key} is missing`);
  return item;
}

export function evaluateTargets(results: BenchResults): TargetResult[] {
  const targets: TargetResult[] = [];
  if (results.perCall !== undefined) {
    const ratio = find(results.perCall, "ours").nsPerCall / find(results.perCall, "openapi-fetch").nsPerCall;
    targets.push({
      name: "per-call time, our client / openapi-fetch",
      measured: `${ratio.toFixed(2)}×`,
      goal: "≤ 1.10×",
      met: ratio <= 1.1,
    });
  }
  if (results.generate !== undefined) {
    const contenders = results.generate.contenders;
    const ratio = find(contenders, "generator").medianMs / find(contenders, "openapi-typescript").medianMs;
    targets.push({
      name: "`make generate` / openapi-typescript CLI",
      measured: `${ratio.toFixed(2)}×`,
      goal: "≤ 1.5×",
      met: ratio <= 1.5,
    });
    // For information: against openapi-typescript on the same input as ours (the split spec, which it bundles too).
    const sameInput =
      find(contenders, "generator").medianMs / find(contenders, "openapi-typescript-multi-file").medianMs;
    targets.push({
      name: "`make generate` / openapi-typescript CLI on the split spec (same input)",
      measured: `${sameInput.toFixed(2)}×`,
      goal: "reported",
      met: undefined,
    });
  }
  if (results.largeSpec !== undefined) {
    const report = results.largeSpec;
    const name = `${report.spec}'s spec: our generator CLI / openapi-typescript CLI`;
    if ("skipped" in report) targets.push({ name, measured: "skipped", goal: "≤ 3×", met: undefined });
    else {
      const ratio =
        find(report.contenders, "generator").medianMs / find(report.contenders, "openapi-typescript").medianMs;
      targets.push({ name, measured: `${ratio.toFixed(2)}×`, goal: "≤ 3×", met: ratio <= 3 });
    }
  }
  if (results.instantiations !== undefined) {
    const ratio =
      find(results.instantiations, "mistyped").instantiations / find(results.instantiations, "correct").instantiations;
    targets.push({
      name: "instantiations, one mistyped call / 50 correct calls",
      measured: `${ratio.toFixed(2)}×`,
      goal: "< 2×",
      met: ratio < 2,
    });
  }
  if (results.sizes !== undefined) {
    const core = find(results.sizes, "core");
    targets.push({
      name: "client core (`createAccountFundsClient`), min+gzip, eager",
      measured: `${(core.eager.gzipped / 1024).toFixed(1)} KiB`,
      goal: "reported",
      met: undefined,
    });
  }
  return targets;
}
