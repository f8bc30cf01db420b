/**
 * Bundle size, minified and gzipped (level 9): esbuild bundles for the browser (ESM, minified, undici external)
 * of our client's core (`createAccountFundsClient` alone), of the whole main entry, and of openapi-fetch alone.
 * Code splitting is on, so what a bundler would load lazily (a dynamic `import()`, e.g. the precompiled
 * validators) lands in chunks of its own: "eager" is the entry chunk and the chunks it imports statically,
 * "lazy" the rest. gzip is per file, as a server would send them.
 */
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Metafile, type OutputFile, type Plugin } from "esbuild";
import { generatedDirectory, generatedSourceEntry } from "./paths.js";

export type SizeEntryId = "core" | "core-without-validators" | "entry" | "openapi-fetch";

export interface SizeEntry {
  readonly id: SizeEntryId;
  readonly name: string;
  /** Module source, resolved from generated/ (so openapi-fetch is the client's own dependency). */
  readonly contents: string;
  /** Leave the precompiled ajv validators (generated/src/validators.ts or validators/*.ts) out of the bundle. */
  readonly withoutValidators?: boolean;
}

export interface SizeResult {
  readonly id: SizeEntryId;
  readonly name: string;
  readonly eager: { readonly minified: number; readonly gzipped: number; readonly files: number };
  readonly lazy: { readonly minified: number; readonly gzipped: number; readonly files: number };
}

export const SIZE_ENTRIES: readonly SizeEntry[] = [
  {
    id: "core",
    name: "our client core: `createAccountFundsClient` only",
    contents: `export { createAccountFundsClient } from ${JSON.stringify(generatedSourceEntry)};`,
  },
  {
    id: "core-without-validators",
    name: "our client core without the precompiled validators",
    contents: `export { createAccountFundsClient } from ${JSON.stringify(generatedSourceEntry)};`,
    withoutValidators: true,
  },
  {
    id: "entry",
    name: "our whole main entry (`export *`)",
    contents: `export * from ${JSON.stringify(generatedSourceEntry)};`,
  },
  {
    id: "openapi-fetch",
    name: "openapi-fetch alone (`createClient`)",
    contents: `export { default } from "openapi-fetch";`,
  },
];

const OUT = "/out";

/** Absolute paths of the outputs reached from `entry` by static imports (the entry itself included). */
function eagerOutputs(metafile: Metafile, entry: string): Set<string> {
  const reached = new Set<string>();
  const visit = (path: string): void => {
    if (reached.has(path)) return;
    reached.add(path);
    for (const imported of metafile.outputs[path]?.imports ?? []) {
      if (imported.kind === "import-statement" && !imported.external) visit(imported.path);
    }
  };
  visit(entry);
  return new Set([...reached].map((path) => resolve(generatedDirectory, path)));
}

/** Marks the generated validators modules external: what the core weighs without them. */
const validatorsExternal: Plugin = {
  name: "validators-external",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\/validators(?:\/[\w-]+)?\.js$/ }, (args) => ({
      path: args.path,
      external: true,
    }));
  },
};

export async function measureSize(entry: SizeEntry): Promise<SizeResult> {
  const result = await build({
    absWorkingDir: generatedDirectory, // metafile paths are relative to it
    stdin: { contents: entry.contents, resolveDir: generatedDirectory, sourcefile: `${entry.id}.ts`, loader: "ts" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    external: ["undici"],
    outdir: OUT,
    write: false,
    metafile: true,
    logLevel: "silent",
    plugins: entry.withoutValidators === true ? [validatorsExternal] : [],
  });
  const entryOutput = Object.entries(result.metafile.outputs).find(
    ([, output]) => output.entryPoint !== undefined,
  )?.[0];
  if (entryOutput === undefined) throw new Error(`esbuild produced no entry chunk for ${entry.id}`);
  const eager = eagerOutputs(result.metafile, entryOutput);
  const sum = (files: readonly OutputFile[]) => ({
    minified: files.reduce((total, file) => total + file.contents.byteLength, 0),
    gzipped: files.reduce((total, file) => total + gzipSync(file.contents, { level: 9 }).byteLength, 0),
    files: files.length,
  });
  const js = result.outputFiles.filter((file) => file.path.endsWith(".js"));
  return {
    id: entry.id,
    name: entry.name,
    eager: sum(js.filter((file) => eager.has(file.path))),
    lazy: sum(js.filter((file) => !eager.has(file.path))),
  };
}
