/**
 * The printed report: Markdown that reads well in a terminal (padded columns) and pastes into an issue.
 */
import type { AcceptanceByKind } from "./correctness.js";
import { fastestPeer, pairedRatio, spread, type GroupResult } from "./results.js";
import type { RegexCorpusResult } from "./regex-corpus.js";
import type { SizeResult } from "./size.js";
import type { TargetRow } from "./targets.js";

type Align = "left" | "right";

export function table(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly Align[] = [],
): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const cell = (text: string, column: number): string =>
    align[column] === "right" ? text.padStart(widths[column]!) : text.padEnd(widths[column]!);
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((text, column) => cell(text, column)).join(" | ")} |`;
  const rule = `| ${widths.map((width, column) => (align[column] === "right" ? `${"-".repeat(width - 1)}:` : "-".repeat(width))).join(" | ")} |`;
  return [line(headers), rule, ...rows.map(line)].join("\n");
}

const integer = (n: number): string => Math.round(n).toLocaleString("en-US");

export function rate(perSecond: number): string {
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(2)} M/s`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)} k/s`;
  return `${perSecond.toFixed(0)} /s`;
}

const percent = (fraction: number): string => `${(fraction * 100).toFixed(0)} %`;
const code = (text: string): string => `\`${text}\``;
const inputs = (count: number): string => `${count} ${count === 1 ? "input" : "inputs"}`;

export interface RunInfo {
  readonly node: string;
  readonly cpu: string;
  readonly cores: number;
  readonly rounds: number;
  readonly timeMs: number;
  readonly inputs: number;
  readonly seed: number;
}

export function renderHeader(info: RunInfo): string {
  return [
    "# @account-funds/validators benchmark",
    "",
    `Node ${info.node} on ${info.cpu} (${info.cores} cores). ${info.inputs.toLocaleString("en-US")} inputs per group ` +
      `(seed ${info.seed}); every contender is timed over the whole set, ${info.rounds} rounds × ${info.timeMs} ms ` +
      "each, contenders back to back within a round in rotating order.",
    'Validations/s is the median over rounds; "ours ÷ this" is the median of the per-round ratios; spread is ' +
      '(max − min) / median over rounds. "Disagrees" counts inputs classified differently from ours, split into ' +
      "accepted by this contender only / by ours only.",
  ].join("\n");
}

function describeInputs(group: GroupResult): string {
  const byKind = group.oursByKind;
  const parts = [
    `${byKind.example.total} real examples (${group.inputs.distinctExamples} distinct)`,
    `${byKind.mutation.total} single-character mutations`,
  ];
  if (byKind.checkFixed.total > 0) parts.push(`${byKind.checkFixed.total} mutations with check digits fixed`);
  return `${group.inputs.inputs.length.toLocaleString("en-US")} inputs: ${parts.join(", ")}.`;
}

function describeOurs(byKind: AcceptanceByKind): string {
  const parts = [
    `${byKind.example.accepted}/${byKind.example.total} real examples`,
    `${byKind.mutation.accepted}/${byKind.mutation.total} single-character mutations`,
  ];
  if (byKind.checkFixed.total > 0)
    parts.push(`${byKind.checkFixed.accepted}/${byKind.checkFixed.total} check-digit-fixed mutations`);
  const warning =
    byKind.example.accepted < byKind.example.total ? " **WARNING: ours rejects real examples (see below).**" : "";
  return `Ours accepts ${parts.join(", ")}.${warning}`;
}

/** Up to `limit` inputs with ours' verdict, one per distinct verdict first, so the examples show the reasons. */
function samples(inputs: readonly string[], explain: (input: string) => string, limit = 3): string {
  const explained = inputs.map((input) => ({ input, reason: explain(input) }));
  const firstPerReason: typeof explained = [];
  const others: typeof explained = [];
  const seen = new Set<string>();
  for (const entry of explained) {
    if (seen.has(entry.reason)) {
      others.push(entry);
    } else {
      seen.add(entry.reason);
      firstPerReason.push(entry);
    }
  }
  const chosen = [...firstPerReason, ...others].slice(0, limit);
  return chosen.map(({ input, reason }) => `${code(input)} (ours: ${reason})`).join(", ");
}

