/**
 * Correctness in the same run: how each contender classifies every input, and where it disagrees with ours.
 * Nothing here is ground truth; a disagreement is a pointer to look at, with ours' issue codes beside it.
 */
import type { Contender } from "./contenders.js";
import type { InputKind } from "./inputs.js";

export interface Verdicts {
  readonly name: string;
  readonly accepted: readonly boolean[];
  readonly acceptedCount: number;
  /** Inputs the contender threw on (counted as rejections). */
  readonly threw: number;
}

export function classify(contender: Contender, inputs: readonly string[]): Verdicts {
  let threw = 0;
  const accepted = inputs.map((input) => {
    try {
      return contender.check(input) === true;
    } catch {
      threw++;
      return false;
    }
  });
  return { name: contender.name, accepted, acceptedCount: accepted.filter(Boolean).length, threw };
}

/** A contender that throws on some inputs is timed through this, so that the timing loop survives them. */
export function guarded(contender: Contender): Contender {
  const { check } = contender;
  return {
    name: contender.name,
    check: (input) => {
      try {
        return check(input);
      } catch {
        return false;
      }
    },
  };
}

export interface Disagreement {
  /** Distinct inputs the peer accepts and ours rejects, in input order. */
  readonly peerOnly: readonly string[];
  /** Distinct inputs ours accepts and the peer rejects. */
  readonly oursOnly: readonly string[];
  /** Inputs (with repetitions, as timed) classified differently. */
  readonly count: number;
  readonly peerOnlyCount: number;
  readonly oursOnlyCount: number;
}

export function compare(ours: Verdicts, peer: Verdicts, inputs: readonly string[]): Disagreement {
  const peerOnly = new Set<string>();
  const oursOnly = new Set<string>();
  let peerOnlyCount = 0;
  let oursOnlyCount = 0;
  inputs.forEach((input, i) => {
    if (peer.accepted[i] === ours.accepted[i]) return;
    if (peer.accepted[i]) {
      peerOnly.add(input);
      peerOnlyCount++;
    } else {
      oursOnly.add(input);
      oursOnlyCount++;
    }
  });
  return {
    peerOnly: [...peerOnly],
    oursOnly: [...oursOnly],
    count: peerOnlyCount + oursOnlyCount,
    peerOnlyCount,
    oursOnlyCount,
  };
}

export type AcceptanceByKind = Readonly<Record<InputKind, { readonly accepted: number; readonly total: number }>>;

export function acceptanceByKind(verdicts: Verdicts, kinds: readonly InputKind[]): AcceptanceByKind {
  const result = {
    example: { accepted: 0, total: 0 },
    mutation: { accepted: 0, total: 0 },
    checkFixed: { accepted: 0, total: 0 },
  };
  kinds.forEach((kind, i) => {
    result[kind].total++;
    if (verdicts.accepted[i]) result[kind].accepted++;
  });
  return result;
}
