/**
 * Reads the generator's own files that the output carries, once per run: the client runtime (generator/runtime/,
 * copied into generated/src/runtime/ and read for the README's option and error tables) and the package templates
 * (generator/templates/). The pipeline hands them to the emitters, which never read the disk (emit/emitter.ts).
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
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
    ),
    readFolder(directories.templates, () => true),
  ]);
  return { runtime, templates };
}

/** The files of `directory` (not its folders) that `wanted` keeps, sorted by name. */
async function readFolder(directory: string, wanted: (name: string) => boolean): Promise<SourceText[]> {
  const names = (await readdir(directory, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && wanted(entry.name))
    .map((entry) => entry.name)
    .sort();
  return Promise.all(names.map(async (name) => ({ name, text: await readFile(join(directory, name), "utf8") })));
}
