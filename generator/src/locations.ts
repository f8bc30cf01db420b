/**
 * Where the generator's own files are: generator/ (runtime/ and templates/ are copied into the output; the pipeline
 * reads them, generator-files.ts) and the repository above it. Found from this module, which runs from src/ (tsx,
 * tests) or compiled from dist/src/ (`make generate`), so a path relative to it would differ between the two.
 */
import { basename, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const sourceDirectory = dirname(fileURLToPath(import.meta.url));

/** generator/. */
export const generatorDirectory = resolve(
  sourceDirectory,
  basename(dirname(sourceDirectory)) === "dist" ? "../.." : "..",
);

/** generator/runtime/: the client runtime, copied into generated/src/runtime/. */
export const runtimeDirectory = resolve(generatorDirectory, "runtime");

/** generator/templates/: the generated package's own files (package.json, tsconfig, LICENSE, CHANGELOG.md). */
export const templatesDirectory = resolve(generatorDirectory, "templates");

/** The repository the generator lives in: defaults and header names are relative to it, not to the cwd. */
export const repositoryRoot = resolve(generatorDirectory, "..");

export const defaultSpecPath = resolve(repositoryRoot, "spec/openapi.yaml");
export const defaultOutDirectory = resolve(repositoryRoot, "generated");
