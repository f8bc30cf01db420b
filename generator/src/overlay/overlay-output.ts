/**
 * The overlay's document as a file beside the generated package (sandbox/openapi.json, the sandbox's document):
 * made from the API's document as generated/openapi.json holds it (the model's `documentForLibraries`), written
 * in the same form (two-space JSON, final newline), or compared for `check`. And the assumptions of the two
 * documents, told apart: those the overlay adds or rewrites, and those of the API's it drops.
 */
import { readFile, writeFile } from "node:fs/promises";
import type { AssumptionModel, OpenApiDocument } from "../model/model.js";
import { collectAssumptions } from "../model/assumptions.js";
import { unifiedDiff } from "../write/line-diff.js";
import type { Drift } from "../write/check-files.js";
import { applyOverlay, readOverlay } from "./apply-overlay.js";

export interface OverlayOptions {
  /** The overlay file (`sandbox/openapi/overlay.yaml`). */
  readonly overlayPath: string;
  /** How messages name it. */
  readonly overlayName: string;
  /** Where its document is written (`sandbox/openapi.json`); needed by `generate` and `check` only. */
  readonly outPath?: string;
  /** How messages name the output. */
  readonly outName?: string;
}

/** The overlay's document, from the API's. */
export async function overlaidDocument(api: OpenApiDocument, options: OverlayOptions): Promise<OpenApiDocument> {
  return applyOverlay(api, await readOverlay(options.overlayPath, options.overlayName));
}

export function documentText(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Writes the document when its bytes changed; says which. */
export async function writeOverlaid(outPath: string, contents: string): Promise<"written" | "unchanged"> {
  if ((await readText(outPath)) === contents) return "unchanged";
  await writeFile(outPath, contents);
  return "written";
}

/** The drift of the file on disk from what `generate` would write, if any. */
export async function checkOverlaid(outPath: string, outName: string, contents: string): Promise<Drift | undefined> {
  const actual = await readText(outPath);
  if (actual === contents) return undefined;
  return {
    path: outName,
    kind: actual === undefined ? "missing" : "changed",
    diff: unifiedDiff(outName, actual, contents),
  };
}

/** The assumptions of the overlay's document that the API's does not have, and those of the API's it drops. */
export interface OverlayAssumptions {
  /** Added by the overlay, or rewritten by it (the same pointer, another text). */
  readonly adds: readonly AssumptionModel[];
  /** The API document's, at pointers the overlay's document no longer has an assumption at. */
  readonly drops: readonly AssumptionModel[];
}

export function overlayAssumptions(api: readonly AssumptionModel[], overlaid: OpenApiDocument): OverlayAssumptions {
  const own = collectAssumptions(overlaid);
  const apiTexts = new Map(api.map((assumption) => [assumption.pointer, assumption.text]));
  const pointers = new Set(own.map((assumption) => assumption.pointer));
  return {
    adds: own.filter((assumption) => apiTexts.get(assumption.pointer) !== assumption.text),
    drops: api.filter((assumption) => !pointers.has(assumption.pointer)),
  };
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch {
    return undefined;
  }
}
