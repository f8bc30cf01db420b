#!/usr/bin/env -S npx tsx
/**
 * The generator's command line: `generate` (what `make generate` runs), `check` (what `make check-generated`
 * runs) and `assumptions` (what `make assumptions` runs).
 */
import "./cli-start.js";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { displayPath } from "./load/display-path.js";
import { formatSpecProblem, specProblemsOf } from "./json-pointer/spec-error.js";
import { defaultOutDirectory, defaultSpecPath, generatorDirectory } from "./locations.js";
import type { AssumptionModel } from "./model/model.js";
import type { OverlayOptions } from "./overlay/overlay-output.js";
import type { GeneratorWarning } from "./pipeline.js";
import { formatDrifts } from "./write/check-files.js";

export const usage = `Usage: account-funds-generate <command> [options]

Turns the OpenAPI spec into the generated client package @account-funds/client.

Commands:
  generate      write the package into the output directory (make generate)
  check         compare the output directory with what generate would write; exit 1
                with a diff when it is out of date (make check-generated)
  tables        write only the tables of --validators-out and --sandbox-out (what make
                writes before it builds the validators, which generate imports)
  assumptions   list every x-assumption of the bundled spec with its JSON pointer,
                as a Markdown table, or JSON with --json (make assumptions); with
                --overlay, then those the overlay's document adds and drops

Options:
  --spec <file>     root file of the spec (default: spec/openapi.yaml of the repository)
  --out <dir>       output directory, the generated package (default: generated/ of the repository)
  --config <file>   Redocly config for bundling (default: redocly.yaml beside the spec, if any)
  --overlay <file>  an OpenAPI Overlay 1.0 laid over the bundled spec (the sandbox's,
                    sandbox/openapi/overlay.yaml)
  --overlay-out <file>
                    generate, check: where the overlay's document goes (sandbox/openapi.json)
  --validators-out <dir>
                    generate, check, tables: the request shapes' value types and field
                    tables of @account-funds/validators (validators/src/generated)
  --sandbox-out <dir>
                    generate, check, tables: the fields the sandbox's records keep
                    (sandbox/src/foundation/state/generated)
  --json            assumptions: print JSON instead of a Markdown table
  -h, --help        show this help
  --version         print the generator's version

Exit status: 0 done; 1 check found out-of-date files; 2 the spec is broken (one
"file#pointer: reason" line per problem on stderr); 64 wrong usage (EX_USAGE);
70 generator bug.
`;

export const exitCodes = { ok: 0, stale: 1, specError: 2, usage: 64, internal: 70 } as const;

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

const processIo: CliIo = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };

