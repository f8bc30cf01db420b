/** The targets, evaluated on one run's cells. Information, not a gate: a miss does not fail the run. */
import { findCell, ratioOf, ratioToPrism, summarise, type Cell } from "./results.js";

export interface TargetResult {
  readonly name: string;
  readonly measured: string;
  readonly goal: string;
  /** undefined: reported only, or not measurable in this run (a part broke). */
  readonly met: boolean | undefined;
}

export const LIST_RATIO_GOAL = 10;
export const COMMANDS_PER_SECOND_GOAL = 2000;
/** Issue 13: creates with `--data` (8 clients) at least half the in-memory figure, and at least 1,000/s. */
export const DURABLE_RATIO_GOAL = 0.5;
export const DURABLE_PER_SECOND_GOAL = 1000;

const integer = (value: number): string => Math.round(value).toLocaleString("en-US");

export function evaluateTargets(cells: readonly Cell[]): TargetResult[] {
  const targets: TargetResult[] = [];
  const scenarios = [...new Map(cells.map((cell) => [cell.scenario.id, cell.scenario])).values()];
  for (const scenario of scenarios) {
    if (scenario.kind === "durable") {
      targets.push(...durableTargets(cells, scenario.id, scenario.title));
      continue;
    }
    const ours = findCell(cells, scenario.id, "sandbox");
    const usable = ours !== undefined && ours.failure === undefined && ours.rounds.length > 0;
    if (scenario.kind === "list") {
      const ratio = ratioToPrism(cells, scenario.id);
      targets.push({
        name: `${scenario.title} req/s, sandbox / Prism`,
        measured: Number.isNaN(ratio) ? "not measured" : `${ratio.toFixed(1)}×`,
        goal: `≥ ${LIST_RATIO_GOAL}×`,
        met: Number.isNaN(ratio) ? undefined : ratio >= LIST_RATIO_GOAL,
      });
    } else {
      const rate = usable ? summarise(ours).requestsPerSecond : Number.NaN;
      targets.push({
        name: `${scenario.title} req/s, sandbox (request validation on)`,
        measured: Number.isNaN(rate) ? "not measured" : `${integer(rate)}/s`,
        goal: `≥ ${integer(COMMANDS_PER_SECOND_GOAL)}/s`,
        met: Number.isNaN(rate) ? undefined : rate >= COMMANDS_PER_SECOND_GOAL,
      });
    }
    if (usable) {
      const summary = summarise(ours);
      targets.push({
        name: `${scenario.title} p99 latency, sandbox`,
        measured: `${summary.p99Ms.toFixed(0)} ms`,
        goal: "reported",
        met: undefined,
      });
      const micros = summary.serverCpuMicrosPerRequest;
      const peer = findCell(cells, scenario.id, "prism");
      const peerMicros =
        peer === undefined || peer.failure !== undefined ? undefined : summarise(peer).serverCpuMicrosPerRequest;
      if (scenario.kind === "list" && micros !== undefined && peerMicros !== undefined) {
        targets.push({
          name: `${scenario.title} server CPU per request, Prism / sandbox (the req/s ratio when neither waits for a core)`,
          measured: `${(peerMicros / micros).toFixed(1)}× (${peerMicros.toFixed(0)} / ${micros.toFixed(0)} µs)`,
          goal: "reported",
          met: undefined,
        });
      }
      if (scenario.kind === "command" && micros !== undefined) {
        targets.push({
          name: `${scenario.title} sandbox CPU per request (req/s one free core would allow)`,
          measured: `${micros.toFixed(0)} µs (≈ ${integer(1e6 / micros)}/s)`,
          goal: "reported",
          met: undefined,
        });
      }
    }
  }
  return targets;
}

/** The durable store's cost: creates per second with `--data`, absolute and against the in-memory sandbox. */
function durableTargets(cells: readonly Cell[], scenarioId: string, title: string): TargetResult[] {
  const durable = findCell(cells, scenarioId, "sandbox-data");
  const usable = durable !== undefined && durable.failure === undefined && durable.rounds.length > 0;
  const rate = usable ? summarise(durable).requestsPerSecond : Number.NaN;
  const ratio = ratioOf(cells, scenarioId, "sandbox-data", "sandbox");
  return [
    {
      name: `${title} req/s, sandbox --data`,
      measured: Number.isNaN(rate) ? "not measured" : `${integer(rate)}/s`,
      goal: `≥ ${integer(DURABLE_PER_SECOND_GOAL)}/s`,
      met: Number.isNaN(rate) ? undefined : rate >= DURABLE_PER_SECOND_GOAL,
    },
    {
      name: `${title} req/s, sandbox --data / in memory`,
      measured: Number.isNaN(ratio) ? "not measured" : `${(ratio * 100).toFixed(0)} %`,
      goal: `≥ ${DURABLE_RATIO_GOAL * 100} %`,
      met: Number.isNaN(ratio) ? undefined : ratio >= DURABLE_RATIO_GOAL,
    },
    ...(usable && durable.rounds.some((round) => round.serverCpuMicrosPerRequest !== undefined)
      ? [
          {
            name: `${title} sandbox --data CPU per request`,
            measured: `${(summarise(durable).serverCpuMicrosPerRequest ?? Number.NaN).toFixed(0)} µs`,
            goal: "reported",
            met: undefined,
          },
        ]
      : []),
  ];
}
