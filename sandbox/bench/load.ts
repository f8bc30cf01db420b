/**
 * One timed load of one scenario against one server with autocannon's programmatic API (keep-alive connections,
 * no pipelining), plus how busy the server's process and the load generator were meanwhile: with 2 cores, a
 * server near 100 % of one core is the bottleneck, a load generator near 100 % means the numbers are its limit.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { headersOf, type Fixture, type Scenario } from "./scenarios.js";

export interface LoadOptions {
  readonly durationS: number;
  readonly connections: number;
}

export interface LoadResult {
  /** Completed requests per second over the whole load. */
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly completed: number;
  /** Responses of another status than the scenario's, connection errors and timeouts: a broken load. */
  readonly wrongStatus: number;
  readonly errors: number;
  readonly statusCodes: Readonly<Record<string, number>>;
  /** CPU time of the server's process over wall time, in % of one core; undefined where /proc is missing. */
  readonly serverCpuPercent: number | undefined;
  /** The server's CPU time per completed request in µs: less sensitive than req/s to other processes on the cores. */
  readonly serverCpuMicrosPerRequest: number | undefined;
  readonly generatorCpuPercent: number;
}

// Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every common architecture.
const TICKS_PER_SECOND = 100;

/** User + system CPU seconds of a process so far, from /proc/<pid>/stat; undefined when it cannot be read. */
function cpuSecondsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export async function runLoad(
  baseUrl: string,
  serverPid: number,
  scenario: Scenario,
  fixture: Fixture,
  token: string,
  options: LoadOptions,
): Promise<LoadResult> {
  const serverCpuBefore = cpuSecondsOf(serverPid);
  const generatorCpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url: `${baseUrl}${scenario.path(fixture)}`,
    method: scenario.method,
    headers: headersOf(scenario, token),
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
    connections: options.connections,
    pipelining: 1,
    duration: options.durationS,
    timeout: 10,
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const serverCpuAfter = cpuSecondsOf(serverPid);
  const generatorCpu = process.cpuUsage(generatorCpuBefore);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([status, stats]) => [status, stats.count]),
  );
  const rightStatus = statusCodes[String(scenario.status)] ?? 0;
  const answered = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  const serverCpuSeconds =
    serverCpuBefore === undefined || serverCpuAfter === undefined ? undefined : serverCpuAfter - serverCpuBefore;
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    completed: result.requests.total,
    wrongStatus: answered - rightStatus,
    errors: result.errors, // autocannon counts a timeout as an error too
    statusCodes,
    serverCpuPercent: serverCpuSeconds === undefined ? undefined : (serverCpuSeconds / wallSeconds) * 100,
    serverCpuMicrosPerRequest:
      serverCpuSeconds === undefined || result.requests.total === 0
        ? undefined
        : (serverCpuSeconds / result.requests.total) * 1e6,
    generatorCpuPercent: ((generatorCpu.user + generatorCpu.system) / 1e6 / wallSeconds) * 100,
  };
}
