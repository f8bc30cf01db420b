/** The targets, evaluated on one run's cells. Information, not a gate: a miss does not fail the run. */
import { findCell, ratioToPrism, summarise, type Cell } from "./results.js";

export interface TargetResult {
  readonly name: string;
  readonly measured: string;
  readonly goal: string;
  /** undefined: reported only, or not measurable in this run (a part broke). */
  readonly met: boolean | undefined;
}

export const LIST_RATIO_GOAL = 10;
export const COMMANDS_PER_SECOND_GOAL = 2000;

const integer = (value: number): string => Math.round(value).toLocaleString("en-US");

export function evaluateTargets(cells: readonly Cell[]): TargetResult[] {
  const targets: TargetResult[] = [];
  const scenarios = [...new Map(cells.map((cell) => [cell.scenario.id, cell.scenario])).values()];
  for (const scenario of scenarios) {
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
      targets.push({ name: `${scenario.title} p99 latency, sandbox`, measured: `${summary.p99Ms.toFixed(0)} ms`, goal: "reported", met: undefined });
      const micros = summary.serverCpuMicrosPerRequest;
      const peer = findCell(cells, scenario.id, "prism");
      const peerMicros = peer === undefined || peer.failure !== undefined ? undefined : summarise(peer).serverCpuMicrosPerRequest;
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