export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (thrown) {
    io.err(`${thrown instanceof Error ? thrown.message : String(thrown)}\n\n${usage}`);
    return exitCodes.usage;
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    io.out(usage);
    return exitCodes.ok;
  }
  if (values.version === true) {
    if (positionals.length > 0) {
      io.err(`--version takes no command: ${positionals[0]}\n\n${usage}`);
      return exitCodes.usage;
    }
    io.out(`${generatorVersion()}\n`);
    return exitCodes.ok;
  }
  const [command, ...extra] = positionals;
  if (command === undefined || extra.length > 0 || !["generate", "check", "tables", "assumptions"].includes(command)) {
    io.err(
      `${command === undefined ? "missing command" : extra.length > 0 ? `unexpected argument: ${extra[0]}` : `unknown command: ${command}`}\n\n${usage}`,
    );
    return exitCodes.usage;
  }
  if (values.json === true && command !== "assumptions") {
    io.err(`--json is an option of the assumptions command\n\n${usage}`);
    return exitCodes.usage;
  }
  const overlayMisuse =
    overlayUsage(command, values.overlay, values["overlay-out"]) ??
    tablesUsage(command, values["validators-out"], values["sandbox-out"], values.overlay);
  if (overlayMisuse !== undefined) {
    io.err(`${overlayMisuse}\n\n${usage}`);
    return exitCodes.usage;
  }
  const tableOutputs = {
    ...(values["validators-out"] === undefined ? {} : { validators: resolve(values["validators-out"]) }),
    ...(values["sandbox-out"] === undefined ? {} : { sandbox: resolve(values["sandbox-out"]) }),
  };
  const options = {
    specPath: values.spec ?? defaultSpecPath,
    outDirectory: values.out ?? defaultOutDirectory,
    ...(values.config === undefined ? {} : { configPath: values.config }),
    ...(values.overlay === undefined ? {} : { overlay: overlayOptions(values.overlay, values["overlay-out"]) }),
  };

  try {
    // Loaded once the arguments are known to be right: `--help` and usage errors need none of the libraries. The
    // library thread first, so that it loads openapi-typescript and ajv while this thread loads the pipeline's
    // modules (Redocly's alone take a fifth of a second).
    if (command !== "assumptions") (await import("./workers/library-thread.js")).startLibraryThread();
    const { check, generate, loadModel } = await import("./pipeline.js");
    if (command === "assumptions") {
      const { model, warnings } = await loadModel(options);
      printWarnings(io, warnings);
      const source = displayPath(options.specPath);
      if (options.overlay === undefined) {
        io.out(
          values.json === true
            ? `${JSON.stringify(model.assumptions, null, 2)}\n`
            : assumptionsTable(model.assumptions, source),
        );
        return exitCodes.ok;
      }
      const { overlaidDocument, overlayAssumptions } = await import("./overlay/overlay-output.js");
      const overlaid = overlayAssumptions(
        model.assumptions,
        await overlaidDocument(model.documentForLibraries, options.overlay),
      );
      io.out(
        values.json === true
          ? `${JSON.stringify({ api: model.assumptions, overlay: overlaid }, null, 2)}\n`
          : [
              "## The API's document\n",
              assumptionsTable(model.assumptions, source),
              `## The overlay's document (${options.overlay.overlayName})\n`,
              "What it adds or rewrites:\n",
              assumptionsTable(overlaid.adds, `the overlay's document, added or rewritten`),
              "What it drops (the API document's, at nodes the overlay's document does not have):\n",
              assumptionsTable(overlaid.drops, `the API's document, dropped by the overlay`),
            ].join("\n"),
      );
      return exitCodes.ok;
    }
    const outName = displayPath(options.outDirectory);
    const tables = await import("./package-tables.js");
    if (command === "tables") {
      const { model, warnings } = await loadModel(options);
      printWarnings(io, warnings);
      printWritten(io, await tables.writeTables(model, tableOutputs));
      return exitCodes.ok;
    }
    if (command === "generate") {
      const result = await generate(options);
      printWarnings(io, result.warnings);
      const { written, unchanged, deleted } = result.written;
      io.out(`${outName}/: ${written.length} written, ${unchanged.length} unchanged, ${deleted.length} deleted\n`);
      for (const path of written) io.out(`  wrote   ${path}\n`);
      for (const path of deleted) io.out(`  deleted ${path}\n`);
      if (result.overlaid !== undefined) io.out(`${result.overlaid.path}: ${result.overlaid.outcome}\n`);
      printWritten(io, await tables.writeTables(result.model, tableOutputs));
      return exitCodes.ok;
    }
    const result = await check(options);
    printWarnings(io, result.warnings);
    const tableDrifts = await tables.checkTables(result.model, tableOutputs);
    const drifts = [...result.drifts, ...tableDrifts];
    const tableNames = Object.values(tableOutputs).map((directory) => displayPath(directory));
    if (drifts.length === 0) {
      const names = [outName, ...tableNames].map((name) => `${name}/`);
      io.out(`${names.join(", ")} ${names.length === 1 ? "is" : "are"} up to date.\n`);
      return exitCodes.ok;
    }
    io.out(`${formatDrifts(drifts)}\n`);
    const stale = [
      ...(result.drifts.length > 0 ? [outName] : []),
      ...tableNames.filter((name) => tableDrifts.some((drift) => drift.path.startsWith(`${name}/`))),
    ].map((name) => `${name}/`);
    io.err(
      `${stale.join(", ")} ${stale.length === 1 ? "is" : "are"} stale: run 'make generate' and commit the result.\n`,
    );
    return exitCodes.stale;
  } catch (thrown) {
    const problems = specProblemsOf(thrown);
    if (problems !== undefined) {
      for (const problem of problems) io.err(`${formatSpecProblem(problem)}\n`);
      io.err(`the spec has ${problems.length} problem${problems.length === 1 ? "" : "s"}; nothing was generated.\n`);
      return exitCodes.specError;
    }
    io.err(`${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}\n`);
    return exitCodes.internal;
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      spec: { type: "string" },
      out: { type: "string" },
      config: { type: "string" },
      overlay: { type: "string" },
      "overlay-out": { type: "string" },
      "validators-out": { type: "string" },
      "sandbox-out": { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean" },
    },
  });
}

