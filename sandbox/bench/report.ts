/** Markdown of the benchmark's results, in the form of the generator's (generator/bench/report.ts). */
import { ratioOf, summarise, type Cell } from "./results.js";
import { SERVER_NAMES } from "./servers-measured.js";
import type { TargetResult } from "./targets.js";

export interface RunInfo {
  readonly node: string;
  readonly cpu: string;
  readonly cores: number;
  readonly rounds: number;
  readonly durationS: number;
  readonly warmupS: number;
  readonly connections: number;
  readonly autocannon: string;
  readonly prism: string;
}

const table = (header: readonly string[], rows: readonly (readonly string[])[]): string =>
  [
    `| ${header.join(" | ")} |`,
    `|${header.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");

const integer = (value: number): string => (Number.isNaN(value) ? "—" : Math.round(value).toLocaleString("en-US"));
const ms = (value: number): string => (Number.isNaN(value) ? "—" : value.toFixed(0));
const percent = (value: number | undefined): string =>
  value === undefined || Number.isNaN(value) ? "—" : `${value.toFixed(0)} %`;

export function renderHeader(info: RunInfo): string {
  return [
    "# @account-funds/sandbox benchmark",
    "",
    `Node ${info.node}, ${info.cpu} × ${info.cores}. Loopback HTTP/1.1, autocannon ${info.autocannon} (programmatic, in the bench's` +
      ` process), ${info.connections} keep-alive connections, no pipelining; each server in a child process of its own.` +
      ` Median of ${info.rounds} rounds of ${info.durationS} s per server and request (after a ${info.warmupS} s warm-up),` +
      " the servers alternating within a round; the sandbox is reset (`POST /_sandbox/reset`) before each of its rounds." +
      ` Peer: Prism ${info.prism} \`prism mock generated/openapi.json -v silent\` (static examples; validates requests and the` +
      " bearer header's presence, by default). Sandbox: `node sandbox/dist/cli.js --port 0 --no-tls` (verifies the JWT, validates" +
      " requests against the spec and with @account-funds/validators, real state); `sandbox --data`: the same with `--data <tmp>/bench.db`" +
      " (every command in an SQLite transaction before its 201; WAL, synchronous=NORMAL). Ratios compare numbers measured in this run.",
  ].join("\n");
}

export function renderLoads(cells: readonly Cell[]): string {
  const rows = cells.map((cell) => {
    const summary = summarise(cell);
    // Each server against the scenario's reference: Prism, or the in-memory sandbox for the durable comparison.
    const base = cell.scenario.kind === "durable" ? "sandbox" : "prism";
    const ratio = cell.server === base ? 1 : ratioOf(cells, cell.scenario.id, cell.server, base);
    return [
      cell.scenario.title,
      SERVER_NAMES[cell.server],
      integer(summary.requestsPerSecond),
      ms(summary.p50Ms),
      ms(summary.p99Ms),
      Number.isNaN(ratio) ? "—" : `${ratio.toFixed(2)}×`,
      percent(summary.serverCpuPercent),
      summary.serverCpuMicrosPerRequest === undefined ? "—" : integer(summary.serverCpuMicrosPerRequest),
      percent(summary.generatorCpuPercent),
      cell.rounds.map((round) => integer(round.requestsPerSecond)).join(", ") || "—",
    ];
  });
  const failures = cells
    .filter((cell) => cell.failure !== undefined)
    .map(
      (cell) => `\n${cell.scenario.title} on ${SERVER_NAMES[cell.server]} FAILED:\n\n\`\`\`\n${cell.failure}\n\`\`\``,
    );
  return [
    "## Requests per second and latency (loopback)",
    "",
    table(
      [
        "request",
        "server",
        "req/s (median)",
        "p50 ms",
        "p99 ms",
        "req/s ratio (vs Prism; --data vs in memory)",
        "server CPU",
        "server CPU µs/req",
        "load generator CPU",
        "req/s per round",
      ],
      rows,
    ),
    "",
    "CPU: the process's user + system time over wall time, in % of one core; µs/req: the server's CPU time per completed" +
      " request (medians of the rounds). A server below 100 % while the load generator is below 100 % too was waiting for" +
      " the shared cores; µs/req is the figure other processes disturb least.",
    ...failures,
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
