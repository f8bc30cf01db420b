/**
 * The order of the test files (vitest.config.ts, `sequence.sequencer`): the files tagged node-lines first, then the
 * others, each part project by project and, in a project, vitest's own order (failed first, then slowest first).
 * `make test` starts the other Node lines' runs of the tagged files once the unit run has ended its own
 * (node-lines-reporter.ts): they overlap its in-process rest, not its own process and socket tests. Vitest's order
 * (BaseSequencer) runs the projects one after another by name, which put the sandbox's tests near the end.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { isNodeLinesFile } from "./node-lines.js";

export class NodeLinesFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification): number => (isNodeLinesFile(file.moduleId) ? 0 : 1);
    // Array.prototype.sort is stable: within a rank, the projects and files keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
