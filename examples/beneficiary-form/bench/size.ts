/**
 * `npm run bench` (`make bench`): the size of the example page's JavaScript as a browser downloads it, and the
 * share of it that is @account-funds/validators.
 *
 * Method: Vite builds the page three times with its production settings (minified, tree-shaken), without
 * writing files. Build 1 is the page as shipped. Build 2 is the same page with every module of the validators
 * package put in a chunk of its own (rolldown `codeSplitting` group), so the validators' code can be minified
 * and gzipped by itself. Build 3 replaces re2js, the RegEx engine of the AdditionalInformation rules, by an empty
 * module: the page as if the engine did not exist. Sizes are bytes of the minified files and of the same bytes
 * gzipped at level 9, as a server would send them. "Up front" is the entry and the chunks it imports
 * statically, what every visitor downloads; "on demand" the chunks behind a dynamic `import()`: the engine,
 * fetched when the first AdditionalInformation rule is checked. A form that never passes RegEx rules downloads
 * only the up-front part. gzip of a part alone is close to, not exactly, its share inside the whole file (the
 * two parts no longer share a dictionary), so the table also gives build 2's total.
 */
import { realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, version as viteVersion, type Rolldown } from "vite";

const EXAMPLE_DIR = fileURLToPath(new URL("..", import.meta.url));
/** Where the validators package really is (node_modules holds a workspace link to it). */
const VALIDATORS_DIR = dirname(
  realpathSync(createRequire(join(EXAMPLE_DIR, "package.json")).resolve("@account-funds/validators/package.json")),
);

const isValidatorsModule = (id: string): boolean => id.startsWith(VALIDATORS_DIR + sep);

interface Size {
  readonly minified: number;
  readonly gzipped: number;
}

function sizeOf(code: string): Size {
  const bytes = Buffer.from(code, "utf8");
  return { minified: bytes.byteLength, gzipped: gzipSync(bytes, { level: 9 }).byteLength };
}

function sum(sizes: readonly Size[]): Size {
  return sizes.reduce(
    (total, size) => ({ minified: total.minified + size.minified, gzipped: total.gzipped + size.gzipped }),
    {
      minified: 0,
      gzipped: 0,
    },
  );
}

/** A module that stands in for re2js in build 3. */
const EMPTY_RE2JS = "\0empty-re2js";

interface PageBuild {
  /** The entry and the chunks it imports statically. */
  readonly upFront: Rolldown.OutputChunk[];
  /** Chunks reached only through a dynamic `import()`. */
  readonly onDemand: Rolldown.OutputChunk[];
}

async function buildPage(variant: "shipped" | "split validators" | "without re2js"): Promise<PageBuild> {
  const result = await build({
    configFile: join(EXAMPLE_DIR, "vite.config.ts"),
    root: EXAMPLE_DIR,
    logLevel: "silent",
    plugins:
      variant === "without re2js"
        ? [
            {
              name: "empty-re2js",
              enforce: "pre",
              resolveId: (id: string) => (id === "re2js" ? EMPTY_RE2JS : undefined),
              load: (id: string) => (id === EMPTY_RE2JS ? "export const RE2JS = undefined;" : undefined),
            },
          ]
        : [],
    build: {
      write: false,
      rolldownOptions:
        variant === "split validators"
          ? { output: { codeSplitting: { groups: [{ name: "validators", test: isValidatorsModule }] } } }
          : {},
    },
  });
  if (!("output" in result) && !Array.isArray(result)) throw new Error("vite build returned a watcher");
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs
    .flatMap((output) => output.output)
    .filter((file): file is Rolldown.OutputChunk => file.type === "chunk");
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const upFront = new Set<Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk | undefined): void => {
    if (chunk === undefined || upFront.has(chunk)) return;
    upFront.add(chunk);
    for (const name of chunk.imports) visit(byName.get(name));
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  return { upFront: [...upFront], onDemand: chunks.filter((chunk) => !upFront.has(chunk)) };
}

type Align = "left" | "right";

