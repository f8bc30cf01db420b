/**
 * `make corpus`: generates a client from each public spec of specs.ts with this generator, openapi-typescript and
 * @hey-api/openapi-ts, type-checks every output under the project's strict tsconfig (TypeScript 7), and prints one
 * Markdown table: wall time, output size (the .ts files written), type errors. Opt-in (not in `make test`): it
 * needs generator/corpus/node_modules (`npm ci` there, from its own lock file, so the workspace's `npm ci` stays
 * small) and Node 22 for @hey-api/openapi-ts (tools/node-versions/22). Outputs stay in generator/corpus/out/.
 * Exit 1 when fewer than 9 of the specs generate and type-check with this generator.
 *
 * Environment: CORPUS_ONLY (a part of a spec's name), CORPUS_TOOLS (e.g. "account-funds"; default all three).
 */
import { spawn } from "node:child_process";
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { corpusSpecs, type CorpusSpec } from "./specs.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const outRoot = join(here, "out");
const tsc = join(root, "tools/typescript-7/node_modules/.bin/tsc");
const node22 = join(root, "tools/node-versions/22/node_modules/node/bin/node");

interface Tool {
  readonly name: string;
  /** The command that writes `out` from `spec`. */
  command(spec: string, out: string): readonly string[];
  /** The tsconfig `include` of its output, relative to `out`. */
  readonly include: readonly string[];
}

const tools: readonly Tool[] = [
  {
    name: "account-funds",
    command: (spec, out) => [
      process.execPath,
      join(root, "generator/dist/src/cli.js"),
      "generate",
      "--spec",
      spec,
      "--out",
      out,
    ],
    include: ["src"],
  },
  {
    name: "openapi-typescript",
    command: (spec, out) => [
      process.execPath,
      join(root, "node_modules/openapi-typescript/bin/cli.js"),
      spec,
      "-o",
      join(out, "types.ts"),
    ],
    include: ["*.ts"],
  },
  {
    name: "hey-api",
    command: (spec, out) => [node22, join(here, "node_modules/@hey-api/openapi-ts/bin/run.js"), "-i", spec, "-o", out],
    include: ["**/*.ts"],
  },
];

interface Outcome {
  readonly ok: boolean;
  readonly seconds: number;
  readonly bytes: number;
  /** Type errors, or undefined when nothing was generated. */
  readonly errors: number | undefined;
  readonly note: string;
}

function run(argv: readonly string[], cwd: string): Promise<{ code: number; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const [command = "", ...args] = argv;
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => void (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => void (output += chunk.toString()));
    child.on("close", (code) => resolve({ code: code ?? 1, output, seconds: (performance.now() - started) / 1000 }));
  });
}

async function tsBytes(directory: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".ts")) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

async function generateWith(tool: Tool, spec: CorpusSpec): Promise<Outcome> {
  const out = join(outRoot, tool.name, spec.name.replaceAll(/\W+/g, "-"));
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const generated = await run(tool.command(join(here, "node_modules", spec.file), out), root);
  if (generated.code !== 0) {
    const line =
      generated.output
        .trim()
        .split("\n")
        .find((text) => text.trim() !== "") ?? "";
    return {
      ok: false,
      seconds: generated.seconds,
      bytes: 0,
      errors: undefined,
      note: `exit ${generated.code}: ${line.slice(0, 160)}`,
    };
  }
  // The project's strict tsconfig (its root's), with the DOM's fetch types as the generated package has them.
  const tsconfig = {
    extends: relative(out, join(root, "tsconfig.json")),
    compilerOptions: { lib: ["ES2022", "DOM", "DOM.Iterable"], types: ["node"], noEmit: true },
    include: tool.include,
  };
  await writeFile(join(out, "tsconfig.json"), `${JSON.stringify(tsconfig, null, 2)}\n`);
  const checked = await run([tsc, "-p", join(out, "tsconfig.json")], root);
  const errors = (checked.output.match(/error TS\d+/g) ?? []).length;
  const first = /error TS\d+: .*/.exec(checked.output)?.[0] ?? "";
  return { ok: errors === 0, seconds: generated.seconds, bytes: await tsBytes(out), errors, note: first.slice(0, 160) };
}

function cell(outcome: Outcome | undefined): string {
  if (outcome === undefined) return "–";
  if (outcome.errors === undefined) return `**fails** (${outcome.seconds.toFixed(1)} s)`;
  const size =
    outcome.bytes >= 1e6 ? `${(outcome.bytes / 1e6).toFixed(1)} MB` : `${Math.round(outcome.bytes / 1e3)} kB`;
  return `${outcome.seconds.toFixed(1)} s, ${size}, ${outcome.errors === 0 ? "0 errors" : `**${outcome.errors} errors**`}`;
}

async function main(): Promise<void> {
  const only = process.env["CORPUS_ONLY"]?.toLowerCase();
  const wanted = process.env["CORPUS_TOOLS"]?.split(",").map((name) => name.trim());
  const chosenTools = tools.filter((tool) => wanted === undefined || wanted.includes(tool.name));
  const specs = corpusSpecs.filter((spec) => only === undefined || spec.name.toLowerCase().includes(only));
  const rows: string[] = [];
  const notes: string[] = [];
  let passed = 0;
  for (const spec of specs) {
    const outcomes = new Map<string, Outcome>();
    for (const tool of chosenTools) {
      process.stderr.write(`[corpus] ${spec.name}: ${tool.name}\n`);
      const outcome = await generateWith(tool, spec);
      outcomes.set(tool.name, outcome);
      if (outcome.note !== "" && !outcome.ok) notes.push(`- ${spec.name}, ${tool.name}: ${outcome.note}`);
    }
    if (outcomes.get("account-funds")?.ok === true) passed++;
    rows.push(
      `| ${spec.name} | ${spec.why} | ${chosenTools.map((tool) => cell(outcomes.get(tool.name))).join(" | ")} |`,
    );
  }
  const lines = [
    `| spec | why | ${chosenTools.map((tool) => tool.name).join(" | ")} |`,
    `|---|---|${chosenTools.map(() => "---").join("|")}|`,
    ...rows,
    "",
    `Each cell: wall time of the generator's CLI, size of the .ts files written, type errors under the project's strict tsconfig (TypeScript 7).`,
    `account-funds: ${passed} of ${specs.length} generate and type-check.`,
    ...(notes.length === 0 ? [] : ["", "First problem of each failing cell:", ...notes]),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
  if (chosenTools.some((tool) => tool.name === "account-funds") && specs.length === corpusSpecs.length && passed < 9)
    process.exitCode = 1;
}

await main();
