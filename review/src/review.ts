/**
 * `make review` end to end: resolve BASE → extract its spec and client tests → generate both sides with the working
 * tree's generator, in one process → the engine over both bundled documents (src/diff/engine.ts), and in parallel
 * the API reports, the consumer check, the reference diff, the x-assumption diff → acknowledgements → one
 * ReviewResult. Steps that cannot run become notes; a missing BASE, a spec that cannot be bundled, or a revision
 * the generator cannot build a client from stops it (ReviewError, exit 2).
 */
import { access, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  acknowledgementsFile,
  consumerTestDirectory,
  repositoryRoot,
  specConfig,
  specDirectory,
  specRoot,
} from "./paths.js";
import { apiReportOf, diffApiReports, type ApiReportSide } from "./api-report.js";
import { assumptionsOf, diffAssumptions } from "./assumptions.js";
import { committedBaseClient } from "./base-client.js";
import { generateRevision, generateSides, sidesOutcome, type SideBuild, type SideInput } from "./bundle.js";
import { checkConsumerImpact, type ConsumerImpact } from "./consumer-impact.js";
import { buildDeclarations, type DeclarationsResult } from "./declarations.js";
import { isJsonObject, type JsonObject } from "@account-funds/generator/json-pointer";
import { findingId, type Finding } from "./diff/finding.js";
import { resolveBase, resolveRevision } from "./git/base.js";
import { extractPaths } from "./git/extract.js";
import { limit } from "./pool.js";
import { diffReference } from "./reference.js";
import type { ApiReportOutcome, ReferenceOutcome, ReviewError, ReviewResult } from "./result.js";
import { createLocator } from "./source-locations.js";
import { verdictOf } from "./verdict.js";