function table(headers: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const cell = (text: string, column: number): string =>
    align[column] === "right" ? text.padStart(widths[column] ?? 0) : text.padEnd(widths[column] ?? 0);
  const line = (cells: readonly string[]): string => `| ${cells.map(cell).join(" | ")} |`;
  const rule = `| ${widths.map((width, column) => (align[column] === "right" ? `${"-".repeat(width - 1)}:` : "-".repeat(width))).join(" | ")} |`;
  return [line(headers), rule, ...rows.map(line)].join("\n");
}

const bytes = (n: number): string => `${n.toLocaleString("en-US")} B`;
const share = (part: number, whole: number): string => `${((part / whole) * 100).toFixed(0)} %`;

const shipped = await buildPage("shipped");
const split = await buildPage("split validators");
const withoutEngine = await buildPage("without re2js");

const page = sum(shipped.upFront.map((chunk) => sizeOf(chunk.code)));
const engine = sum(shipped.onDemand.map((chunk) => sizeOf(chunk.code)));
const pageWithoutEngine = sum(withoutEngine.upFront.map((chunk) => sizeOf(chunk.code)));
// Vite's dynamic-import helper (a virtual "\0" module) joins the chunk of the code that calls it: the validators'.
const validatorsChunks = split.upFront.filter(
  (chunk) =>
    chunk.moduleIds.some(isValidatorsModule) &&
    chunk.moduleIds.every((id) => isValidatorsModule(id) || id.startsWith("\0")),
);
const pageChunks = split.upFront.filter((chunk) => !validatorsChunks.includes(chunk));
if (validatorsChunks.length === 0) throw new Error("build 2 has no chunk of validators modules");
const validators = sum(validatorsChunks.map((chunk) => sizeOf(chunk.code)));
const own = sum(pageChunks.map((chunk) => sizeOf(chunk.code)));
const splitTotal = sum([validators, own]);

/** A table row: the files' sizes, and their gzipped share of the page as shipped. */
const row = (label: string, files: number, size: Size): string[] => [
  label,
  String(files),
  bytes(size.minified),
  bytes(size.gzipped),
  share(size.gzipped, page.gzipped),
];

const modules = validatorsChunks.flatMap((chunk) => Object.entries(chunk.modules));
const rendered = modules.reduce((total, [, module]) => total + module.renderedLength, 0);
const largest = [...modules].sort(([, a], [, b]) => b.renderedLength - a.renderedLength).slice(0, 8);

console.log(
  [
    "# beneficiary-form example: page JavaScript size",
    "",
    `Vite ${viteVersion}, production build (minified, tree-shaken); gzip level 9. The validators are ` +
      `@account-funds/validators as the page imports it (${relative(EXAMPLE_DIR, VALIDATORS_DIR)}/, its dist/ build).`,
    "Their share comes from a second build that puts the validators' modules in a chunk of their own (rolldown " +
      "`codeSplitting` group): that chunk is minified and gzipped by itself; the page's own code is the rest.",
    '"Up front" is what every visitor downloads (the entry and its static imports), and all that a form without ' +
      "AdditionalInformation RegEx rules ever downloads; the RegEx engine is a chunk fetched when the first rule is " +
      "checked. Build 3 replaces re2js by an empty module: the page as if the engine did not exist.",
    "",
    table(
      ["JavaScript", "files", "minified", "min+gzip", "of the page (min+gzip)"],
      [
        row("the page as shipped, up front (build 1)", shipped.upFront.length, page),
        row("the RegEx engine, on demand (build 1)", shipped.onDemand.length, engine),
        row("the page without re2js, up front (build 3)", withoutEngine.upFront.length, pageWithoutEngine),
        row("validators' share (build 2, validators chunk)", validatorsChunks.length, validators),
        row("the page's own code (build 2, the rest)", pageChunks.length, own),
        row("build 2 total, up front", split.upFront.length, splitTotal),
      ],
      ["left", "right", "right", "right", "right"],
    ),
    "",
    `The validators chunk holds ${modules.length} modules of the package (${bytes(rendered)} rendered before minification); the largest:`,
    "",
    table(
      ["module", "rendered"],
      largest.map(([id, module]) => [relative(VALIDATORS_DIR, id), bytes(module.renderedLength)]),
      ["left", "right"],
    ),
  ].join("\n"),
);
