/**
 * Reads the generator's own files that the output carries, once per run: the client runtime (generator/runtime/ and
 * its folders, copied into generated/src/runtime/ as they are, and read for the README's option and error tables) and
 * the package templates
 * (generator/templates/). The pipeline hands them to the emitters, which never read the disk (emit/emitter.ts).
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { GeneratorFiles, SourceText } from "./emit/emitter.js";
import { runtimeDirectory, templatesDirectory } from "./locations.js";

export async function readGeneratorFiles(
  directories: { readonly runtime: string; readonly templates: string } = {
    runtime: runtimeDirectory,
    templates: templatesDirectory,
  },
): Promise<GeneratorFiles> {
  const [runtime, templates] = await Promise.all([
    readFolder(
      directories.runtime,
      (name) => name.endsWith(".ts") && !name.endsWith(".d.ts") && !name.endsWith(".test.ts"),
      true,
    ),
    readFolder(directories.templates, () => true, false),
  ]);
  return { runtime, templates };
}

/**
 * The files of `directory` that `wanted` keeps, with those of its folders when `deep` (named by their path in it with
 * `/`: `errors/errors.ts`), sorted by that name.
 */
async function readFolder(directory: string, wanted: (name: string) => boolean, deep: boolean): Promise<SourceText[]> {
  const names = (await readdir(directory, { withFileTypes: true, recursive: deep }))
    .filter((entry) => entry.isFile() && wanted(entry.name))
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
  return Promise.all(names.map(async (name) => ({ name, text: await readFile(join(directory, name), "utf8") })));
}
