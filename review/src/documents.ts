/**
 * An OpenAPI document as the review reads it: through the generator's loader (`loadSpec`), so a multi-file spec is
 * bundled, an OpenAPI 3.0 document is upgraded to 3.1 (openapi-format's converter), and the result is what the
 * generator itself would read. A document that cannot be loaded is a ReviewError (exit 2), with the loader's
 * file#pointer message.
 */
import { loadSpec } from "@account-funds/generator/load";
import { formatSpecProblem, specProblemsOf } from "@account-funds/generator/spec-error";
import type { JsonObject } from "@account-funds/generator/json-pointer";
import type { SourceLocator } from "@account-funds/generator/source-locator";

export interface LoadedDocument {
  readonly document: JsonObject;
  /** The version the file declared: "3.0" documents were upgraded. */
  readonly sourceVersion: string;
  /** From a pointer into `document` to the source file and pointer it came from. */
  readonly locate: SourceLocator;
}

export async function loadDocument(specPath: string, configPath?: string): Promise<LoadedDocument> {
  const spec = await loadSpec({ specPath, ...(configPath === undefined ? {} : { configPath }) });
  return { document: spec.document, sourceVersion: spec.sourceVersion, locate: spec.locate };
}

/** A loader failure as one readable message. */
export function describeLoadError(thrown: unknown): string {
  const problems = specProblemsOf(thrown);
  if (problems !== undefined) return problems.map(formatSpecProblem).join("\n");
  return thrown instanceof Error ? thrown.message : String(thrown);
}
