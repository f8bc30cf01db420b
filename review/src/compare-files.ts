/**
 * `account-funds-review diff <base-spec> <revision-spec>`: the review any repository can run. Two OpenAPI
 * documents given as files (a multi-file spec is bundled from its root file; OpenAPI 3.0 is upgraded to 3.1 by the
 * generator's loader) → the engine → the same findings, acknowledgements and reports as `make review`, without the
 * client checks, which need this repository's generator and tests.
 */
import { resolve } from "node:path";
import { assumptionsOf, diffAssumptions } from "./assumptions.js";
import { describeLoadError, loadDocument, type LoadedDocument } from "./documents.js";
import type { ReviewError, ReviewResult } from "./result.js";
import { locatorFrom } from "./source-locations.js";
import { verdictOf } from "./verdict.js";

export interface CompareFilesOptions {
  readonly base: string;
  readonly revision: string;
  /** A Redocly config for bundling both (default: a redocly.yaml beside each root file, when there is one). */
  readonly config?: string;
  /** An acknowledgements file (`acknowledged: [{ id, reason }]`); none by default. */
  readonly acknowledgements?: string;
  /** How the report names the documents (default: their paths). */
  readonly baseLabel?: string;
  readonly revisionLabel?: string;
  /** What annotation file paths are relative to (default: the working directory). */
  readonly root?: string;
}

export async function compareFiles(options: CompareFilesOptions): Promise<ReviewResult | ReviewError> {
  const started = Date.now();
  const load = async (which: "base" | "revision", file: string): Promise<LoadedDocument | ReviewError> => {
    try {
      return await loadDocument(file, options.config);
    } catch (thrown) {
      return { error: `the ${which} document ${file} cannot be read:\n${describeLoadError(thrown)}` };
    }
  };
  const [base, revision] = await Promise.all([load("base", options.base), load("revision", options.revision)]);
  if ("error" in base) return base;
  if ("error" in revision) return revision;
  const verdict = await verdictOf({
    base: base.document,
    revision: revision.document,
    ...(options.acknowledgements === undefined ? {} : { acknowledgements: options.acknowledgements }),
    locate: locatorFrom(revision.locate, resolve(options.root ?? process.cwd())),
  });
  const notes = [
    ...(base.sourceVersion === "3.0"
      ? [`The base document is OpenAPI 3.0: it was upgraded to 3.1 before the comparison.`]
      : []),
    ...(revision.sourceVersion === "3.0"
      ? [`The revision document is OpenAPI 3.0: it was upgraded to 3.1 before the comparison.`]
      : []),
  ];
  return {
    base: { ref: options.baseLabel ?? options.base },
    revision: { ref: options.revisionLabel ?? options.revision },
    assumptions: diffAssumptions(assumptionsOf(base.document), assumptionsOf(revision.document)),
    notes,
    timings: { total: Date.now() - started },
    ...verdict,
  };
}