export function renderGroup(group: GroupResult): string {
  const fastest = fastestPeer(group);
  const oursRatio =
    fastest === undefined
      ? "no peer"
      : `${pairedRatio(group.ours.measurement, fastest.measurement).toFixed(2)}× fastest peer`;
  const footnote = (guarded: boolean, threw: number): string => (guarded ? ` (threw on ${threw})` : "");

  const rows = [
    [
      `**${group.ours.name}**`,
      rate(group.ours.measurement.median),
      percent(spread(group.ours.measurement)),
      oursRatio,
      integer(group.ours.verdicts.acceptedCount),
      "—",
    ],
    ...group.alsoOurs.map((also) => [
      `**${also.name}**`,
      rate(also.measurement.median),
      percent(spread(also.measurement)),
      fastest === undefined
        ? "no peer"
        : `${pairedRatio(also.measurement, fastest.measurement).toFixed(2)}× fastest peer`,
      integer(also.verdicts.acceptedCount),
      String(also.verdicts.accepted.filter((accepted, i) => accepted !== group.ours.verdicts.accepted[i]).length),
    ]),
    ...group.peers.map((peer) => [
      peer.name + footnote(peer.guarded, peer.verdicts.threw),
      rate(peer.measurement.median),
      percent(spread(peer.measurement)),
      `${pairedRatio(group.ours.measurement, peer.measurement).toFixed(2)}×`,
      integer(peer.verdicts.acceptedCount),
      `${peer.disagreement.count} (${peer.disagreement.peerOnlyCount} / ${peer.disagreement.oursOnlyCount})`,
    ]),
  ];

  const lines = [
    `## ${group.contenders.title}`,
    "",
    describeInputs(group),
    "",
    table(["contender", "validations/s", "spread", "ours ÷ this", "accepts", "disagrees (it / ours)"], rows, [
      "left",
      "right",
      "right",
      "right",
      "right",
      "right",
    ]),
    "",
    describeOurs(group.oursByKind),
  ];
  if (group.contenders.absent.length > 0) lines.push(`Not compared: ${group.contenders.absent.join("; ")}.`);

  const rejectedExamples = group.inputs.inputs.filter(
    (input, i) => group.inputs.kinds[i] === "example" && !group.ours.verdicts.accepted[i],
  );
  if (rejectedExamples.length > 0) {
    lines.push(
      `- real examples ours rejects: ${samples([...new Set(rejectedExamples)], group.contenders.explainOurs, 10)}`,
    );
  }
  for (const peer of group.peers) {
    const { peerOnly, oursOnly, peerOnlyCount, oursOnlyCount } = peer.disagreement;
    if (peerOnlyCount > 0) {
      lines.push(
        `- ${code(peer.name)} accepts ${inputs(peerOnlyCount)} ours rejects, e.g. ${samples(peerOnly, group.contenders.explainOurs)}`,
      );
    }
    if (oursOnlyCount > 0) {
      lines.push(
        `- ${code(peer.name)} rejects ${inputs(oursOnlyCount)} ours accepts, e.g. ${samples(oursOnly, group.contenders.explainOurs)}`,
      );
    }
  }
  return lines.join("\n");
}

export function renderSizes(sizes: readonly SizeResult[]): string {
  const lazy = (size: SizeResult): string =>
    size.lazy.minified === 0 ? "—" : `${integer(size.lazy.minified)} B / ${integer(size.lazy.gzipped)} B`;
  return [
    "## Bundle size (esbuild: bundle, minify, tree-shake, code splitting, ESM, browser; gzip level 9)",
    "",
    '"Loaded up front" is the entry and the chunks it imports statically; "on demand" the chunks behind a dynamic ' +
      "`import()` (the RegEx engine, fetched when the first AdditionalInformation rule is checked).",
    "",
    table(
      ["import", "loaded up front: min", "min+gzip", "on demand: min / min+gzip"],
      sizes.map((size) => [size.name, `${integer(size.minified)} B`, `${integer(size.gzipped)} B`, lazy(size)]),
      ["left", "right", "right", "right"],
    ),
  ].join("\n");
}

export function renderRegexCorpus(result: RegexCorpusResult): string {
  return [
    "## RegEx rules: catastrophic patterns on the linear-time engine",
    "",
    `${result.validations} validations of validateCreateWithdrawalBeneficiary, each with one rule of the test corpus ` +
      "(nested quantifiers, overlapping alternations, optional items between quantified runs, large counted repeats) " +
      "on a value of the maximum tested length; CPU time, the median of 5 runs of each.",
    "",
    table(
      ["median validation", "worst validation", "worst pattern", "on"],
      [
        [
          `${result.medianMs.toFixed(3)} ms`,
          `${result.worstMs.toFixed(2)} ms`,
          code(result.worstPattern),
          code(`${result.worstValue.slice(0, 12)}…`),
        ],
      ],
      ["right", "right", "left", "left"],
    ),
  ].join("\n");
}

export function renderTargets(rows: readonly TargetRow[]): string {
  const missed = rows.filter((row) => row.verdict === "MISS");
  const lines = [
    "## Targets",
    "",
    table(
      ["target", "measured", "result"],
      rows.map((row) => [row.target, row.measured, row.verdict === "PASS" ? "PASS" : "**MISS**"]),
    ),
    "",
  ];
  if (missed.length === 0) {
    lines.push(`All ${rows.length} targets met.`);
  } else {
    const banner = "!".repeat(78);
    lines.push(
      banner,
      `!!! MISS: ${missed.length} of ${rows.length} targets missed:`,
      ...missed.map((row) => `!!!   - ${row.target}: ${row.measured}`),
      "!!! (Information, not a gate: the exit code stays 0. Re-run on a quiet machine before acting on it.)",
      banner,
    );
  }
  return lines.join("\n");
}
