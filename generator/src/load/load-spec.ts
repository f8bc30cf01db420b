/**
 * The loader: bundle the split spec, check it is OpenAPI 3.0 or 3.1, upgrade a 3.0 document to 3.1, normalise
 * the bundle, and keep a way back from bundle pointers to source files for error messages.
 */
import { bundleSpec, type BundleOptions } from "./bundle-spec.js";
import { displayPath } from "./display-path.js";
import { normalizeBundle } from "./normalize-bundle.js";
import { createSourceLocator, type SourceLocator } from "./source-locator.js";
import { openApiVersionOf, upgradeOpenApi30To31, type OpenApiVersion } from "./upgrade-openapi-3-0.js";
import { SpecError, type SpecProblem } from "../json-pointer/spec-error.js";

export interface LoadedSpec {
  /** Bundled, upgraded to 3.1 and normalised: what generated/openapi.json holds. */
  readonly document: { readonly [key: string]: unknown };
  /** The version the source declared (a 3.0 source was upgraded to 3.1 on load). */
  readonly sourceVersion: OpenApiVersion;
  /** Absolute path of the root file. */
  readonly rootFile: string;
  /** Bundler warnings (file and pointer in the source). */
  readonly warnings: readonly SpecProblem[];
  /** Maps a pointer into `document` to the source file and pointer it came from. */
  readonly locate: SourceLocator;
}

export async function loadSpec(options: BundleOptions): Promise<LoadedSpec> {
  const bundled = await bundleSpec(options);
  const sourceVersion = openApiVersionOf(bundled.document);
  if (sourceVersion === undefined) {
    const version = bundled.document["openapi"];
    const found = typeof version === "string" ? `openapi: ${version}` : "no `openapi` version";
    throw new SpecError({
      file: displayPath(bundled.rootFile),
      pointer: "/openapi",
      reason: `an OpenAPI 3.0 or 3.1 document is required (found ${found})`,
    });
  }
  const document = normalizeBundle(await upgradeOpenApi30To31(bundled.document));
  return {
    document,
    sourceVersion,
    rootFile: bundled.rootFile,
    warnings: bundled.warnings,
    locate: createSourceLocator(bundled.rootFile, bundled.files),
  };
}
