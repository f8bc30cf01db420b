/**
 * Scores the review's engine on oasdiff's checker corpus (oasdiff/pairs.json, labelled by label.ts): each pair is
 * loaded as `account-funds-review diff` loads files (the generator's loader: bundled, 3.0 upgraded to 3.1) and
 * diffed; the review's verdict is breaking when any finding is. One process, the engine only.
 *
 *   tsx review/test/corpus/score.ts [--verbose]
 */
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";
import { loadDocument } from "../../src/documents.js";
import { diffDocuments } from "../../src/diff/engine.js";
import type { Finding } from "../../src/diff/finding.js";
import type { LabelledPair } from "./label.js";

export const corpusDirectory = fileURLToPath(new URL("./oasdiff/", import.meta.url));

export interface PairVerdict {
  readonly pair: LabelledPair;
  /** `<base> → <revision>`, as the README's disagreement table names a pair. */
  readonly name: string;
  readonly reviewBreaking: boolean;
  readonly breaking: readonly Finding[];
}

export function corpusPairs(): LabelledPair[] {
  return JSON.parse(readFileSync(join(corpusDirectory, "pairs.json"), "utf8")) as LabelledPair[];
}

export const pairName = (pair: LabelledPair): string =>
  `${pair.base.replace(/\.yaml$/, "")} → ${pair.revision.replace(/\.yaml$/, "")}`;

export async function scoreCorpus(pairs: readonly LabelledPair[] = corpusPairs()): Promise<PairVerdict[]> {
  const cache = new Map<string, ReturnType<typeof loadDocument>>();
  const load = (file: string) => {
    const found = cache.get(file) ?? loadDocument(join(corpusDirectory, "data", file));
    cache.set(file, found);
    return found;
  };
  const verdicts: PairVerdict[] = [];
  for (const pair of pairs) {
    const [base, revision] = await Promise.all([load(pair.base), load(pair.revision)]);
    const findings = diffDocuments(base.document, revision.document);
    const breaking = findings.filter((finding) => finding.level === "breaking");
    verdicts.push({ pair, name: pairName(pair), reviewBreaking: breaking.length > 0, breaking });
  }
  return verdicts;
}

export function recallAndPrecision(verdicts: readonly PairVerdict[]): {
  recall: number;
  precision: number;
  truePositives: number;
  falseNegatives: number;
  falsePositives: number;
} {
  const truePositives = verdicts.filter((verdict) => verdict.pair.breaking && verdict.reviewBreaking).length;
  const falseNegatives = verdicts.filter((verdict) => verdict.pair.breaking && !verdict.reviewBreaking).length;
  const falsePositives = verdicts.filter((verdict) => !verdict.pair.breaking && verdict.reviewBreaking).length;
  return {
    recall: truePositives / (truePositives + falseNegatives),
    precision: truePositives / (truePositives + falsePositives),
    truePositives,
    falseNegatives,
    falsePositives,
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const verdicts = await scoreCorpus();
  const verbose = process.argv.includes("--verbose");
  for (const verdict of verdicts) {
    if (verdict.pair.breaking === verdict.reviewBreaking) continue;
    process.stdout.write(`${verdict.pair.breaking ? "MISSED" : "EXTRA "} ${verdict.name}\n`);
    if (verbose) {
      for (const finding of verdict.breaking)
        process.stdout.write(`    ${finding.id} (${finding.side}): ${finding.message}\n`);
      for (const test of verdict.pair.tests)
        process.stdout.write(
          `    oasdiff ${test.test}: ${test.expects.map((check) => `${check.id}:${check.level}`).join(", ")}\n`,
        );
    }
  }
  const score = recallAndPrecision(verdicts);
  process.stdout.write(
    `${verdicts.length} pairs in ${Date.now() - started} ms: recall ${(score.recall * 100).toFixed(1)}% (${score.truePositives}/${score.truePositives + score.falseNegatives}), precision ${(score.precision * 100).toFixed(1)}% (${score.falsePositives} false alarms)\n`,
  );
}