/** The version of @account-funds/generator, from its package.json (the same file from src/ and dist/src/). */
export function generatorVersion(): string {
  const manifest: { version: string } = JSON.parse(readFileSync(join(generatorDirectory, "package.json"), "utf8"));
  return manifest.version;
}

/** What is wrong with the overlay options for `command`, if anything. */
function overlayUsage(command: string, overlay: string | undefined, out: string | undefined): string | undefined {
  if (out !== undefined && overlay === undefined) return "--overlay-out needs --overlay";
  if (command === "assumptions" && out !== undefined) return "--overlay-out is an option of generate and check";
  if (command !== "assumptions" && overlay !== undefined && out === undefined)
    return `${command} --overlay needs --overlay-out, where the overlay's document goes`;
  return undefined;
}

/** What is wrong with the table outputs for `command`, if anything. */
function tablesUsage(
  command: string,
  validatorsOut: string | undefined,
  sandboxOut: string | undefined,
  overlay: string | undefined,
): string | undefined {
  const given = validatorsOut !== undefined || sandboxOut !== undefined;
  if (command === "assumptions" && given)
    return "--validators-out and --sandbox-out are options of generate, check and tables";
  if (command === "tables" && !given) return "tables needs --validators-out, --sandbox-out or both";
  if (command === "tables" && overlay !== undefined) return "--overlay is an option of generate, check and assumptions";
  return undefined;
}

/** Per table output folder: the counts, and each file written or deleted. */
function printWritten(
  io: CliIo,
  outcomes: readonly {
    readonly directory: string;
    readonly result: {
      readonly written: readonly string[];
      readonly unchanged: readonly string[];
      readonly deleted: readonly string[];
    };
  }[],
): void {
  for (const { directory, result } of outcomes) {
    const { written, unchanged, deleted } = result;
    io.out(
      `${displayPath(directory)}/: ${written.length} written, ${unchanged.length} unchanged, ${deleted.length} deleted\n`,
    );
    for (const path of written) io.out(`  wrote   ${path}\n`);
    for (const path of deleted) io.out(`  deleted ${path}\n`);
  }
}

function overlayOptions(overlay: string, out: string | undefined): OverlayOptions {
  const named = { overlayPath: resolve(overlay), overlayName: displayPath(resolve(overlay)) };
  return out === undefined ? named : { ...named, outPath: resolve(out), outName: displayPath(resolve(out)) };
}

function printWarnings(io: CliIo, warnings: readonly GeneratorWarning[]): void {
  for (const warning of warnings) io.err(`warning (${warning.from}): ${warning.message}\n`);
}

/** The Markdown table `make assumptions` has always printed. */
export function assumptionsTable(assumptions: readonly AssumptionModel[], source: string): string {
  const rows = assumptions.map(
    ({ pointer, text }, index) => `| ${index + 1} | \`${pointer}\` | ${text.replaceAll("|", "\\|")} |`,
  );
  return [
    `| # | JSON pointer | assumption |`,
    `|---|---|---|`,
    ...rows,
    "",
    `${assumptions.length} assumptions in ${source}`,
    "",
  ].join("\n");
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
