/** Markdown tables of the benchmark's results. */
import type { GenerateTimeReport } from "./generate-time.js";
import type { InstantiationsResult } from "./instantiations.js";
import type { LargeSpecReport } from "./large-spec-time.js";
import type { PerCallResult } from "./per-call.js";
import type { SizeResult } from "./size.js";
import type { TargetResult } from "./targets.js";

export interface RunInfo {
  readonly node: string;
  readonly cpu: string;
  readonly cores: number;
  readonly rounds: number;
  readonly timeMs: number;
  readonly generateRuns: number;
  readonly largeSpecRuns: number;
}

const table = (header: readonly string[], rows: readonly (readonly string[])[]): string =>
  [
    `| ${header.join(" | ")} |`,
    `|${header.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");

const micro = (ns: number): string => (ns / 1000).toFixed(1);
const seconds = (ms: number): string => (ms / 1000).toFixed(2);
const kib = (bytes: number): string => (bytes / 1024).toFixed(1);
const integer = (value: number): string => value.toLocaleString("en-US");

export function renderHeader(info: RunInfo): string {
  return [
    "# @account-funds/client benchmark",
    "",
    `Node ${info.node}, ${info.cpu} × ${info.cores}. Per call: median of ${info.rounds} rounds of ${info.timeMs} ms per contender;` +
      ` generate: median of ${info.generateRuns} runs, Stripe's spec: of ${info.largeSpecRuns}. Ratios compare numbers measured in this run.`,
  ].join("\n");
}

export function renderPerCall(results: readonly PerCallResult[]): string {
  const bare = results.find((result) => result.id === "fetch")?.nsPerCall ?? 0;
  const peer = results.find((result) => result.id === "openapi-fetch")?.nsPerCall ?? Number.NaN;
  return [
    "## Per-call overhead (stubbed `fetch`, canned JSON, `GET /api/v1/Accounts(2001)/Balances`)",
    "",
    table(
      ["contender", "µs per call (median)", "over bare fetch (µs)", "vs openapi-fetch", "rounds (µs)"],
      results.map((result) => [
        result.name,
        micro(result.nsPerCall),
        micro(result.nsPerCall - bare),
        `${(result.nsPerCall / peer).toFixed(2)}×`,
        result.rounds.map(micro).join(", "),
      ]),
    ),
  ].join("\n");
}

export function renderGenerate(report: GenerateTimeReport): string {
  const total = report.phases.reduce((sum, phase) => sum + phase.ms, 0);
  return [
    "## `make generate` wall time (fresh process per run, new --out directory)",
    "",
    timesTable(report.contenders),
    "",
    "Where the generator's time goes (one in-process run of the compiled generator):",
    "",
    table(
      ["phase", "ms", "share"],
      report.phases.map((phase) => [phase.name, phase.ms.toFixed(0), `${((phase.ms / total) * 100).toFixed(0)} %`]),
    ),
    "",
    "Each emitter alone, after that run (its own work, the library thread's for it, and the formatting of its files):",
    "",
    table(
      ["emitter", "ms"],
      report.emitters.map((emitter) => [emitter.name, emitter.ms.toFixed(0)]),
    ),
  ].join("\n");
}

export function renderLargeSpec(report: LargeSpecReport): string {
  const title = `## ${report.spec}'s spec: our generator CLI and openapi-typescript's (fresh process per run)`;
  if ("skipped" in report) return [title, "", report.skipped].join("\n");
  return [title, "", timesTable(report.contenders)].join("\n");
}

/** Commands' wall times, each against openapi-typescript's. */
function timesTable(
  contenders: readonly { id: string; name: string; medianMs: number; runsMs: readonly number[] }[],
): string {
  const peer = contenders.find((contender) => contender.id === "openapi-typescript")?.medianMs ?? Number.NaN;
  return table(
    ["command", "median (s)", "vs openapi-typescript", "runs (s)"],
    contenders.map((contender) => [
      contender.name,
      seconds(contender.medianMs),
      `${(contender.medianMs / peer).toFixed(2)}×`,
      contender.runsMs.map(seconds).join(", "),
    ]),
  );
}

/** The 1, 5 and 15 minute load averages when the run started and ended, against the number of cores. */
export function renderLoad(start: readonly number[], end: readonly number[], cores: number): string {
  const averages = (load: readonly number[]): string => load.map((value) => value.toFixed(2)).join(", ");
  return [
    "## Machine load",
    "",
    `Load average (1, 5, 15 min) on ${cores} cores: ${averages(start)} at the start, ${averages(end)} at the end.`,
    "Above the number of cores, other processes share the CPU: wall times grow, and ratios are only as steady as the load.",
  ].join("\n");
}

export function renderInstantiations(results: readonly InstantiationsResult[]): string {
  const correct = results.find((result) => result.variant === "correct")?.instantiations ?? Number.NaN;
  return [
    "## TypeScript instantiations (`tsc --noEmit --extendedDiagnostics`, built .d.ts, skipLibCheck)",
    "",
    table(
      ["consumer file", "instantiations", "vs 50 correct calls", "types", "check time (s)", "errors"],
      results.map((result) => [
        result.description,
        integer(result.instantiations),
        result.variant === "baseline" ? "—" : `${(result.instantiations / correct).toFixed(2)}×`,
        integer(result.types),
        result.checkTimeSeconds.toFixed(2),
        String(result.errors.length),
      ]),
    ),
    ...results.flatMap((result) =>
      result.errors.map((error) => `\n${result.variant}: \`${error.replace(/^.*?error /, "error ")}\``),
    ),
  ].join("\n");
}

export function renderSizes(results: readonly SizeResult[]): string {
  return [
    "## Bundle size (esbuild, browser, ESM, minified, undici external; gzip -9 per file)",
    "",
    table(
      ["bundle", "eager min (KiB)", "eager min+gzip (KiB)", "lazy chunks", "lazy min+gzip (KiB)"],
      results.map((result) => [
        result.name,
        kib(result.eager.minified),
        kib(result.eager.gzipped),
        String(result.lazy.files),
        kib(result.lazy.gzipped),
      ]),
    ),
  ].join("\n");
}

export function renderTargets(targets: readonly TargetResult[]): string {
  return [
    "## Targets (information, not a gate)",
    "",
    table(
      ["target", "measured", "goal", "result"],
      targets.map((target) => [
        target.name,
        target.measured,
        target.goal,
        target.met === undefined ? "INFO" : target.met ? "PASS" : "MISS",
      ]),
    ),
  ].join("\n");
}

export function renderFailure(part: string, error: unknown): string {
  return `## ${part}\n\nFAILED: ${error instanceof Error ? error.message : String(error)}`;
}
