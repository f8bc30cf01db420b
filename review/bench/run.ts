/**
 * `make bench` (as `npm run bench` of @account-funds/review): how long `make review` takes on this repository's
 * spec, against the target of 30 s, and the engine against Redocly CLI's `diff` (what the review ran before it had
 * an engine of its own) on the same two documents, measured in the same run.
 *
 *   1. a pull request: in a local clone (git clone --shared, this checkout's review/src and node_modules in it), one schema of
 *      spec/ gains an optional property and `make review` runs against HEAD: the generator is BASE's, so BASE's
 *      committed client is used and only the revision is generated (the usual case);
 *   2. a real change whose BASE had another generator: the last commit that changed spec/ against its parent (found
 *      with git, not written here), both sides generated, both API reports, the consumer check;
 *   3. no change: HEAD against HEAD;
 *   3. the engine alone on that change, against `redocly diff` on the two bundled documents;
 *   4. the engine on oasdiff's corpus (review/test/corpus): milliseconds per pair.
 *
 * Wall clock and CPU (user + system, the review's processes included, from GNU time when the machine has it), and
 * the load average: the machine is shared, so a slow run on a busy machine says little. Markdown on stdout.
 * Tuning: BENCH_REVIEW_RUNS (3) runs of the pull request case (the median is shown; the other cases run once),
 * BENCH_ENGINE_RUNS (20).
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { loadDocument } from "../src/documents.js";
import { diffDocuments } from "../src/diff/engine.js";
import { extractPaths } from "../src/git/extract.js";
import { bin, repositoryRoot, specConfig, specDirectory, specRoot } from "../src/paths.js";
import { corpusPairs, scoreCorpus } from "../test/corpus/score.js";

const target = 30;
const reviewRuns = Number(process.env["BENCH_REVIEW_RUNS"] ?? 3);
const engineRuns = Number(process.env["BENCH_ENGINE_RUNS"] ?? 20);
const gnuTime = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

interface Timing {
  readonly wall: number;
  readonly cpu?: number;
  readonly exit: number;
}

const git = (...args: string[]): string => execFileSync("git", args, { cwd: repositoryRoot, encoding: "utf8" }).trim();
const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const seconds = (millis: number): string => `${(millis / 1000).toFixed(1)} s`;
const load = (): string =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" / ");

function timeReview(args: readonly string[], root: string = repositoryRoot): Timing {
  const output = join(tmpdir(), `review-bench-${process.pid}.json`);
  const command = [bin("tsx"), join(root, "review", "src", "cli.ts"), ...args, "--format", "json", "--output", output];
  const started = performance.now();
  const result =
    gnuTime === undefined
      ? spawnSync(command[0] ?? "", command.slice(1), { cwd: root, encoding: "utf8" })
      : spawnSync(gnuTime, ["-f", "bench-cpu %U %S", ...command], { cwd: root, encoding: "utf8" });
  const wall = performance.now() - started;
  const cpu = /bench-cpu ([\d.]+) ([\d.]+)/.exec(result.stderr ?? "");
  rmSync(output, { force: true });
  return {
    wall,
    ...(cpu === null ? {} : { cpu: (Number(cpu[1]) + Number(cpu[2])) * 1000 }),
    exit: result.status ?? -1,
  };
}

function row(name: string, timings: readonly Timing[]): string {
  const wall = median(timings.map((timing) => timing.wall));
  const cpu = timings.every((timing) => timing.cpu !== undefined)
    ? median(timings.map((timing) => timing.cpu ?? 0))
    : undefined;
  const verdict = wall <= target * 1000 ? "✓" : "✗";
  return `| ${name} | ${seconds(wall)} | ${cpu === undefined ? "–" : seconds(cpu)} | exit ${timings.map((timing) => timing.exit).join(", ")} | ${verdict} ≤ ${target} s |`;
}

/** Case 1 in a local clone, so that this checkout's spec/ is never touched. */
function pullRequest(): Timing[] {
  const clone = mkdtempSync(join(tmpdir(), "review-bench-clone-"));
  try {
    execFileSync("git", ["clone", "--quiet", "--shared", repositoryRoot, clone]);
    // The checkout's review, not the one committed at HEAD.
    cpSync(join(repositoryRoot, "review", "src"), join(clone, "review", "src"), { recursive: true });
    for (const folder of ["node_modules", join("tools", "typescript-7", "node_modules")])
      if (existsSync(join(repositoryRoot, folder)))
        symlinkSync(join(repositoryRoot, folder), join(clone, folder), "dir");
    const schemas = join(clone, specDirectory, "components", "schemas");
    const file = readdirSync(schemas)
      .filter((name) => name.endsWith(".yaml"))
      .sort()
      .find((name) => parseDocument(readFileSync(join(schemas, name), "utf8")).has("properties"));
    if (file === undefined) throw new Error("no schema with properties under spec/components/schemas");
    const document = parseDocument(readFileSync(join(schemas, file), "utf8"));
    document.setIn(["properties", "BenchAddedProperty"], { type: "string" });
    writeFileSync(join(schemas, file), document.toString());
    return Array.from({ length: reviewRuns }, () => timeReview(["--base", "HEAD"], clone));
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
}

const changed = git(
  "log",
  "-n",
  "1",
  "--format=%H",
  "--",
  `${specDirectory}/openapi.yaml`,
  `${specDirectory}/paths`,
  `${specDirectory}/components`,
);
process.stdout.write(
  `## make review (review/bench)\n\n${cpus().length} cores, load average ${load()} at the start; Node ${process.version}\n\n`,
);
process.stdout.write(
  `The real change: ${changed.slice(0, 12)} (the last commit that changed the spec) against its parent.\n\n`,
);
process.stdout.write("| case | wall | CPU | outcome | target |\n|---|---|---|---|---|\n");
process.stdout.write(
  `${row("a pull request: one schema gains an optional property; BASE's client committed", pullRequest())}\n`,
);
const real = Array.from({ length: 1 }, () => timeReview(["--base", `${changed}^`, "--revision", changed]));
process.stdout.write(`${row("a real change, BASE of another generator: both sides generated and reported", real)}\n`);
const none = Array.from({ length: 1 }, () => timeReview(["--base", "HEAD", "--revision", "HEAD"]));
process.stdout.write(`${row("no change: HEAD against HEAD", none)}\n\nload average at the end: ${load()}\n\n`);

// The engine against Redocly's diff, on the same two bundled documents.
const work = mkdtempSync(join(tmpdir(), "review-bench-"));
try {
  const side = async (name: string, commit: string) => {
    const extracted = await extractPaths(repositoryRoot, commit, [specDirectory], join(work, name));
    if ("error" in extracted) throw new Error(extracted.error);
    return loadDocument(join(work, name, specRoot), join(work, name, specConfig));
  };
  const [base, revision] = await Promise.all([side("base", `${changed}^`), side("revision", changed)]);
  writeFileSync(join(work, "base.json"), JSON.stringify(base.document));
  writeFileSync(join(work, "revision.json"), JSON.stringify(revision.document));
  const engine: number[] = [];
  let findings = 0;
  for (let run = 0; run < engineRuns; run++) {
    const started = performance.now();
    findings = diffDocuments(base.document, revision.document).length;
    engine.push(performance.now() - started);
  }
  writeFileSync(join(work, "redocly.yaml"), "extends:\n  - diff-recommended\n");
  const redocly: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    spawnSync(
      bin("redocly"),
      [
        "diff",
        join(work, "base.json"),
        join(work, "revision.json"),
        "--config",
        join(work, "redocly.yaml"),
        "--format",
        "json",
        "--output",
        join(work, "out.json"),
        "--fail-on",
        "none",
        "--lint-config",
        "off",
      ],
      {
        cwd: work,
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    );
    redocly.push(performance.now() - started);
  }
  const ratio = median(redocly) / median(engine);
  process.stdout.write(
    `## The engine (the same change, ${findings} findings)\n\n| | median | |\n|---|---|---|\n| the review's engine (in-process, ${engineRuns} runs) | ${median(engine).toFixed(0)} ms | 1× |\n| \`redocly diff\` (Redocly CLI ${JSON.parse(readFileSync(join(repositoryRoot, "node_modules", "@redocly", "cli", "package.json"), "utf8")).version}, 3 runs, process included) | ${median(redocly).toFixed(0)} ms | ${ratio.toFixed(1)}× slower |\n\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}

const started = performance.now();
const verdicts = await scoreCorpus(corpusPairs());
const perPair = (performance.now() - started) / verdicts.length;
process.stdout.write(
  `## oasdiff's corpus\n\n${verdicts.length} pairs in one process, loading included: ${perPair.toFixed(1)} ms per pair.\n`,
);
