/**
 * `make release-check` (part of `make test`): the changesets half of the version flow. `changeset status` only
 * asks for *some* changeset when anything changed; this asks, per package, what the changesets bot asks of a pull
 * request:
 *   - every pending changeset (.changeset/*.md) names publishable packages, each with patch, minor or major, and
 *     says what changed (an empty one, which names none, needs no summary);
 *   - every publishable package whose published files (the config's changedFilePatterns) changed since BASE is
 *     named by a changeset added since BASE, unless an empty changeset (`npx changeset --empty`) was added, which
 *     says the change needs no release;
 *   - versions follow the verdict: when spec/ changed since BASE, the review's engine compares it at BASE with the
 *     working tree (review/src/version-verdict.ts), and a breaking change for client consumers needs a changeset
 *     that bumps @account-funds/client major (minor while it is 0.x); a patch, or an empty changeset, is refused.
 * BASE: `--base <ref>`, else the merge base with main, else with origin/main; with neither (a clone without main)
 * the second check is skipped, and says so. Exit 0 when both hold, 1 when not (one line per problem, with the fix),
 * 2 when an explicit BASE is not in the clone, 64 on wrong usage.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { parse as parseYaml } from "yaml";
import { requiredBump, specFindingsSince, bumpOrder } from "../../review/src/version-verdict.js";
import { publishablePackages, repository } from "./workspace.js";

const bumps = ["patch", "minor", "major"] as const;
type Bump = (typeof bumps)[number];

const isBump = (value: unknown): value is Bump => bumps.some((bump) => bump === value);

export interface Changeset {
  readonly file: string;
  /** Package name → bump; empty for an empty changeset. */
  readonly releases: ReadonlyMap<string, Bump>;
  readonly summary: string;
}

/** Parses a changeset: YAML front matter of `"package": bump` lines between `---` lines, then the summary. */
export function parseChangeset(file: string, text: string): Changeset | string {
  const match = /^---\r?\n([\s\S]*?)\r?\n?---\r?\n?([\s\S]*)$/.exec(text);
  if (match === null) return `${file}: no front matter (--- "package": bump --- then the summary)`;
  const front: unknown = parseYaml(match[1] ?? "") ?? {};
  if (typeof front !== "object" || front === null || Array.isArray(front))
    return `${file}: the front matter is not a map of package → bump`;
  const releases = new Map<string, Bump>();
  for (const [name, bump] of Object.entries(front)) {
    if (!isBump(bump)) return `${file}: ${name}: ${JSON.stringify(bump)} is not one of ${bumps.join(", ")}`;
    releases.set(name, bump);
  }
  return { file, releases, summary: (match[2] ?? "").trim() };
}

/** `src/**` matches every file under src/; any other pattern matches that one path. */
export function matchesPattern(path: string, pattern: string): boolean {
  return pattern.endsWith("/**") ? path.startsWith(pattern.slice(0, -2)) : path === pattern;
}

/** The publishable packages some of whose published files are among `changedFiles` (repository-relative). */
export function changedPackages(changedFiles: readonly string[], patterns: readonly string[]): string[] {
  return publishablePackages
    .filter(({ folder }) =>
      changedFiles.some(
        (file) =>
          file.startsWith(`${folder}/`) &&
          patterns.some((pattern) => matchesPattern(file.slice(folder.length + 1), pattern)),
      ),
    )
    .map(({ manifest }) => manifest.name);
}

/** The client package, whose version must follow the review's verdict on the spec. */
export const clientPackage = "@account-funds/client";

/**
 * The largest bump the added changesets give `name` (undefined when none names it), and whether it falls short of
 * what the spec change needs.
 */
export function bumpShortfall(
  name: string,
  added: readonly Changeset[],
  needed: Bump,
): { readonly given?: Bump; readonly short: boolean } {
  const given = added
    .map((changeset) => changeset.releases.get(name))
    .filter((bump): bump is Bump => bump !== undefined)
    .sort((a, b) => bumpOrder[b] - bumpOrder[a])[0];
  return {
    ...(given === undefined ? {} : { given }),
    short: given === undefined || bumpOrder[given] < bumpOrder[needed],
  };
}

/** What the changesets added since BASE leave uncovered: changed packages that none of them names. */
export function uncoveredPackages(changed: readonly string[], added: readonly Changeset[]): string[] {
  if (added.some((changeset) => changeset.releases.size === 0)) return [];
  return changed.filter((name) => !added.some((changeset) => changeset.releases.has(name)));
}

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: repository, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function tryGit(...args: string[]): string | undefined {
  try {
    return git(...args).trim();
  } catch {
    return undefined;
  }
}

function lines(text: string): string[] {
  return text.split("\n").filter((line) => line !== "");
}