export interface ReviewOptions {
  /** A git ref; default: the merge base of HEAD with main (or origin/main). */
  readonly base?: string;
  /** A git ref to review instead of the working tree. */
  readonly revision?: string;
  /** The repository (default: the one this file is in). */
  readonly cwd?: string;
  /** The acknowledgements file (default: review/acknowledged-changes.yaml). */
  readonly acknowledgements?: string;
  /** Keep the temporary directory (generated clients, reports) and say where it is. */
  readonly keep?: boolean;
  /**
   * Take BASE's client and API reports from git when the generator is unchanged since BASE (src/base-client.ts);
   * default true. False generates BASE again.
   */
  readonly reuseCommittedBase?: boolean;
  /** Progress lines for a person waiting (stderr in the CLI). */
  readonly progress?: (line: string) => void;
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

export async function runReview(options: ReviewOptions = {}): Promise<ReviewResult | ReviewError> {
  const cwd = options.cwd ?? repositoryRoot;
  const progress = options.progress ?? (() => undefined);
  const started = Date.now();
  // Wall-clock time of each step; steps run in parallel, so they overlap.
  const timings: Record<string, number> = {};
  const timed = async <T>(step: string, task: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    try {
      return await task();
    } finally {
      timings[step] = Date.now() - started;
    }
  };

  const base = await resolveBase(cwd, options.base);
  if (!base.ok) return { error: base.message };
  const revision = options.revision === undefined ? undefined : await resolveRevision(cwd, options.revision);
  if (revision !== undefined && !revision.ok) return { error: revision.message };

  const work = await mkdtemp(join(tmpdir(), "account-funds-review-"));
  try {
    progress(
      `review: BASE ${base.base.ref} (${base.base.commit.slice(0, 12)}) → ${revision === undefined ? "the working tree" : `${revision.base.ref} (${revision.base.commit.slice(0, 12)})`}`,
    );
    const baseTree = join(work, "base-tree");
    const extracted = await extractPaths(cwd, base.base.commit, [specDirectory, consumerTestDirectory], baseTree);
    if ("error" in extracted) return { error: extracted.error };
    if (!(await exists(join(baseTree, specRoot))))
      return {
        error: `BASE ${base.base.ref} (${base.base.commit.slice(0, 12)}) has no ${specRoot}: nothing to compare with.`,
      };

    let revisionTree = cwd;
    if (revision !== undefined) {
      revisionTree = join(work, "revision-tree");
      const revisionExtracted = await extractPaths(cwd, revision.base.commit, [specDirectory], revisionTree);
      if ("error" in revisionExtracted) return { error: revisionExtracted.error };
      if (!(await exists(join(revisionTree, specRoot)))) return { error: `${revision.base.ref} has no ${specRoot}.` };
    }

    const sideInput = async (name: SideInput["name"], tree: string): Promise<SideInput> => ({
      name,
      specRoot: join(tree, specRoot),
      ...((await exists(join(tree, specConfig))) ? { configPath: join(tree, specConfig) } : {}),
    });
    const run = limit();
    const committed =
      options.reuseCommittedBase === false ? undefined : await committedBaseClient(cwd, base.base.commit, baseTree);
    progress(
      committed === undefined
        ? "review: generating the client from both specs (working tree's generator)…"
        : "review: generating the client from the revision's spec (BASE's is committed, by the same generator)…",
    );
    const [baseSide, revisionSide] = await timed("generate", async () =>
      committed === undefined
        ? generateSides(await sideInput("base", baseTree), await sideInput("revision", revisionTree), work, run)
        : ([
            committed.side,
            await generateRevision(
              committed.side,
              join(baseTree, specRoot),
              await sideInput("revision", revisionTree),
              work,
              run,
            ),
          ] as const),
    );
    const sides = sidesOutcome(baseSide, revisionSide, base.base.ref);
    if ("error" in sides) return sides;
    const notes = [...sides.notes];
    if (committed !== undefined)
      notes.push(
        "The generator is the same at BASE as here: BASE's client and API reports are the ones committed at BASE (what this generator makes of BASE's spec).",
      );
    if (revisionSide.shared)
      notes.push(
        "The spec at BASE and the revision's spec are identical: the client was generated once for both sides.",
      );

    const [baseDocument, revisionDocument] = await Promise.all([
      readJson(baseSide.openapiPath),
      readJson(revisionSide.openapiPath),
    ]);

    progress("review: comparing, building the API reports and type-checking BASE's client tests…");
    // BASE's declarations only feed its API report: none to build when that report is the committed one.
    const baseDeclarations =
      committed === undefined ? timed("base declarations", () => declarationsOf(baseSide, run)) : undefined;
    const revisionDeclarations =
      revisionSide.shared && baseDeclarations !== undefined
        ? baseDeclarations
        : timed("revision declarations", () => declarationsOf(revisionSide, run));
    const baseReport: Promise<ApiReportSide> =
      committed !== undefined
        ? Promise.resolve({ ok: true, reports: committed.reports, errors: [], millis: 0 })
        : revisionSide.shared || baseDeclarations === undefined
          ? Promise.resolve({ ok: false, message: "not needed: both sides have the same client" })
          : reportOf(baseSide, baseDeclarations, work, run);
    const apiReport = timed("api reports", () =>
      compareApiReports(revisionSide, baseReport, revisionDeclarations, work, run),
    );
    const consumer = timed("consumer check", () =>
      consumerImpactOf(baseTree, revisionSide, revisionDeclarations, work, run),
    );
    const reference: Promise<ReferenceOutcome> =
      baseSide.status === "generated" && revisionSide.status === "generated"
        ? diffReference(baseSide.generatedDirectory, revisionSide.generatedDirectory)
        : Promise.resolve({ status: "skipped", reason: "no client was generated for one side" });

    // Every step settles before anything returns: the temporary directory is removed only once no process uses it.
    const [apiReportOutcome, consumerImpact, referenceOutcome] = await settleAll([
      apiReport,
      consumer,
      reference,
    ] as const);
    const locate = await createLocator(join(revisionTree, specRoot), revisionTree);
    const verdict = await timed("engine", () =>
      verdictOf({
        base: baseDocument,
        revision: revisionDocument,
        extra: consumerFindings(consumerImpact),
        acknowledgements: options.acknowledgements ?? acknowledgementsFile,
        locate,
      }),
    );
    if (options.keep === true) notes.push(`Temporary files kept in ${work}.`);
    timings["total"] = Date.now() - started;
    return {
      base: base.base,
      revision: revision === undefined ? { ref: "working tree" } : revision.base,
      assumptions: diffAssumptions(assumptionsOf(baseDocument), assumptionsOf(revisionDocument)),
      apiReport: apiReportOutcome,
      reference: referenceOutcome,
      consumer: consumerImpact,
      notes: [
        ...notes,
        ...(await declarationNotes(
          ...(baseDeclarations === undefined ? [] : [baseDeclarations]),
          revisionDeclarations,
        )),
      ],
      timings,
      ...verdict,
    };
  } finally {
    if (options.keep !== true) await rm(work, { recursive: true, force: true });
  }
}

/** Promise.all that waits for every promise before it rethrows the first failure. */
async function settleAll<T extends readonly unknown[]>(promises: {
  readonly [K in keyof T]: Promise<T[K]>;
}): Promise<T> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed !== undefined) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

