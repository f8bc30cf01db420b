#!/usr/bin/env -S npx tsx
/**
 * `account-funds-review`: `make review` (what the spec change between BASE and the working tree does to client
 * consumers), and `account-funds-review diff <base> <revision>` (two OpenAPI documents given as files: what any
 * repository, and the GitHub Action, runs).
 */
import { readFileSync } from "node:fs";
import { appendFile, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { renderGithub } from "./report/github.js";
import { renderJson } from "./report/json.js";
import { renderMarkdown } from "./report/markdown.js";
import { isReviewError, type ReviewResult } from "./result.js";
import { runReview, type ReviewOptions } from "./review.js";
import { compareFiles } from "./compare-files.js";

export const usage = `Usage: make review [BASE=<git ref>] [ARGS="<options>"]
       account-funds-review [options]
       account-funds-review diff <base-spec> <revision-spec> [options]

Compares the spec at BASE with the working tree and reports every change to
operations, parameters, request and response fields, enums, constraints and
webhooks, each classified as breaking or not for client consumers (request and
response sides judged apart), with the x-assumptions it adds, removes or edits,
the diff of the client's API Extractor report and generated/REFERENCE.md, and
BASE's client type tests compiled against the new client.

diff compares two OpenAPI 3.0 or 3.1 documents given as files (a multi-file
spec by its root file, bundled), with the same rules and reports, without the
client checks. It reads an acknowledgements file only when given one.

Options:
  --base <ref>          BASE (default: git merge-base HEAD main, else origin/main)
  --revision <ref>      review this commit instead of the working tree
  --format <format>     markdown (default), github (Actions annotations), json
  --output <file>       write the report to a file instead of stdout
  --keep                keep the temporary directory (generated clients, reports)
  --acknowledgements <file>  acknowledged breaking changes (default for make
                        review: review/acknowledged-changes.yaml; diff: none)
  --config <file>       diff: the Redocly config to bundle with (default: a
                        redocly.yaml beside each root file)
  --base-label <text>, --revision-label <text>
                        diff: how the report names the two documents
                        (default: their paths)
  -h, --help            show this help
  --version             print the review's version

Exit status: 0 no breaking change, or every one is acknowledged; 1 a breaking
change is not acknowledged; 2 BASE missing (shallow clone?), a spec that cannot
be read or bundled, a revision the generator cannot build a client from (make
review), or an invalid acknowledgements file; 64 wrong usage (EX_USAGE).
`;

export const exitCodes = { ok: 0, breaking: 1, error: 2, usage: 64 } as const;
const formats = ["markdown", "github", "json"] as const;
type Format = (typeof formats)[number];

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly env: NodeJS.ProcessEnv;
}

const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
};

export function render(result: ReviewResult, format: Format): string {
  return format === "json" ? renderJson(result) : format === "github" ? renderGithub(result) : renderMarkdown(result);
}

export async function main(
  argv: readonly string[],
  io: CliIo = processIo,
  overrides: Partial<ReviewOptions> = {},
): Promise<number> {
  let values: ReturnType<typeof parse>["values"];
  let files: readonly [string, string] | undefined;
  try {
    const parsed = parse(argv);
    const [command, ...rest] = parsed.positionals;
    if (command === "diff") {
      const [base, revision, extra] = rest;
      if (base === undefined || revision === undefined)
        throw new Error("diff needs two files: <base-spec> <revision-spec>");
      if (extra !== undefined) throw new Error(`unexpected argument: ${extra}`);
      for (const option of ["base", "revision", "keep"] as const)
        if (parsed.values[option] !== undefined)
          throw new Error(`--${option} is an option of make review, not of diff`);
      files = [base, revision];
    } else if (command !== undefined) throw new Error(`unexpected argument: ${command}`);
    else
      for (const option of ["config", "base-label", "revision-label"] as const)
        if (parsed.values[option] !== undefined) throw new Error(`--${option} is an option of diff`);
    values = parsed.values;
  } catch (thrown) {
    io.err(`${thrown instanceof Error ? thrown.message : String(thrown)}\n\n${usage}`);
    return exitCodes.usage;
  }
  if (values.help === true) {
    io.out(usage);
    return exitCodes.ok;
  }
  if (values.version === true) {
    io.out(`${reviewVersion()}\n`);
    return exitCodes.ok;
  }
  const format = (values.format ?? "markdown") as Format;
  if (!formats.includes(format)) {
    io.err(`--format must be one of ${formats.join(", ")}\n\n${usage}`);
    return exitCodes.usage;
  }
  // make passes BASE= through even when it is empty: empty means the default.
  const base = values.base === undefined || values.base.trim() === "" ? undefined : values.base.trim();
  const acknowledgements = values.acknowledgements;
  let result: Awaited<ReturnType<typeof runReview>>;
  try {
    result =
      files === undefined
        ? await runReview({
            ...(base === undefined ? {} : { base }),
            ...(values.revision === undefined ? {} : { revision: values.revision }),
            ...(acknowledgements === undefined ? {} : { acknowledgements }),
            keep: values.keep === true,
            progress: (line) => io.err(`${line}\n`),
            ...overrides,
          })
        : await compareFiles({
            base: files[0],
            revision: files[1],
            ...(acknowledgements === undefined ? {} : { acknowledgements }),
            ...(values.config === undefined ? {} : { config: values.config }),
            ...(values["base-label"] === undefined ? {} : { baseLabel: values["base-label"] }),
            ...(values["revision-label"] === undefined ? {} : { revisionLabel: values["revision-label"] }),
          });
  } catch (thrown) {
    // A bug or an environment problem, not a verdict on the change: never exit 1 for it.
    result = {
      error: `internal error: ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}`,
    };
  }
  if (isReviewError(result)) {
    io.err(
      format === "github"
        ? `::error title=${files === undefined ? "make review" : "API review"}::${result.error.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A")}\n`
        : `review: ${result.error}\n`,
    );
    return exitCodes.error;
  }
  const text = render(result, format);
  if (values.output === undefined) io.out(text);
  else await writeFile(values.output, text);
  // In Actions, the readable report also goes to the job summary.
  const summary = io.env["GITHUB_STEP_SUMMARY"];
  if (format === "github" && summary !== undefined && summary !== "") await appendFile(summary, renderMarkdown(result));
  for (const problem of result.acknowledgements.problems)
    io.err(`review: ${result.acknowledgements.file}: ${problem}\n`);
  return result.exitCode;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      base: { type: "string" },
      revision: { type: "string" },
      format: { type: "string" },
      output: { type: "string" },
      keep: { type: "boolean" },
      acknowledgements: { type: "string" },
      config: { type: "string" },
      "base-label": { type: "string" },
      "revision-label": { type: "string" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean" },
    },
  });
}

/** The version of @account-funds/review, from its package.json beside src/. */
export function reviewVersion(): string {
  const manifest: { version: string } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return manifest.version;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
