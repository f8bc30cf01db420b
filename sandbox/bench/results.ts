/** What one run measured: per scenario and server, the rounds' loads (or why the pair could not be measured). */
import type { LoadResult } from "./load.js";
import type { Scenario } from "./scenarios.js";
import type { ServerId } from "./servers-measured.js";
import { median } from "./stats.js";

export interface Cell {
  readonly scenario: Scenario;
  readonly server: ServerId;
  readonly rounds: LoadResult[];
  /** Set when the pair broke: the server did not start, the smoke test failed, or a load got wrong answers. */
  failure: string | undefined;
}

export interface CellSummary {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly serverCpuPercent: number | undefined;
  readonly serverCpuMicrosPerRequest: number | undefined;
  readonly generatorCpuPercent: number;
}

/** Medians over the rounds, each figure on its own; NaN when no round ran. */
export function summarise(cell: Cell): CellSummary {
  const known = (values: readonly (number | undefined)[]): number | undefined => {
    const defined = values.filter((value): value is number => value !== undefined);
    return defined.length === 0 ? undefined : median(defined);
  };
  return {
    requestsPerSecond: median(cell.rounds.map((round) => round.requestsPerSecond)),
    p50Ms: median(cell.rounds.map((round) => round.p50Ms)),
    p99Ms: median(cell.rounds.map((round) => round.p99Ms)),
    serverCpuPercent: known(cell.rounds.map((round) => round.serverCpuPercent)),
    serverCpuMicrosPerRequest: known(cell.rounds.map((round) => round.serverCpuMicrosPerRequest)),
    generatorCpuPercent: median(cell.rounds.map((round) => round.generatorCpuPercent)),
  };
}

export function findCell(cells: readonly Cell[], scenarioId: string, server: ServerId): Cell | undefined {
  return cells.find((cell) => cell.scenario.id === scenarioId && cell.server === server);
}

/** `server`'s req/s over `base`'s of the same scenario in this run; NaN when either is missing or broken. */
export function ratioOf(cells: readonly Cell[], scenarioId: string, server: ServerId, base: ServerId): number {
  const ours = findCell(cells, scenarioId, server);
  const peer = findCell(cells, scenarioId, base);
  if (ours === undefined || peer === undefined || ours.failure !== undefined || peer.failure !== undefined)
    return Number.NaN;
  if (ours.rounds.length === 0 || peer.rounds.length === 0) return Number.NaN;
  return summarise(ours).requestsPerSecond / summarise(peer).requestsPerSecond;
}

/** Sandbox req/s over Prism req/s of the same scenario in this run; NaN when either is missing or broken. */
export const ratioToPrism = (cells: readonly Cell[], scenarioId: string): number =>
  ratioOf(cells, scenarioId, "sandbox", "prism");