async function readJson(path: string): Promise<JsonObject> {
  const parsed: unknown = JSON.parse(await readFile(path, "utf8"));
  if (!isJsonObject(parsed)) throw new Error(`${path} is not a JSON object`);
  return parsed;
}

function declarationsOf(side: SideBuild, run: ReturnType<typeof limit>): Promise<DeclarationsResult> {
  if (side.status !== "generated")
    return Promise.resolve({ ok: false, message: `no client was generated for ${side.name}` });
  return run(() => buildDeclarations(side.generatedDirectory));
}

/** One side's API reports, once its declarations are built. */
async function reportOf(
  side: SideBuild,
  declarations: Promise<DeclarationsResult>,
  work: string,
  run: ReturnType<typeof limit>,
): Promise<ApiReportSide> {
  const built = await declarations;
  if (!built.ok) return { ok: false, message: built.message };
  return run(() => apiReportOf(side.generatedDirectory, join(work, "api-report", side.name)));
}

async function compareApiReports(
  revisionSide: SideBuild,
  baseReport: Promise<ApiReportSide>,
  revisionDeclarations: Promise<DeclarationsResult>,
  work: string,
  run: ReturnType<typeof limit>,
): Promise<ApiReportOutcome> {
  if (revisionSide.shared)
    return { status: "identical", reason: "both sides have the same spec, hence the same client" };
  const [before, after] = await Promise.all([baseReport, reportOf(revisionSide, revisionDeclarations, work, run)]);
  if (!before.ok) return { status: "skipped", reason: `BASE: ${before.message}` };
  if (!after.ok) return { status: "skipped", reason: `revision: ${after.message}` };
  return {
    status: "compared",
    diff: diffApiReports(before.reports, after.reports),
    errors: [...before.errors.map((error) => `BASE: ${error}`), ...after.errors],
  };
}

async function consumerImpactOf(
  baseTree: string,
  revisionSide: SideBuild,
  revisionDeclarations: Promise<DeclarationsResult>,
  work: string,
  run: ReturnType<typeof limit>,
): Promise<ConsumerImpact> {
  const built = await revisionDeclarations;
  if (!built.ok) return { status: "skipped", reason: built.message };
  return run(() => checkConsumerImpact(baseTree, built.distDirectory, work));
}

async function declarationNotes(...results: Promise<DeclarationsResult>[]): Promise<string[]> {
  const notes: string[] = [];
  for (const result of await Promise.all(results)) {
    if (result.ok && result.typeErrors !== "")
      notes.push(
        `The generated client has type errors (declarations were built anyway):\n${result.typeErrors.slice(0, 2000)}`,
      );
  }
  return [...new Set(notes)];
}

/** BASE's client tests that no longer compile (breaking) or whose expected error went away (warning). */
export function consumerFindings(impact: ConsumerImpact): Finding[] {
  if (impact.status !== "checked") return [];
  return impact.diagnostics.map((diagnostic) => {
    const rule = diagnostic.level === "breaking" ? "consumer-type-error" : "consumer-expect-error-unused";
    return {
      // File, line and code at BASE: stable while BASE is (a rebase onto a newer main may make the entry stale).
      id: findingId(rule, `${diagnostic.file}:${diagnostic.line} ${diagnostic.code}`),
      rule,
      source: "review",
      level: diagnostic.level,
      side: "both",
      category: "consumer",
      change: "changed",
      message:
        diagnostic.level === "breaking"
          ? `BASE's ${diagnostic.file}:${diagnostic.line} no longer compiles against the new client: ${diagnostic.code} ${diagnostic.message}`
          : `BASE's ${diagnostic.file}:${diagnostic.line} expected a type error that the new client no longer gives (it accepts more).`,
      pointer: `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}`,
      in: "base",
      operations: [],
    };
  });
}
