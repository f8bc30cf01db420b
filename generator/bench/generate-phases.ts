/**
 * Child process of generate-time.ts: one generator run in-process, timed by phase (load = bundle + model, each
 * emitter, write), printed as JSON `[{ name, ms }]` on stdout. Usage: `tsx generate-phases.ts <out directory>`.
 * The process start (Node, tsx, imports) is the first phase, measured from the process's own start.
 */
import { emitters } from "../src/emit/index.js";
import { emitFiles, loadModel } from "../src/pipeline.js";
import { writeFiles } from "../src/write/write-files.js";
import type { EmittedFile } from "../src/emit/emitter.js";
import { redoclyConfig, specRoot } from "./paths.js";
import type { GeneratePhase } from "./generate-time.js";

async function main(outDirectory: string): Promise<void> {
  const phases: GeneratePhase[] = [{ name: "start-up (node, tsx, imports)", ms: performance.now() }];
  const timed = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await run();
    phases.push({ name, ms: performance.now() - started });
    return result;
  };
  const loaded = await timed("load: bundle + model", () => loadModel({ specPath: specRoot, configPath: redoclyConfig }));
  const files: EmittedFile[] = [];
  for (const emitter of emitters) {
    const emitted = await timed(`emit: ${emitter.name}`, () => emitFiles(loaded.model, [emitter], loaded.locate));
    files.push(...emitted.files);
  }
  await timed("write", () => writeFiles(outDirectory, files));
  process.stdout.write(`${JSON.stringify(phases)}\n`);
}

const [outDirectory] = process.argv.slice(2);
if (outDirectory === undefined) {
  process.stderr.write("usage: tsx generate-phases.ts <out directory>\n");
  process.exitCode = 64;
} else {
  main(outDirectory).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
