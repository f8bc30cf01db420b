/**
 * Bundle size: what a browser app pays for an import, measured as esbuild would ship it (bundled, minified,
 * tree-shaken ESM for the browser) and then gzipped at level 9.
 */
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

export interface SizeEntry {
  readonly name: string;
  /** The module that is bundled, as a user would write it. */
  readonly source: string;
}

export interface SizeResult extends SizeEntry {
  readonly minified: number;
  readonly gzipped: number;
}

const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));
const OUR_INDEX = fileURLToPath(new URL("../src/index.ts", import.meta.url));

export const SIZE_ENTRIES = {
  oursIban: { name: "ours: `validateIban` only", source: `export { validateIban } from ${JSON.stringify(OUR_INDEX)};` },
  oursAll: { name: "ours: whole package", source: `export * from ${JSON.stringify(OUR_INDEX)};` },
  ibantoolsIban: {
    name: "ibantools: `isValidIBAN` + `electronicFormatIBAN`",
    source: `export { isValidIBAN, electronicFormatIBAN } from "ibantools";`,
  },
  ibantoolsAll: { name: "ibantools: whole package", source: `export * from "ibantools";` },
} as const satisfies Record<string, SizeEntry>;

export async function measureSize(entry: SizeEntry): Promise<SizeResult> {
  const result = await build({
    stdin: { contents: entry.source, resolveDir: PACKAGE_DIR, sourcefile: "entry.ts", loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    treeShaking: true,
    write: false,
    logLevel: "silent",
  });
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error(`esbuild wrote nothing for ${entry.name}`);
  return { ...entry, minified: output.contents.byteLength, gzipped: gzipSync(output.contents, { level: 9 }).byteLength };
}
