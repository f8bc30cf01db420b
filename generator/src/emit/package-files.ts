/**
 * The generated package's own files, copied verbatim from generator/templates/: `package.json` (exports,
 * dependencies), `tsconfig.json` (type check of src and tests), `tsconfig.build.json` (the build to dist/), and
 * `LICENSE` and `CHANGELOG.md`, which npm packs (`make version` copies the changelog and version that changesets
 * write into generated/ back here).
 * They are part of the generator, like its code: this emitter reads them, never the spec.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { generatorDirectory } from "../locations.js";
import type { Emitter } from "./emitter.js";

export const packageTemplateFiles = ["package.json", "tsconfig.json", "tsconfig.build.json", "LICENSE", "CHANGELOG.md"] as const;

const templatesDirectory = join(generatorDirectory, "templates");

export const packageFilesEmitter: Emitter = {
  name: "package-files",
  emit: async () =>
    Promise.all(
      packageTemplateFiles.map(async (path) => ({ path, contents: await readFile(join(templatesDirectory, path), "utf8") })),
    ),
};
