/**
 * The review's layers (review/README.md, "Layers"): each step of `make review` in its own file or folder over the
 * shared helpers (processes, paths, the worker pool); the engine (diff/engine.ts) over the comparison (diff/compare/)
 * and the rules (diff/rules/), which only share the change model and a few tables; the reports over the result.
 * The generator is used only through its `exports` map (another package: not a layer).
 */
import { fileURLToPath } from "node:url";
import type { Floors } from "./import-graph.js";

/** The helpers every step may use: child processes, the temporary layout's paths, the pool of two. */
const helpers = ["src/exec.ts", "src/paths.ts", "src/pool.ts"];

export const reviewFloors: Floors = {
  name: "review",
  root: fileURLToPath(new URL("../../review/", import.meta.url)),
  sources: ["src"],
  rooms: {
    "src/exec.ts": [],
    "src/paths.ts": [],
    "src/pool.ts": [],
    // BASE: resolve the ref, extract the spec at it.
    "src/git": helpers,
    // The heavy steps in worker processes: generate a side, API Extractor.
    "src/workers": helpers,
    // The engine: the change model, the findings, names, the classification over the comparison and the rules.
    "src/diff": ["src/diff/rules", "src/diff/compare", ...helpers],
    // The comparison of two documents: every change, with its side and operations (not the rules that judge them).
    "src/diff/compare": ["src/diff/change.ts", "src/diff/media-types.ts", "src/diff/schema-keywords.ts"],
    // One rule per kind of change, over the change model (not the comparison, nor classify.ts, that asks them).
    "src/diff/rules": [
      "src/diff/change.ts",
      "src/diff/finding.ts",
      "src/diff/names.ts",
      "src/diff/media-types.ts",
      "src/diff/schema-keywords.ts",
    ],
    // Markdown, GitHub annotations, JSON: over the result and its parts.
    "src/report": ["src/result.ts", "src/assumptions.ts", "src/diff/finding.ts"],
    // The steps (bundle, API report, reference, consumers, acknowledgements), the result, the review and the CLI.
    "src/*": ["src/git", "src/workers", "src/diff", "src/diff/compare", "src/diff/rules", "src/report", ...helpers],
  },
};
