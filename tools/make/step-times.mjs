// The table `make test` prints at the end: each step's start (from the first step's), wall time and CPU time (user +
// system, of every process it ran), read from the lines tools/make/timed-shell.sh appended for each recipe line.
// Recipe lines of files the steps need (dist/, fingerprints, tarballs, a Node line's binary) count for "build", "pack"
// or "install Node <line>".
// Then, from the JSON results of the vitest runs (--vitest-reports <folder>: <run>.json each), the slowest test files of
// each run: where to look first when a run gets slower.
// Usage: node tools/make/step-times.mjs <step-times.tsv> [--steps "<step> ..."] [--load-before "<load average>"]
//   [--vitest-reports <folder>]
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { "load-before": { type: "string" }, steps: { type: "string" }, "vitest-reports": { type: "string" } },
});
const named = new Set((values.steps ?? "").split(/\s+/).filter((step) => step !== ""));

/** The step a recipe line's target belongs to. */
function stepOf(target) {
  if (named.size === 0 || named.has(target)) return target;
  if (target.includes("tarballs")) return "pack";
  const line = /node-versions\/(\d+)\//.exec(target)?.[1];
  return line === undefined ? "build" : `install Node ${line}`;
}
const [file] = positionals;
if (file === undefined) throw new Error("usage: step-times.mjs <step-times.tsv> [--load-before <load average>]");

let text = "";
try {
  text = readFileSync(file, "utf8");
} catch {
  process.stdout.write(`step times: ${file} is missing (no step ran)\n`);
  process.exit(0);
}

/** @type {Map<string, { start: number; end: number; cpu: number; failed: boolean }>} */
const steps = new Map();
for (const line of text.split("\n")) {
  const [target, start, end, user, system, status] = line.split("\t");
  if (target === undefined || status === undefined) continue;
  const name = stepOf(target);
  const step = steps.get(name) ?? { start: Infinity, end: -Infinity, cpu: 0, failed: false };
  step.start = Math.min(step.start, Number(start));
  step.end = Math.max(step.end, Number(end));
  step.cpu += Number(user) + Number(system);
  step.failed ||= status !== "0";
  steps.set(name, step);
}
if (steps.size === 0) process.exit(0);

const rows = [...steps].sort(([, a], [, b]) => a.start - b.start);
const first = Math.min(...rows.map(([, step]) => step.start));
const last = Math.max(...rows.map(([, step]) => step.end));
const cpu = rows.reduce((sum, [, step]) => sum + step.cpu, 0);
const seconds = (value) => value.toFixed(1).padStart(7);
const width = Math.max(10, ...rows.map(([name]) => name.length));
const loadNow = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const lines = [
  "",
  `Step times (s): load average ${values["load-before"] ?? "?"} before, ${loadNow} after`,
  `${"step".padEnd(width)}   start    wall     CPU`,
  ...rows.map(
    ([name, step]) =>
      `${name.padEnd(width)} ${seconds(step.start - first)} ${seconds(step.end - step.start)} ${seconds(step.cpu)}${step.failed ? "  FAILED" : ""}`,
  ),
  `${"make test".padEnd(width)} ${seconds(0)} ${seconds(last - first)} ${seconds(cpu)}`,
  ...slowestFiles(values["vitest-reports"]),
  "",
];
process.stdout.write(lines.join("\n"));

/** The five slowest test files of each vitest run's JSON results in `folder` (their wall time, files side by side). */
function slowestFiles(folder) {
  if (folder === undefined) return [];
  let names = [];
  try {
    names = readdirSync(folder)
      .filter((name) => name.endsWith(".json"))
      .sort();
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    let results;
    try {
      results = JSON.parse(readFileSync(join(folder, name), "utf8")).testResults ?? [];
    } catch {
      return [];
    }
    const files = results
      .map((file) => ({ path: relative(process.cwd(), file.name), wall: (file.endTime - file.startTime) / 1000 }))
      .sort((a, b) => b.wall - a.wall)
      .slice(0, 5);
    return [
      `Slowest test files of vitest ${name.replace(/\.json$/, "")} (wall s, ${results.length} files):`,
      ...files.map(({ path, wall }) => `  ${seconds(wall)}  ${path}`),
    ];
  });
}
