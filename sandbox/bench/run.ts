/**
 * `make bench` (as `npm run bench` of @account-funds/sandbox): requests per second and p99 latency of the sandbox
 * on loopback for two collection GETs and one command (request validation is always on), against Prism mocking
 * the same spec, measured in the same run. Each server runs in a child process; autocannon drives the load from
 * this process. Markdown on stdout, progress on stderr. A missed target does not fail the run; a part that
 * breaks does (exit 1, after the report has printed).
 *
 * Needs the built packages (`make build`). Tuning (environment): BENCH_DURATION_S per round (5), BENCH_ROUNDS (5),
 * BENCH_CONNECTIONS (10), BENCH_WARMUP_S (3), BENCH_SCENARIOS (e.g. "accounts,create-alert"; default all of
 * accounts, balances, create-alert), BENCH_SANDBOX_NODE_OPTIONS (extra node flags of the sandbox's process, e.g.
 * "--cpu-prof --cpu-prof-dir=/tmp/sandbox-prof" to profile it under the load; summarise the profile with
 * `npx tsx sandbox/bench/profile-summary.ts <file>`), BENCH_SANDBOX_CLI (another build's cli.js, e.g. a candidate
 * optimisation; default sandbox/dist/cli.js).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runLoad, type LoadOptions } from "./load.js";
import { renderFailure, renderHeader, renderLoads, renderTargets } from "./report.js";
import type { Cell } from "./results.js";
import { SERVER_NAMES, type ServerId } from "./servers-measured.js";
import { discoverFixture, fetchToken, resetSandbox, smokeTest } from "./requests.js";
import { SCENARIOS, SCENARIO_IDS, serversOf, type Fixture, type Scenario, type ScenarioId } from "./scenarios.js";
import {
  AUTOCANNON_VERSION,
  PRISM_VERSION,
  startPrismProcess,
  startSandboxProcess,
  type RunningServer,
} from "./servers.js";
import { evaluateTargets } from "./targets.js";

function numberFromEnv(name: string, fallback: number, integer = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be a positive ${integer ? "integer" : "number"}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

function scenariosFromEnv(): readonly Scenario[] {
  const raw = process.env["BENCH_SCENARIOS"];
  if (raw === undefined || raw === "") return SCENARIOS;
  const wanted = raw.split(",").map((id) => id.trim());
  const unknown = wanted.filter((id) => !(SCENARIO_IDS as readonly string[]).includes(id));
  if (unknown.length > 0)
    throw new Error(`BENCH_SCENARIOS: unknown ${unknown.join(", ")}; known: ${SCENARIO_IDS.join(", ")}`);
  return SCENARIOS.filter((scenario) => wanted.includes(scenario.id as ScenarioId));
}

const nodeOptionsFromEnv = (): string[] =>
  (process.env["BENCH_SANDBOX_NODE_OPTIONS"] ?? "").split(/\s+/).filter((flag) => flag !== "");

const progress = (message: string): void => void process.stderr.write(`[bench] ${message}\n`);
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
// Any bearer token satisfies Prism's security check; it is only used to probe whether Prism answers yet.
const PROBE_HEADERS = { authorization: "Bearer probe", accept: "application/json" };

async function main(): Promise<void> {
  const load: LoadOptions = {
    durationS: numberFromEnv("BENCH_DURATION_S", 5),
    connections: numberFromEnv("BENCH_CONNECTIONS", 10, true),
  };
  const rounds = numberFromEnv("BENCH_ROUNDS", 5, true);
  const warmupS = numberFromEnv("BENCH_WARMUP_S", 3);
  const scenarios = scenariosFromEnv();
  const started = performance.now();
  const cpu = cpus();
  const sections = [
    renderHeader({
      node: process.version,
      cpu: cpu[0]?.model.trim() ?? "unknown CPU",
      cores: cpu.length,
      rounds,
      durationS: load.durationS,
      warmupS,
      connections: load.connections,
      autocannon: AUTOCANNON_VERSION,
      prism: PRISM_VERSION,
    }),
  ];
  let failed = false;

  const candidateCli = process.env["BENCH_SANDBOX_CLI"];
  const cli = candidateCli === undefined || candidateCli === "" ? undefined : resolve(candidateCli);
  const dataDirectory = mkdtempSync(join(tmpdir(), "sandbox-bench-"));
  progress("starting the sandbox (in memory and with --data) and Prism (child processes)");
  const [sandboxStart, durableStart, prismStart] = await Promise.allSettled([
    startSandboxProcess(nodeOptionsFromEnv(), cli),
    startSandboxProcess(
      nodeOptionsFromEnv(),
      cli,
      ["--data", join(dataDirectory, "bench.db")],
      SERVER_NAMES["sandbox-data"],
    ),
    startPrismProcess("/api/v1/Accounts", PROBE_HEADERS),
  ]);
  const servers = new Map<ServerId, RunningServer>();
  const startFailures = new Map<ServerId, string>();
  for (const [id, start] of [
    ["sandbox", sandboxStart],
    ["sandbox-data", durableStart],
    ["prism", prismStart],
  ] as const) {
    if (start.status === "fulfilled") {
      servers.set(id, start.value);
      progress(`${start.value.name} listens at ${start.value.url} (pid ${start.value.pid})`);
    } else {
      failed = true;
      startFailures.set(id, `did not start: ${messageOf(start.reason)}`);
      progress(`${id} did not start: ${messageOf(start.reason)}`);
    }
  }

  const sandbox = servers.get("sandbox");
  // The sandbox hands out the token (Prism accepts any) and knows the seeded account id the paths use.
  let fixture: Fixture = { accountId: 1 };
  if (sandbox !== undefined) {
    try {
      fixture = await discoverFixture(sandbox.url, await fetchToken(sandbox.url));
    } catch (error) {
      failed = true;
      startFailures.set("sandbox", `no token or fixture: ${messageOf(error)}`);
      servers.delete("sandbox");
    }
  }
  // Each sandbox hands out its own tokens (their signing keys differ); Prism accepts any.
  const tokenFor = async (server: ServerId): Promise<string> => {
    const running = servers.get(server);
    return server === "prism" || running === undefined ? "bench" : fetchToken(running.url);
  };

  const cells: Cell[] = scenarios.flatMap((scenario) =>
    serversOf(scenario).map((server): Cell => ({ scenario, server, rounds: [], failure: startFailures.get(server) })),
  );
  const runOne = async (cell: Cell, durationS: number): ReturnType<typeof runLoad> => {
    const server = servers.get(cell.server)!;
    if (cell.server !== "prism") await resetSandbox(server.url);
    const connections = cell.scenario.connections ?? load.connections;
    return runLoad(server.url, server.pid, cell.scenario, fixture, await tokenFor(cell.server), {
      ...load,
      connections,
      durationS,
    });
  };

  for (const cell of cells) {
    if (cell.failure !== undefined) continue;
    const server = servers.get(cell.server)!;
    try {
      progress(`${cell.scenario.id} on ${server.name}: smoke test and ${warmupS} s warm-up`);
      await smokeTest(server.url, cell.scenario, fixture, await tokenFor(cell.server));
      await runOne(cell, warmupS);
    } catch (error) {
      cell.failure = messageOf(error);
    }
  }

  for (let round = 0; round < rounds; round += 1) {
    for (const scenario of scenarios) {
      // Alternate which server goes first, so a slow patch of the shared cores does not always hit the same one.
      const order = round % 2 === 0 ? serversOf(scenario) : [...serversOf(scenario)].reverse();
      for (const server of order) {
        const cell = cells.find((candidate) => candidate.scenario === scenario && candidate.server === server)!;
        if (cell.failure !== undefined) continue;
        try {
          const result = await runOne(cell, load.durationS);
          cell.rounds.push(result);
          progress(
            `round ${round + 1}/${rounds} ${scenario.id} on ${server}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms` +
              (result.serverCpuPercent === undefined ? "" : `, server CPU ${result.serverCpuPercent.toFixed(0)} %`) +
              (result.serverCpuMicrosPerRequest === undefined
                ? ""
                : ` (${result.serverCpuMicrosPerRequest.toFixed(0)} µs/req)`),
          );
          if (result.wrongStatus > 0 || result.errors > 0) {
            cell.failure = `round ${round + 1}: ${result.wrongStatus} responses of another status than ${scenario.status} (${JSON.stringify(result.statusCodes)}), ${result.errors} connection errors or timeouts`;
          }
        } catch (error) {
          cell.failure = `round ${round + 1}: ${messageOf(error)}`;
        }
      }
    }
  }

  progress("stopping the servers");
  await Promise.all([...servers.values()].map((server) => server.stop()));
  rmSync(dataDirectory, { recursive: true, force: true });

  if (cells.some((cell) => cell.failure !== undefined)) failed = true;
  if (cells.length === 0) sections.push(renderFailure("Loads", new Error("no scenario selected")));
  else sections.push(renderLoads(cells), renderTargets(evaluateTargets(cells)));
  process.stdout.write(`${sections.join("\n\n")}\n`);
  progress(`finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
