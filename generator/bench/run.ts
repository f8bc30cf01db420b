/**
 * `make bench` (as `npm run bench` of @account-funds/generator): in one run, (a) per-call overhead with a stubbed
 * `fetch` for bare fetch, bare openapi-fetch and our client; (b) `make generate` wall time against the
 * openapi-typescript CLI alone on the same spec; (c) the same two CLIs on Stripe's public spec, from the corpus's
 * install when there is one (large-spec-time.ts); (d) TypeScript instantiations of a consumer file with 50 calls
 * and of the same file with one mistyped call; (e) min+gzip of the client core, the whole entry and openapi-fetch.
 * The load average is printed at the start and the end: the machines are shared.
 * Markdown on stdout, progress on stderr. A missed target does not fail the run; a part that breaks does (exit 1,
 * after the other parts have printed).
 *
 * Needs the built packages (`make build`). Tuning (environment): BENCH_ROUNDS (7), BENCH_TIME_MS per contender per
 * round (500), BENCH_WARMUP_MS (300), BENCH_GENERATE_RUNS (7), BENCH_LARGE_SPEC_RUNS (5), BENCH_PARTS (e.g.
 * "per-call,size"; default all of per-call, generate, large-spec, instantiations, size).
 */
import { cpus, loadavg } from "node:os";
import { measureGenerateTime, type GenerateTimeReport } from "./generate-time.js";
import { measureInstantiations, type InstantiationsResult } from "./instantiations.js";
import { measureLargeSpecTime, type LargeSpecReport } from "./large-spec-time.js";
import { measurePerCall, type PerCallResult } from "./per-call.js";
import {
  renderFailure,
  renderGenerate,
  renderHeader,
  renderInstantiations,
  renderLargeSpec,
  renderLoad,
  renderPerCall,
  renderSizes,
  renderTargets,
} from "./report.js";
import { SIZE_ENTRIES, measureSize, type SizeResult } from "./size.js";
import { evaluateTargets } from "./targets.js";

const PARTS = ["per-call", "generate", "large-spec", "instantiations", "size"] as const;
type Part = (typeof PARTS)[number];

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got ${JSON.stringify(raw)}`);
  return value;
}

function partsFromEnv(): ReadonlySet<Part> {
  const raw = process.env["BENCH_PARTS"];
  if (raw === undefined || raw === "") return new Set(PARTS);
  const wanted = raw.split(",").map((part) => part.trim());
  const unknown = wanted.filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length > 0) throw new Error(`BENCH_PARTS: unknown ${unknown.join(", ")}; known: ${PARTS.join(", ")}`);
  return new Set(wanted as Part[]);
}

const progress = (message: string): void => void process.stderr.write(`[bench] ${message}\n`);

async function main(): Promise<void> {
  const options = {
    rounds: numberFromEnv("BENCH_ROUNDS", 7),
    timeMs: numberFromEnv("BENCH_TIME_MS", 500),
    warmupMs: numberFromEnv("BENCH_WARMUP_MS", 300),
  };
  const generateRuns = numberFromEnv("BENCH_GENERATE_RUNS", 7);
  const largeSpecRuns = numberFromEnv("BENCH_LARGE_SPEC_RUNS", 5);
  const loadAtStart = loadavg();
  const parts = partsFromEnv();
  const started = performance.now();
  const cpu = cpus();
  const sections = [
    renderHeader({
      node: process.version,
      cpu: cpu[0]?.model.trim() ?? "unknown CPU",
      cores: cpu.length,
      ...options,
      generateRuns,
      largeSpecRuns,
    }),
  ];
  let failed = false;
  const attempt = async <T>(
    part: Part,
    title: string,
    run: () => T | Promise<T>,
    render: (result: T) => string,
  ): Promise<T | undefined> => {
    if (!parts.has(part)) return undefined;
    try {
      const result = await run();
      sections.push(render(result));
      return result;
    } catch (error) {
      failed = true;
      sections.push(renderFailure(title, error));
      progress(`${part} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return undefined;
    }
  };

  const perCall = await attempt<PerCallResult[]>(
    "per-call",
    "Per-call overhead",
    () => measurePerCall(options, progress),
    renderPerCall,
  );
  const generate = await attempt<GenerateTimeReport>(
    "generate",
    "`make generate` wall time",
    () => measureGenerateTime(generateRuns, progress),
    renderGenerate,
  );
  const largeSpec = await attempt<LargeSpecReport>(
    "large-spec",
    "Stripe's spec",
    () => measureLargeSpecTime(largeSpecRuns, progress),
    renderLargeSpec,
  );
  const instantiations = await attempt<InstantiationsResult[]>(
    "instantiations",
    "TypeScript instantiations",
    () => measureInstantiations(progress),
    renderInstantiations,
  );
  const sizes = await attempt<SizeResult[]>(
    "size",
    "Bundle size",
    async () => {
      progress("size: esbuild bundles");
      const results: SizeResult[] = [];
      for (const entry of SIZE_ENTRIES) results.push(await measureSize(entry));
      return results;
    },
    renderSizes,
  );
  sections.push(renderTargets(evaluateTargets({ perCall, generate, largeSpec, instantiations, sizes })));
  sections.push(renderLoad(loadAtStart, loadavg(), cpu.length));

  process.stdout.write(`${sections.join("\n\n")}\n`);
  progress(`finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