async function main(argv: readonly string[]): Promise<number> {
  let base: string | undefined;
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { base: { type: "string" } },
      strict: true,
      allowPositionals: false,
    });
    base = values.base === undefined || values.base.trim() === "" ? undefined : values.base.trim();
  } catch (error) {
    process.stderr.write(
      `release-check: ${error instanceof Error ? error.message : String(error)}\nUsage: changeset-check.ts [--base <git ref>]\n`,
    );
    return 64;
  }
  const config: { changedFilePatterns: string[] } = JSON.parse(
    readFileSync(join(repository, ".changeset/config.json"), "utf8"),
  );
  const published = new Set(publishablePackages.map(({ manifest }) => manifest.name));
  const problems: string[] = [];

  const pending = new Map<string, Changeset>();
  for (const file of readdirSync(join(repository, ".changeset")).filter(
    (name) => name.endsWith(".md") && name !== "README.md",
  )) {
    const parsed = parseChangeset(`.changeset/${file}`, readFileSync(join(repository, ".changeset", file), "utf8"));
    if (typeof parsed === "string") {
      problems.push(parsed);
      continue;
    }
    for (const name of parsed.releases.keys())
      if (!published.has(name))
        problems.push(`${parsed.file}: ${name} is not a publishable package (${[...published].join(", ")})`);
    if (parsed.releases.size > 0 && parsed.summary === "")
      problems.push(`${parsed.file}: no summary: say what changed, for the CHANGELOG`);
    pending.set(parsed.file, parsed);
  }

  const mergeBase =
    base !== undefined
      ? tryGit("merge-base", "HEAD", base)
      : (tryGit("merge-base", "HEAD", "main") ?? tryGit("merge-base", "HEAD", "origin/main"));
  if (mergeBase === undefined && base !== undefined) {
    process.stderr.write(
      `release-check: BASE ${base} is not in this clone (shallow?): git fetch --unshallow, or pass another BASE\n`,
    );
    return 2;
  }
  if (mergeBase === undefined) {
    process.stdout.write(
      "release-check: neither main nor origin/main is in this clone: changesets since BASE not checked (make release-check BASE=<ref>)\n",
    );
  } else {
    // Committed and uncommitted changes since the merge base, and new files git does not know yet.
    const changedFiles = [
      ...lines(git("diff", "--name-only", mergeBase)),
      ...lines(git("ls-files", "--others", "--exclude-standard")),
    ];
    const addedFiles = new Set([
      ...lines(git("diff", "--name-only", "--diff-filter=A", mergeBase, "--", ".changeset")),
      ...lines(git("ls-files", "--others", "--exclude-standard", "--", ".changeset")),
    ]);
    const added = [...pending.values()].filter((changeset) => addedFiles.has(changeset.file));
    const changed = changedPackages(changedFiles, config.changedFilePatterns);
    for (const name of uncoveredPackages(changed, added)) {
      problems.push(
        `${name} changed since ${base ?? "main"} (${mergeBase.slice(0, 10)}) but no changeset added since then names it: npx changeset (or, when the change needs no release, npx changeset --empty)`,
      );
    }
    process.stdout.write(
      `release-check: changed since ${base ?? "main"}: ${changed.join(", ") || "no publishable package"}; changesets added: ${added.map((changeset) => changeset.file).join(", ") || "none"}\n`,
    );
    if (changedFiles.some((file) => file.startsWith("spec/"))) {
      const findings = await specFindingsSince(repository, mergeBase);
      const client = publishablePackages.find(({ manifest }) => manifest.name === clientPackage);
      if (findings !== undefined && client !== undefined) {
        const { bump, breaking } = requiredBump(findings, client.manifest.version);
        const { given, short } = bumpShortfall(clientPackage, added, bump);
        process.stdout.write(
          `release-check: the review of spec/ since ${base ?? "main"}: ${breaking.length} breaking change(s) for client consumers; ${clientPackage} needs at least a ${bump} release, the changesets give ${given ?? "none"}\n`,
        );
        if (breaking.length > 0 && short)
          problems.push(
            `${clientPackage}: the spec change since ${base ?? "main"} is breaking for client consumers (${breaking
              .slice(0, 3)
              .map((finding) => finding.id)
              .join(
                "; ",
              )}${breaking.length > 3 ? `; and ${breaking.length - 3} more` : ""}): its changeset must bump it ${bump} (${client.manifest.version} is ${client.manifest.version.startsWith("0.") ? "0.x: breaking → minor" : "1.0 or later: breaking → major"}), not ${given ?? "nothing"}`,
          );
      }
    }
  }
  for (const problem of problems) process.stderr.write(`release-check: ${problem}\n`);
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await main(process.argv.slice(2));
