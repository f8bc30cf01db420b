/**
 * The targets, evaluated on this run's measurements. A MISS is information for the lead, not a
 * failure of the command: benchmarks on shared machines are not gates.
 */
import type { GroupId } from "./inputs.js";
import { fastestPeer, oursNamed, pairedRatio, peerNamed, type GroupResult } from "./results.js";
import type { RegexCorpusResult } from "./regex-corpus.js";
import type { SizeResult } from "./size.js";

export type TargetVerdict = "PASS" | "MISS";

export interface TargetRow {
  readonly target: string;
  readonly measured: string;
  readonly verdict: TargetVerdict;
}

export interface TargetSizes {
  readonly oursIban: SizeResult;
  readonly ibantoolsIban: SizeResult;
  readonly formWithoutRules: SizeResult;
  readonly formWithoutEngine: SizeResult;
}

const times = (ratio: number): string => `${ratio.toFixed(2)}×`;

function speedTarget(
  target: string,
  group: GroupResult | undefined,
  minimum: number,
  peerPrefix: string | undefined,
  oursName?: string,
): TargetRow {
  const peer =
    group === undefined ? undefined : peerPrefix === undefined ? fastestPeer(group) : peerNamed(group, peerPrefix);
  const ours = oursName === undefined ? group?.ours : oursNamed(group, oursName);
  if (group === undefined || peer === undefined || ours === undefined) {
    return { target, measured: "not measured (group or contender missing)", verdict: "MISS" };
  }
  const ratio = pairedRatio(ours.measurement, peer.measurement);
  return { target, measured: `${times(ratio)} ${peer.name}`, verdict: ratio >= minimum ? "PASS" : "MISS" };
}

/**
 * "BIC … while rejecting what it wrongly accepts": `bic` is a bare shape regex, so every correct BIC
 * passes it; ours must therefore accept nothing `bic` rejects, accept every real example, and reject
 * at least some of what `bic` accepts (unknown countries, reserved location codes, …).
 */
function bicStrictnessTarget(group: GroupResult | undefined): TargetRow {
  const target = "BIC rejects what `bic` wrongly accepts";
  const peer = peerNamed(group, "bic.");
  if (group === undefined || peer === undefined) return { target, measured: "not measured", verdict: "MISS" };
  const { peerOnlyCount, oursOnlyCount } = peer.disagreement;
  const examples = group.oursByKind.example;
  const measured =
    `rejects ${peerOnlyCount} inputs \`bic\` accepts; accepts ${oursOnlyCount} it rejects; ` +
    `accepts ${examples.accepted}/${examples.total} real examples`;
  const pass = peerOnlyCount > 0 && oursOnlyCount === 0 && examples.accepted === examples.total;
  return { target, measured, verdict: pass ? "PASS" : "MISS" };
}

function sizeTarget(sizes: TargetSizes): TargetRow {
  const ours = sizes.oursIban.gzipped;
  const theirs = sizes.ibantoolsIban.gzipped;
  return {
    target: "IBAN-only import ≤ ibantools' own (min+gzip)",
    measured: `${ours.toLocaleString("en-US")} B vs ${theirs.toLocaleString("en-US")} B`,
    verdict: ours <= theirs ? "PASS" : "MISS",
  };
}

/** The RegEx engine must not grow a form that does not use AdditionalInformation rules: same bytes up front. */
function formSizeTarget(sizes: TargetSizes): TargetRow {
  const withEngine = sizes.formWithoutRules.gzipped;
  const withoutEngine = sizes.formWithoutEngine.gzipped;
  return {
    target: "form without AdditionalInformation rules: the RegEx engine adds nothing up front (min+gzip)",
    measured: `${withEngine.toLocaleString("en-US")} B with re2js, ${withoutEngine.toLocaleString("en-US")} B without`,
    verdict: withEngine <= withoutEngine ? "PASS" : "MISS",
  };
}

function regexTarget(regex: RegexCorpusResult): TargetRow {
  return {
    target: "any RegEx rule, any value up to the maximum length: < 10 ms per validation",
    measured: `worst ${regex.worstMs.toFixed(2)} ms (${regex.worstPattern})`,
    verdict: regex.worstMs < 10 ? "PASS" : "MISS",
  };
}

export function evaluateTargets(
  groups: ReadonlyMap<GroupId, GroupResult>,
  sizes: TargetSizes | undefined,
  regex?: RegexCorpusResult,
): TargetRow[] {
  const rows = [
    speedTarget("IBAN ≥ 3× the fastest peer", groups.get("IBAN"), 3, undefined),
    speedTarget("ABA ≥ 1.5× the fastest peer", groups.get("ABA"), 1.5, undefined),
    speedTarget("BIC: `validateBic` ≥ 1× the `bic` regex", groups.get("BIC"), 1, "bic."),
    speedTarget("BIC: `isValidBic` ≥ 1× the `bic` regex", groups.get("BIC"), 1, "bic.", "ours isValidBic"),
    bicStrictnessTarget(groups.get("BIC")),
    speedTarget("CLABE ≥ 20× stdnum", groups.get("CLABE"), 20, "stdnum"),
    speedTarget("NZ ≥ 20× stdnum", groups.get("NZ"), 20, "stdnum"),
  ];
  if (sizes !== undefined) rows.push(sizeTarget(sizes), formSizeTarget(sizes));
  if (regex !== undefined) rows.push(regexTarget(regex));
  return rows;
}
