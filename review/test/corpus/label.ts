/**
 * Labels oasdiff's checker corpus from its own Go tests, and copies the pairs it labels here (data files only).
 *
 *   tsx review/test/corpus/label.ts <oasdiff checkout>     (a clone of github.com/oasdiff/oasdiff)
 *
 * A pair is two files of `data/checker/` that a test of `checker/*_test.go` diffs without editing either in Go.
 * Its label is what oasdiff says: breaking when a check the test expects reports level ERR (the levels come from
 * `checker/rules.go`, or from the test's own `GetLevel()` assertion), not breaking when every expected check is
 * WARN or INFO, or the test expects no change at all. An id in a negative assertion (`require.False`,
 * `NotContains`, `NotEqual`) is not expected. Writes `pairs.json` and copies the files to `data/`; the oasdiff
 * commit goes to NOTICE by hand.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface ExpectedCheck {
  readonly id: string;
  readonly level: "ERR" | "WARN" | "INFO" | "unknown";
}

export interface LabelledPair {
  readonly base: string;
  readonly revision: string;
  /** oasdiff reports an ERR for the pair. */
  readonly breaking: boolean;
  /** Why the label is not what the tests alone say (overrides). */
  readonly override?: string;
  /** The Go tests that diff the pair, and the checks each expects. */
  readonly tests: readonly {
    readonly test: string;
    readonly file: string;
    readonly expects: readonly ExpectedCheck[];
    readonly levelAsserted?: string;
  }[];
}

const negative = /False|NotContains|NotEqual|!ids\[/;

/**
 * Pairs whose test does not say what oasdiff reports with every check on, read by hand: the test runs one check, or
 * names ids only to filter them out. Each says why, from oasdiff's own rules (checker/rules.go).
 */
export const overrides: Readonly<Record<string, { readonly breaking: boolean; readonly reason: string }>> = {
  "request_parameter_type_changed_base.yaml request_parameter_type_changed_base.yaml": {
    breaking: false,
    reason: "the same file on both sides: the test names list-of-types ids only to filter them out, and expects none",
  },
  "request_body_default_value_changed_base.yaml request_body_default_value_changed_revision.yaml": {
    breaking: true,
    reason:
      "the revision also removes the application/json request media type: request-body-media-type-removed (ERR); the test runs only the default-value check",
  },
};

export function labelCorpus(checkout: string): LabelledPair[] {
  const checker = join(checkout, "checker");
  const goFiles = readdirSync(checker).filter((name) => name.endsWith(".go"));
  const constants = new Map<string, string>();
  const levels = new Map<string, ExpectedCheck["level"]>();
  for (const name of goFiles.filter((file) => !file.endsWith("_test.go"))) {
    const text = readFileSync(join(checker, name), "utf8");
    for (const match of text.matchAll(/(\w+Id)\s*=\s*"([^"]+)"/g)) constants.set(match[1] ?? "", match[2] ?? "");
    for (const match of text.matchAll(/newBackwardCompatibilityRule\((\w+),\s*(ERR|WARN|INFO),/g))
      levels.set(match[1] ?? "", (match[2] ?? "unknown") as ExpectedCheck["level"]);
  }
  const pairs = new Map<string, { base: string; revision: string; tests: LabelledPair["tests"][number][] }>();
  for (const name of goFiles.filter((file) => file.endsWith("_test.go")).sort()) {
    const text = readFileSync(join(checker, name), "utf8");
    const parts = text.split(/\nfunc (Test\w+)\(t \*testing\.T\) \{/);
    for (let index = 1; index < parts.length; index += 2) {
      const test = parts[index] ?? "";
      const body = (parts[index + 1] ?? "").split("\n}\n")[0] ?? "";
      const files = [...body.matchAll(/(?:open|load\.NewSource)\("\.\.\/data\/checker\/([^"]+)"/g)].map(
        (match) => match[1] ?? "",
      );
      const [base, revision] = files;
      if (base === undefined || revision === undefined) continue;
      // A test that reaches into a loaded spec in Go (to edit it) does not diff the files as they are.
      if (/\bs[12]\.Spec\b/.test(body)) continue;
      const ids = new Set<string>();
      for (const line of body.split("\n"))
        if (!negative.test(line)) for (const match of line.matchAll(/checker\.(\w+Id)\b/g)) ids.add(match[1] ?? "");
      const expects = [...ids]
        .filter((id) => levels.has(id))
        .sort()
        .map((id) => ({ id: constants.get(id) ?? id, level: levels.get(id) ?? "unknown" }));
      const asserted = /require\.Equal\(t, checker\.(ERR|WARN|INFO), [^)]*GetLevel\(\)/.exec(body)?.[1];
      const key = `${base} ${revision}`;
      const entry = pairs.get(key) ?? { base, revision, tests: [] };
      entry.tests.push({
        test,
        file: `checker/${name}`,
        expects,
        ...(asserted === undefined ? {} : { levelAsserted: asserted }),
      });
      pairs.set(key, entry);
    }
  }
  return [...pairs.values()].map((pair) => {
    const override = overrides[`${pair.base} ${pair.revision}`];
    return {
      ...pair,
      breaking:
        override?.breaking ??
        pair.tests.some((test) => test.levelAsserted === "ERR" || test.expects.some((check) => check.level === "ERR")),
      ...(override === undefined ? {} : { override: override.reason }),
    };
  });
}

if (process.argv[1] !== undefined && import.meta.url === `file://${process.argv[1]}`) {
  const checkout = process.argv[2];
  if (checkout === undefined) {
    process.stderr.write("usage: tsx review/test/corpus/label.ts <oasdiff checkout>\n");
    process.exit(64);
  }
  const here = fileURLToPath(new URL("./oasdiff/", import.meta.url));
  const pairs = labelCorpus(checkout);
  rmSync(join(here, "data"), { recursive: true, force: true });
  mkdirSync(join(here, "data"), { recursive: true });
  for (const file of new Set(pairs.flatMap((pair) => [pair.base, pair.revision])))
    copyFileSync(join(checkout, "data", "checker", file), join(here, "data", file));
  copyFileSync(join(checkout, "LICENSE"), join(here, "LICENSE"));
  writeFileSync(join(here, "pairs.json"), `${JSON.stringify(pairs, null, 1)}\n`);
  process.stdout.write(
    `${pairs.length} pairs, ${pairs.filter((pair) => pair.breaking).length} breaking, from ${new Set(pairs.flatMap((pair) => [pair.base, pair.revision])).size} files\n`,
  );
}
