/**
 * The review's floors (review/README.md, "Floors"): each step of `make review` in its own file or folder over the
 * shared helpers (processes, paths, the worker pool); the diff engine over its rules over the facts of a change;
 * the reports over the result. The generator is used only through its `exports` map (another package: not a room).
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
    // The facts of one change, the findings, Redocly's diff: what the rules judge.
    "src/diff": ["src/diff/rules", ...helpers],
    // One rule per kind of change, over the facts (not the engine, classify.ts, that asks them).
    "src/diff/rules": ["src/diff/facts.ts", "src/diff/finding.ts", "src/diff/redocly.ts"],
    // Markdown, GitHub annotations, JSON: over the result and its parts.
    "src/report": ["src/result.ts", "src/assumptions.ts", "src/diff/finding.ts"],
    // The steps (bundle, API report, reference, consumers, acknowledgements), the result, the review and the CLI.
    "src/*": ["src/git", "src/workers", "src/diff", "src/diff/rules", "src/report", ...helpers],
  },
};
