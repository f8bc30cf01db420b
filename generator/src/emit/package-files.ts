/**
 * The generated package's own files, copied verbatim from generator/templates/: `package.json` (exports,
 * dependencies), `tsconfig.json` (type check of src and tests), `tsconfig.build.json` (the build to dist/), and
 * `LICENSE` and `CHANGELOG.md`, which npm packs (`make version` copies the changelog and version that changesets
 * write into generated/ back here).
 * They are part of the generator, like its code: the pipeline reads them, this emitter copies them, never the spec.
 */
import { sourceText, type Emitter } from "./emitter.js";

export const packageTemplateFiles = [
  "package.json",
  "tsconfig.json",
  "tsconfig.build.json",
  "LICENSE",
  "CHANGELOG.md",
] as const;

export const packageFilesEmitter: Emitter = {
  name: "package-files",
  emit: ({ files }) =>
    packageTemplateFiles.map((path) => ({ path, contents: sourceText(files.templates, path, "templates") })),
};
