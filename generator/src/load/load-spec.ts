/**
 * The loader: bundle the split spec, normalise the bundle, check it is a document the generator understands,
 * and keep a way back from bundle pointers to source files for error messages.
 */
import { bundleSpec, type BundleOptions } from "./bundle-spec.js";
import { displayPath } from "./display-path.js";
import { normalizeBundle } from "./normalize-bundle.js";
import { createSourceLocator, type SourceLocator } from "./source-locator.js";
import { SpecError, type SpecProblem } from "../spec/spec-error.js";

export interface LoadedSpec {
  /** Bundled and normalised: what generated/openapi.json holds. */
  readonly document: { readonly [key: string]: unknown };
  /** Absolute path of the root file. */
  readonly rootFile: string;
  /** Bundler warnings (file and pointer in the source). */
  readonly warnings: readonly SpecProblem[];
  /** Maps a pointer into `document` to the source file and pointer it came from. */
  readonly locate: SourceLocator;
}

export async function loadSpec(options: BundleOptions): Promise<LoadedSpec> {
  const bundled = await bundleSpec(options);
  const document = normalizeBundle(bundled.document);
  const version = document["openapi"];
  if (typeof version !== "string" || !/^3\.1\.\d+$/.test(version)) {
    const found = typeof version === "string" ? `openapi: ${version}` : "no `openapi` version";
    throw new SpecError({
      file: displayPath(bundled.rootFile),
      pointer: "/openapi",
      reason: `an OpenAPI 3.1 document is required (found ${found})`,
    });
  }
  return {
    document,
    rootFile: bundled.rootFile,
    warnings: bundled.warnings,
    locate: createSourceLocator(bundled.rootFile, bundled.files),
  };
}
