/**
 * The test files tagged node-lines (README, "Where a test goes"): those whose text names the tag, as the Makefile's
 * `grep -lw node-lines` finds them for `make test-node`. The unit run's order (sequencer.ts) and its signal to the
 * other Node lines (node-lines-reporter.ts) read the same files.
 */
import { readFileSync } from "node:fs";

const tagged = new Map<string, boolean>();

/** Whether the test file at `path` (absolute) is tagged node-lines, in the whole file or on one of its tests. */
export function isNodeLinesFile(path: string): boolean {
  let found = tagged.get(path);
  if (found === undefined) {
    try {
      found = /(?<![\w])node-lines(?![\w])/.test(readFileSync(path, "utf8"));
    } catch {
      found = false;
    }
    tagged.set(path, found);
  }
  return found;
}
