/**
 * A vitest reporter for `make test` (Makefile, `unit`): once every test file tagged node-lines has ended in this run
 * (the sequencer runs them first), it creates the file NODE_LINES_DONE names, at which the other Node lines start
 * their runs of the same files; at the end of the run it creates it in any case. Without NODE_LINES_DONE it does
 * nothing.
 */
import { writeFileSync } from "node:fs";
import type { Reporter, TestModule, TestSpecification } from "vitest/node";
import { isNodeLinesFile } from "./node-lines.js";

export default class NodeLinesReporter implements Reporter {
  private readonly signal = process.env["NODE_LINES_DONE"];
  private readonly pending = new Set<string>();
  private signalled = false;

  onTestRunStart(specifications: readonly TestSpecification[]): void {
    for (const { moduleId } of specifications) if (isNodeLinesFile(moduleId)) this.pending.add(moduleId);
    if (this.pending.size === 0) this.done();
  }

  onTestModuleEnd(testModule: TestModule): void {
    this.pending.delete(testModule.moduleId);
    if (this.pending.size === 0) this.done();
  }

  onTestRunEnd(): void {
    this.done();
  }

  private done(): void {
    if (this.signal === undefined || this.signal === "" || this.signalled) return;
    this.signalled = true;
    writeFileSync(this.signal, `${new Date().toISOString()}\n`);
  }
}
