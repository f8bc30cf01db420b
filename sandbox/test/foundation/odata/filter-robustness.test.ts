import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  MAX_FILTER_DEPTH,
  MAX_FILTER_LENGTH,
  parseFilter,
  type ODataQueryErrorCode,
} from "../../../src/foundation/odata/index.js";
import { rows, shape } from "./fixtures.js";

const CODES: readonly ODataQueryErrorCode[] = [
  "invalid_filter_syntax",
  "unknown_property",
  "type_mismatch",
  "unsupported_filter",
  "query_too_complex",
];

// A bound on the CPU time (not the wall time, which a loaded CI machine stretches) of one parse and evaluation: it
// catches exponential or runaway parsing, the slowest inputs found take about 0.2 s. Speed proper is `make bench`'s.
const MAX_CPU_MS = 2000;
// The child's 1,000 parses take about 2 s; the deadline is generous for a loaded machine and still far from a hang.
const FUZZ_DEADLINE_MS = 60_000;
const FUZZ_SCRIPT = fileURLToPath(new URL("./support/filter-fuzz.ts", import.meta.url));
const sandboxRoot = fileURLToPath(new URL("../../..", import.meta.url));

/** Runs support/filter-fuzz.ts; fails, naming the input it was stuck on, if it does not finish by the deadline. */
function parsedInChild(args: readonly string[], label: string): string[] {
  const run = spawnSync(process.execPath, ["--import", "tsx", FUZZ_SCRIPT, ...args], {
    cwd: sandboxRoot,
    encoding: "utf8",
    timeout: FUZZ_DEADLINE_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = run.stdout.trimEnd().split("\n");
  expect(run.error?.message, `${label}: stuck parsing ${lines.at(-1)}`).toBeUndefined();
  expect(lines.at(-1), `${label}: ${run.stderr.slice(0, 2000)}`).toBe("done");
  return lines.slice(0, -1).map((line) => JSON.parse(line) as string);
}

let inputFiles = 0;
/** A JSON file of `inputs` for the child (a file, not an argument: inputs may hold NUL characters). */
function inputFile(inputs: readonly string[]): string {
  const file = join(tmpdir(), `filter-inputs-${process.pid}-${inputFiles++}.json`);
  writeFileSync(file, JSON.stringify(inputs));
  return file;
}

/** Parses and applies `text`, failing the test if anything throws or takes too long. */
function check(text: string): void {
  const started = process.cpuUsage();
  const parsed = parseFilter(text, shape);
  if (parsed.ok) {
    for (const row of rows) expect(typeof parsed.value(row)).toBe("boolean");
  } else {
    expect(CODES).toContain(parsed.error.code);
    expect(parsed.error.target).toBe("$filter");
    expect(typeof parsed.error.message).toBe("string");
  }
  const used = process.cpuUsage(started);
  expect((used.user + used.system) / 1000, JSON.stringify(text.slice(0, 200))).toBeLessThan(MAX_CPU_MS);
}

describe("$filter never throws and never hangs", () => {
  // A parser that never returns cannot be stopped in this thread (the test would hang, not fail): inputs are parsed
  // first in a child process with a deadline, which names the input it was stuck on; check() then runs here.
  it("arbitrary strings and random sequences of OData fragments never hang the parser", () => {
    const seed = Date.now() % 2 ** 31;
    const inputs = parsedInChild(["fuzz", String(seed)], `seed ${seed}`);
    expect(inputs.length).toBe(1000);
    for (const text of inputs) check(text);
  });

  it("refuses JSON literals before the library runs (it never returns on an unterminated JSON string)", () => {
    const inputs = ['Amount eq ["', 'Amount eq {"a":"', '[" eq [\u0000INF)) in 1.5e10'];
    expect(parsedInChild(["inputs", inputFile(inputs)], "JSON literals")).toEqual(inputs);
    for (const text of inputs) {
      const parsed = parseFilter(text, shape);
      expect(parsed.ok ? undefined : parsed.error.code).toBe("unsupported_filter");
    }
  });

  it.each([
    ["deepest accepted nesting", `${"(".repeat(MAX_FILTER_DEPTH)}Amount eq 1${")".repeat(MAX_FILTER_DEPTH)}`],
    ["unbalanced nesting", "(".repeat(MAX_FILTER_LENGTH)],
    ["nested functions", `${"tolower(".repeat(MAX_FILTER_DEPTH)}CurrencyCode${")".repeat(MAX_FILTER_DEPTH)} eq 'x'`],
    ["negations", `${"-".repeat(MAX_FILTER_LENGTH - 12)}Amount eq 1`],
    ["nots", `${"not ".repeat(490)}IsCrossCurrency`],
    ["long and-chain", Array.from({ length: 150 }, (_, i) => `Amount ne ${i}`).join(" and ")],
    ["long path", `${"Beneficiary/".repeat(160)}Name eq 'x'`],
    [
      "groups at the depth limit",
      `${"(".repeat(MAX_FILTER_DEPTH - 1)}Amount eq 1${")".repeat(MAX_FILTER_DEPTH - 1)} or `.repeat(20),
    ],
    ["string of quotes", `CurrencyCode eq '${"''".repeat(990)}'`],
  ])("hostile input: %s", (_name, text) => {
    check(text.slice(0, MAX_FILTER_LENGTH));
  });

  it("accepts the deepest allowed nesting and rejects one level more as too complex", () => {
    const nested = (depth: number): string => `${"(".repeat(depth)}Amount eq 100${")".repeat(depth)}`;
    const accepted = parseFilter(nested(MAX_FILTER_DEPTH), shape);
    expect(accepted.ok && rows.filter(accepted.value).map((row) => row.Id)).toEqual([1]);
    const rejected = parseFilter(nested(MAX_FILTER_DEPTH + 1), shape);
    expect(rejected.ok ? undefined : rejected.error.code).toBe("query_too_complex");
  });

  it("accepts a filter of the maximum length and rejects a longer one", () => {
    const padded = `Amount eq 100${" ".repeat(MAX_FILTER_LENGTH - 13)}`;
    expect(parseFilter(padded, shape).ok).toBe(true);
    const longer = parseFilter(`${padded} `, shape);
    expect(longer.ok ? undefined : longer.error.code).toBe("query_too_complex");
  });
});
