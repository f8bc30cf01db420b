/**
 * The results of one run, as the report and the targets read them, and the statistics derived from them.
 */
import type { GroupContenders } from "./contenders.js";
import type { AcceptanceByKind, Disagreement, Verdicts } from "./correctness.js";
import type { GroupId, InputSet } from "./inputs.js";
import { median, type Measurement } from "./measure.js";

export interface ContenderResult {
  readonly name: string;
  readonly measurement: Measurement;
  readonly verdicts: Verdicts;
  /** Timed through a try/catch because it threw on some inputs. */
  readonly guarded: boolean;
}

export interface PeerResult extends ContenderResult {
  readonly disagreement: Disagreement;
}

export interface GroupResult {
  readonly id: GroupId;
  readonly contenders: GroupContenders;
  readonly inputs: InputSet;
  readonly ours: ContenderResult;
  /** The group's `alsoOurs` contenders, e.g. `isValidBic`. */
  readonly alsoOurs: readonly ContenderResult[];
  readonly peers: readonly PeerResult[];
  readonly oursByKind: AcceptanceByKind;
}

/**
 * How many times faster `a` is than `b`: the median over rounds of the ratio within each round, which
 * cancels drift that affects a whole round (another process waking up, frequency scaling).
 */
export function pairedRatio(a: Measurement, b: Measurement): number {
  return median(a.perRound.map((rate, round) => rate / (b.perRound[round] ?? Number.NaN)));
}

/** (max − min) / median over the rounds: how much a contender's rate moved during the run. */
export function spread(measurement: Measurement): number {
  return (Math.max(...measurement.perRound) - Math.min(...measurement.perRound)) / measurement.median;
}

export function fastestPeer(group: GroupResult): PeerResult | undefined {
  return group.peers.reduce<PeerResult | undefined>(
    (fastest, peer) => (fastest === undefined || peer.measurement.median > fastest.measurement.median ? peer : fastest),
    undefined,
  );
}

export function peerNamed(group: GroupResult | undefined, prefix: string): PeerResult | undefined {
  return group?.peers.find((peer) => peer.name.startsWith(prefix));
}

export function oursNamed(group: GroupResult | undefined, name: string): ContenderResult | undefined {
  return group === undefined ? undefined : [group.ours, ...group.alsoOurs].find((result) => result.name === name);
}
