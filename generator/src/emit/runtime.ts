/**
 * `src/runtime/*.ts`: the client's hand-written runtime (generator/runtime/), copied verbatim behind the
 * generated-file header. The runtime knows nothing of this API's operations; the façade hands it the metadata.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { generatorDirectory } from "../locations.js";
import { generatedHeader } from "../print/header.js";
import type { EmittedFile, Emitter } from "./emitter.js";

/** generator/runtime/, next to generator/src/. */
export const runtimeDirectory = join(generatorDirectory, "runtime");

export async function runtimeFiles(directory: string = runtimeDirectory): Promise<{ readonly name: string; readonly text: string }[]> {
  const names = (await readdir(directory, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") && !entry.name.endsWith(".test.ts"))
    .map((entry) => entry.name)
    .sort();
  return Promise.all(names.map(async (name) => ({ name, text: await readFile(join(directory, name), "utf8") })));
}

export const runtimeEmitter: Emitter = {
  name: "runtime",
  async emit(model) {
    const files = await runtimeFiles();
    return files.map(
      ({ name, text }): EmittedFile => ({
        path: `src/runtime/${name}`,
        contents: `${generatedHeader(model.source, `Client runtime: generator/runtime/${name}, copied verbatim.`)}\n${text.replaceAll("\r\n", "\n")}`,
      }),
    );
  },
};
