/**
 * `npm run bench`: validations per second of ours against the peers on the same inputs, how each peer's
 * verdicts differ from ours, the bundle sizes, the RegEx rules' worst case, and the issue's targets. The report goes to stdout as
 * Markdown, progress to stderr. The exit code is 0 even when a target is missed.
 *
 * Tuning (environment): BENCH_ROUNDS (5), BENCH_TIME_MS per contender per round (1000), BENCH_WARMUP_MS (300),
 * BENCH_INPUTS per group (1000), BENCH_SEED (42), BENCH_GROUPS (e.g. "IBAN,BIC"; default all).
 */
import { cpus } from "node:os";
import { GROUPS } from "./contenders.js";
import { acceptanceByKind, classify, compare, guarded } from "./correctness.js";
import { buildInputSet, type GroupId } from "./inputs.js";
import { measureGroup, type MeasureOptions } from "./measure.js";
import { measureRegexCorpus } from "./regex-corpus.js";
import { renderGroup, renderHeader, renderRegexCorpus, renderSizes, renderTargets } from "./report.js";
import type { ContenderResult, GroupResult, PeerResult } from "./results.js";
import { measureSize, SIZE_ENTRIES } from "./size.js";
import { evaluateTargets } from "./targets.js";

const ALL_GROUPS: readonly GroupId[] = ["IBAN", "BIC", "ABA", "LEI", "CLABE", "NZ"];

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got ${JSON.stringify(raw)}`);
  return value;
}

function groupsFromEnv(): readonly GroupId[] {
  const raw = process.env["BENCH_GROUPS"];
  if (raw === undefined || raw === "") return ALL_GROUPS;
  const wanted = raw.split(",").map((name) => name.trim().toUpperCase());
  const unknown = wanted.filter((name) => !ALL_GROUPS.includes(name as GroupId));
  if (unknown.length > 0)
    throw new Error(`BENCH_GROUPS: unknown ${unknown.join(", ")}; known: ${ALL_GROUPS.join(", ")}`);
  return ALL_GROUPS.filter((group) => wanted.includes(group));
}

const progress = (message: string): void => void process.stderr.write(`[bench] ${message}\n`);

async function runGroup(id: GroupId, size: number, seed: number, options: MeasureOptions): Promise<GroupResult> {
  const contenders = GROUPS[id]();
  const inputs = buildInputSet(id, { size, seed });
  const alsoOurs = contenders.alsoOurs ?? [];
  const all = [contenders.ours, ...alsoOurs, ...contenders.peers];

  // Verdicts first: they are the correctness report, and they tell which contenders throw.
  const verdicts = all.map((contender) => classify(contender, inputs.inputs));
  const timed = all.map((contender, i) => (verdicts[i]!.threw > 0 ? guarded(contender) : contender));

  const started = performance.now();
  const measurements = await measureGroup(inputs.inputs, timed, options, (round) =>
    progress(`${id}: round ${round + 1}/${options.rounds} (${all.length} contenders)`),
  );
  progress(`${id}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const results: ContenderResult[] = all.map((contender, i) => ({
    name: contender.name,
    measurement: measurements[i]!,
    verdicts: verdicts[i]!,
    guarded: verdicts[i]!.threw > 0,
  }));
  const [ours, ...others] = results as [ContenderResult, ...ContenderResult[]];
  const peers = others.slice(alsoOurs.length);
  return {
    id,
    contenders,
    inputs,
    ours,
    alsoOurs: others.slice(0, alsoOurs.length),
    peers: peers.map((peer): PeerResult => ({
      ...peer,
      disagreement: compare(ours.verdicts, peer.verdicts, inputs.inputs),
    })),
    oursByKind: acceptanceByKind(ours.verdicts, inputs.kinds),
  };
}

async function main(): Promise<void> {
  const options: MeasureOptions = {
    rounds: numberFromEnv("BENCH_ROUNDS", 5),
    timeMs: numberFromEnv("BENCH_TIME_MS", 1000),
    warmupMs: numberFromEnv("BENCH_WARMUP_MS", 300),
  };
  const size = numberFromEnv("BENCH_INPUTS", 1000);
  const seed = numberFromEnv("BENCH_SEED", 42);
  const started = performance.now();

  const groups = new Map<GroupId, GroupResult>();
  for (const id of groupsFromEnv()) groups.set(id, await runGroup(id, size, seed, options));

  progress("bundle sizes");
  const sizes = {
    oursIban: await measureSize(SIZE_ENTRIES.oursIban),
    oursAll: await measureSize(SIZE_ENTRIES.oursAll),
    formWithoutRules: await measureSize(SIZE_ENTRIES.formWithoutRules),
    formWithoutEngine: await measureSize(SIZE_ENTRIES.formWithoutEngine),
    regexEngine: await measureSize(SIZE_ENTRIES.regexEngine),
    ibantoolsIban: await measureSize(SIZE_ENTRIES.ibantoolsIban),
    ibantoolsAll: await measureSize(SIZE_ENTRIES.ibantoolsAll),
  };

  progress("RegEx rules: catastrophic corpus");
  const regex = measureRegexCorpus();

  const cpu = cpus();
  const sections = [
    renderHeader({
      node: process.version,
      cpu: cpu[0]?.model.trim() ?? "unknown CPU",
      cores: cpu.length,
      rounds: options.rounds,
      timeMs: options.timeMs,
      inputs: size,
      seed,
    }),
    ...[...groups.values()].map(renderGroup),
    renderSizes(Object.values(sizes)),
    renderRegexCorpus(regex),
    renderTargets(evaluateTargets(groups, sizes, regex)),
  ];
  process.stdout.write(`${sections.join("\n\n")}\n`);
  progress(`finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
